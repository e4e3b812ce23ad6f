import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People (PEOPLE_FILE): a chat belongs to the person who started it (`owner`, their id; 'guest' for the shared
 * code's guest space) until they share it with the circle (`shared`, by whom and when). Chats from before people
 * were configured have no owner and stay visible to everyone. An upload not yet sent belongs to its uploader.
 * Who may see what is decided in one place, sessions/chat-access.ts.
 */
export class People1764800000000 implements MigrationInterface {
  name = 'People1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE chat_sessions
        ADD COLUMN owner varchar(64) NULL,
        ADD COLUMN shared boolean NOT NULL DEFAULT false,
        ADD COLUMN shared_by varchar(64) NULL,
        ADD COLUMN shared_at timestamptz NULL,
        ADD CONSTRAINT chat_sessions_shared_when CHECK (shared = (shared_at IS NOT NULL))`);
    await db.query(`CREATE INDEX chat_sessions_owner ON chat_sessions (owner, updated_at DESC, id DESC)`);
    await db.query(`ALTER TABLE chat_attachments ADD COLUMN owner varchar(64) NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_attachments DROP COLUMN owner`);
    await db.query(`DROP INDEX chat_sessions_owner`);
    await db.query(`
      ALTER TABLE chat_sessions
        DROP CONSTRAINT chat_sessions_shared_when,
        DROP COLUMN shared_at,
        DROP COLUMN shared_by,
        DROP COLUMN shared,
        DROP COLUMN owner`);
  }
}
