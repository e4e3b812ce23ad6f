import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Agents' knowledge files (an agent file's `knowledge`), read into passages the turns choose from. A file is one row
 * by its path under AGENTS_DIR, however many agents name it, with the hash of the bytes last read, so an unchanged
 * file is never read twice, and its status (indexing, ready, failed with the reason a user can act on).
 *
 * Passages are ranked by full text (English and German stems, the file's label weighing more) and, for names and
 * codes a stemmer breaks ("LDL-C", "AX-4432"), by trigram similarity. pg_trgm ships with PostgreSQL (the embedded
 * server's packages and the usual servers have it) and is a trusted extension, but a server may still lack it or
 * refuse it: then no trigram index is made, and the ranking uses full text alone (see knowledge/trigram.ts).
 */
export class Knowledge1764900000000 implements MigrationInterface {
  name = 'Knowledge1764900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE knowledge_files (
        id bigserial PRIMARY KEY,
        path text NOT NULL UNIQUE,
        content_hash text NULL,
        status varchar(16) NOT NULL CHECK (status IN ('indexing', 'ready', 'failed')),
        reason text NULL,
        media_type varchar(128) NULL,
        pages integer NULL,
        table_rows integer NULL,
        passages integer NOT NULL DEFAULT 0,
        tokens integer NOT NULL DEFAULT 0,
        embedding_model text NULL,
        indexed_at timestamptz NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE knowledge_passages (
        id bigserial PRIMARY KEY,
        file_id bigint NOT NULL REFERENCES knowledge_files (id) ON DELETE CASCADE,
        ordinal integer NOT NULL,
        label text NOT NULL,
        page integer NULL,
        first_row integer NULL,
        last_row integer NULL,
        text text NOT NULL,
        tokens integer NOT NULL,
        embedding real[] NULL,
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english'::regconfig, label) || to_tsvector('german'::regconfig, label), 'A') ||
          setweight(to_tsvector('english'::regconfig, text) || to_tsvector('german'::regconfig, text), 'B')
        ) STORED,
        UNIQUE (file_id, ordinal)
      )`);
    await db.query(`CREATE INDEX knowledge_passages_search ON knowledge_passages USING gin (search)`);
    const schema = await trigramSchema(db);
    if (schema)
      await db.query(
        `CREATE INDEX knowledge_passages_trigram ON knowledge_passages USING gin (text ${quoted(schema)}.gin_trgm_ops)`,
      );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE knowledge_passages`);
    await db.query(`DROP TABLE knowledge_files`);
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Where pg_trgm's functions are, installing it when it is not: in public, which outlives any one schema (a test's
 * schema is dropped with everything in it), else in the current schema; undefined when the server refuses both.
 */
async function trigramSchema(db: QueryRunner): Promise<string | undefined> {
  const installed = async () =>
    (
      (await db.query(
        `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
      )) as Array<{ schema: string }>
    )[0]?.schema;
  const already = await installed();
  if (already) return already;
  for (const statement of [
    'CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public',
    'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  ]) {
    await db.query('SAVEPOINT knowledge_trigram');
    try {
      await db.query(statement);
      await db.query('RELEASE SAVEPOINT knowledge_trigram');
      return await installed();
    } catch {
      await db.query('ROLLBACK TO SAVEPOINT knowledge_trigram');
    }
  }
  return undefined;
}
