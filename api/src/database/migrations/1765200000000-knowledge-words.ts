import type { MigrationInterface, QueryRunner } from 'typeorm';
import { storeWords } from '../../knowledge';

/**
 * Each knowledge file's vocabulary (its passages' distinct words), so a term no passage holds as asked (a misspelt
 * name) is matched by trigrams against a few thousand short words instead of the text of every passage. Files read
 * before get theirs from the passages already stored, without being read again. The trigram index is made only where
 * pg_trgm is (see the knowledge migration); without it, the words are kept but no trigram ranking reads them.
 */
export class KnowledgeWords1765200000000 implements MigrationInterface {
  name = 'KnowledgeWords1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE knowledge_words (
        file_id bigint NOT NULL REFERENCES knowledge_files (id) ON DELETE CASCADE,
        word text NOT NULL,
        PRIMARY KEY (file_id, word)
      )`);
    const [trigram] = (await db.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as Array<{ schema: string }>;
    if (trigram)
      await db.query(
        `CREATE INDEX knowledge_words_trigram ON knowledge_words USING gin (word "${trigram.schema.replace(/"/g, '""')}".gin_trgm_ops)`,
      );
    const files = (await db.query(`SELECT DISTINCT file_id FROM knowledge_passages`)) as Array<{ file_id: string }>;
    for (const { file_id } of files) {
      const passages = (await db.query(`SELECT text FROM knowledge_passages WHERE file_id = $1`, [file_id])) as Array<{
        text: string;
      }>;
      await storeWords(
        db,
        String(file_id),
        passages.map((passage) => passage.text),
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE knowledge_words`);
  }
}
