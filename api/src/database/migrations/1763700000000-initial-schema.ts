import type { MigrationInterface, QueryRunner } from 'typeorm';

// Plain SQL that PostgreSQL 15 (production) and PGlite's 18 (embedded) both accept.
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE chat_sessions (
        id uuid PRIMARY KEY,
        agent_type varchar(64) NOT NULL,
        title varchar(200) NOT NULL,
        system_prompt text NULL,
        summary text NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX chat_sessions_recent ON chat_sessions (updated_at DESC, id DESC)`);
    await db.query(`CREATE INDEX chat_sessions_agent_recent ON chat_sessions (agent_type, updated_at DESC, id DESC)`);
    await db.query(`
      CREATE TABLE chat_messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
        role varchar(16) NOT NULL CHECK (role IN ('system', 'user', 'assistant')),
        content text NOT NULL,
        "order" integer NOT NULL CHECK ("order" >= 0),
        created_at timestamptz NOT NULL,
        CONSTRAINT chat_messages_session_order UNIQUE (session_id, "order")
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE chat_messages`);
    await db.query(`DROP TABLE chat_sessions`);
  }
}
