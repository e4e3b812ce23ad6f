import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Named keys for the OpenAI-compatible API (/v1): only a hash of each key is kept, looked up by its unique index on
 * every request, so a revocation holds at once on every replica. A chat the API keeps is marked with its key's name,
 * and api_key_chats finds the key's chat a conversation continues (by the digest of its messages).
 */
export class ApiKeys1765100000000 implements MigrationInterface {
  name = 'ApiKeys1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        name varchar(100) NOT NULL,
        prefix varchar(32) NOT NULL,
        secret_hash bytea NOT NULL,
        agents text[],
        allow_confirm_tools boolean NOT NULL DEFAULT false,
        requests_per_minute integer CHECK (requests_per_minute > 0),
        owner_id varchar(64),
        expires_at timestamptz,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        tokens_used bigint NOT NULL DEFAULT 0,
        revoked_at timestamptz
      )`);
    await db.query(`CREATE UNIQUE INDEX api_keys_secret_hash ON api_keys (secret_hash)`);
    await db.query(`CREATE INDEX api_keys_owner_created ON api_keys (owner_id, created_at DESC)`);
    await db.query(`ALTER TABLE chat_sessions ADD COLUMN api_key_name varchar(100)`);
    await db.query(`
      CREATE TABLE api_key_chats (
        session_id uuid PRIMARY KEY REFERENCES chat_sessions (id) ON DELETE CASCADE,
        key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
        thread_digest bytea NOT NULL
      )`);
    await db.query(`CREATE INDEX api_key_chats_thread ON api_key_chats (key_id, thread_digest)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE api_key_chats`);
    await db.query(`ALTER TABLE chat_sessions DROP COLUMN api_key_name`);
    await db.query(`DROP TABLE api_keys`);
  }
}
