import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What streaming turns and live reconfiguration keep: unfinished replies, their sources, a session's own persona. */
export class TurnState1763800000000 implements MigrationInterface {
  name = 'TurnState1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_messages ADD COLUMN incomplete boolean NOT NULL DEFAULT false`);
    await db.query(`ALTER TABLE chat_messages ADD COLUMN sources jsonb NULL`);
    await db.query(`ALTER TABLE chat_sessions ADD COLUMN persona jsonb NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_sessions DROP COLUMN persona`);
    await db.query(`ALTER TABLE chat_messages DROP COLUMN sources`);
    await db.query(`ALTER TABLE chat_messages DROP COLUMN incomplete`);
  }
}
