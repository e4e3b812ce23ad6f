import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stop asked of a reply that another process writes, through the database: its owner reads the flag
 * with its next checkpoint (once a second). Redis carries stops faster; this works without it.
 */
export class StopRequests1764500000000 implements MigrationInterface {
  name = 'StopRequests1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_messages ADD COLUMN stop_requested boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_messages DROP COLUMN stop_requested`);
  }
}
