import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reply is a row from its first token: `streaming` while it is written, owned by one process that
 * renews its lease (`heartbeat_at`, the database's clock). At most one streaming reply per session
 * is a constraint, so every process sees the same answer to "is a reply being written here?".
 */
export class StreamingReplies1763900000000 implements MigrationInterface {
  name = 'StreamingReplies1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_messages ADD COLUMN streaming boolean NOT NULL DEFAULT false`);
    await db.query(`ALTER TABLE chat_messages ADD COLUMN owner_id text NULL`);
    await db.query(`ALTER TABLE chat_messages ADD COLUMN heartbeat_at timestamptz NULL`);
    await db.query(`
      ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_streaming_lease
        CHECK (NOT streaming OR (owner_id IS NOT NULL AND heartbeat_at IS NOT NULL))`);
    await db.query(
      `CREATE UNIQUE INDEX chat_messages_one_streaming_reply ON chat_messages (session_id) WHERE streaming`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX chat_messages_one_streaming_reply`);
    await db.query(`ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_streaming_lease`);
    await db.query(`ALTER TABLE chat_messages DROP COLUMN heartbeat_at`);
    await db.query(`ALTER TABLE chat_messages DROP COLUMN owner_id`);
    await db.query(`ALTER TABLE chat_messages DROP COLUMN streaming`);
  }
}
