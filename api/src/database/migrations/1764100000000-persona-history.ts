import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every persona applied to a chat (pasted, applied from the persona panel, restored or reset), so a user
 * can see what changed and go back. `persona` null is the agent file's own persona (whatever it is now).
 * A chat's history is read newest first, hence the index.
 */
export class PersonaHistory1764100000000 implements MigrationInterface {
  name = 'PersonaHistory1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE chat_persona_history (
        id uuid PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
        persona jsonb NULL,
        description text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX chat_persona_history_by_session ON chat_persona_history (session_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE chat_persona_history`);
  }
}
