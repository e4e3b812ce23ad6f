import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A pinned chat is listed first; `pinned_at` is when it was pinned (newest pinned first), null when it is not.
 * Pinned chats are few, so a partial index holds only them.
 */
export class SessionPins1764300000000 implements MigrationInterface {
  name = 'SessionPins1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_sessions ADD COLUMN pinned_at timestamptz NULL`);
    await db.query(
      `CREATE INDEX chat_sessions_pinned ON chat_sessions (pinned_at DESC, id DESC) WHERE pinned_at IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX chat_sessions_pinned`);
    await db.query(`ALTER TABLE chat_sessions DROP COLUMN pinned_at`);
  }
}
