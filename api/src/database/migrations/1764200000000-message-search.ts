import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search across every chat (GET /api/chat/search). Users write English and German, so each text
 * is indexed under both configurations: English stems ("gardens" finds "garden"), German stems ("Häuser"
 * finds "Haus", "Gärten" finds "Garten"), and a word of neither survives both unchanged. Tried against
 * 'simple' alone (no stemming: "tomato" misses "tomatoes") and one language alone (the other's plurals
 * miss).
 *
 * The vectors are stored generated columns, so ranking reads them instead of parsing every matching text
 * again. A reply being written (streaming, checkpointed every second) and a system message get no vector:
 * neither is searchable, and a checkpoint costs no parsing. The queries are in ../../chat/history-search/.
 */
export class MessageSearch1764200000000 implements MigrationInterface {
  name = 'MessageSearch1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE chat_messages ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        CASE WHEN streaming OR role NOT IN ('user', 'assistant') THEN NULL
             ELSE to_tsvector('english'::regconfig, content) || to_tsvector('german'::regconfig, content) END
      ) STORED`);
    await db.query(`CREATE INDEX chat_messages_search ON chat_messages USING gin (search_vector)`);
    // A title weighs more than a summary (A and B; messages are D), so a chat named for the words ranks first.
    await db.query(`
      ALTER TABLE chat_sessions ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, title) || to_tsvector('german'::regconfig, title), 'A') ||
        setweight(
          to_tsvector('english'::regconfig, COALESCE(summary, '')) || to_tsvector('german'::regconfig, COALESCE(summary, '')),
          'B'
        )
      ) STORED`);
    await db.query(`CREATE INDEX chat_sessions_search ON chat_sessions USING gin (search_vector)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX chat_sessions_search`);
    await db.query(`ALTER TABLE chat_sessions DROP COLUMN search_vector`);
    await db.query(`DROP INDEX chat_messages_search`);
    await db.query(`ALTER TABLE chat_messages DROP COLUMN search_vector`);
  }
}
