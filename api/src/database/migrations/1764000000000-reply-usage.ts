import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each reply cost and what produced it (usage, provenance), and how far the chat's rolling summary
 * reaches (`summary_through`: the order of the last message it covers), so a refresh reads only what is
 * new. Usage per agent and day is read by created_at, hence the index on assistant rows that have usage.
 */
export class ReplyUsage1764000000000 implements MigrationInterface {
  name = 'ReplyUsage1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_messages ADD COLUMN usage jsonb NULL`);
    await db.query(`ALTER TABLE chat_messages ADD COLUMN provenance jsonb NULL`);
    await db.query(`ALTER TABLE chat_sessions ADD COLUMN summary_through integer NULL`);
    await db.query(`CREATE INDEX chat_messages_usage_by_day ON chat_messages (created_at) WHERE usage IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX chat_messages_usage_by_day`);
    await db.query(`ALTER TABLE chat_sessions DROP COLUMN summary_through`);
    await db.query(`ALTER TABLE chat_messages DROP COLUMN provenance`);
    await db.query(`ALTER TABLE chat_messages DROP COLUMN usage`);
  }
}
