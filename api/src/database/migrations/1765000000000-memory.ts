import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What agents with `memory` remember across chats: short facts, each the agent's and its owner's (a person's id,
 * 'guest', or null for the circle when no people are configured), where it came from (a chat, kept as null when
 * that chat is deleted: the fact stays until the user deletes it; or an import) and its times from the app's clock.
 */
export class Memory1765000000000 implements MigrationInterface {
  name = 'Memory1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE agent_memory_facts (
        id uuid PRIMARY KEY,
        agent_id varchar(64) NOT NULL,
        owner varchar(64) NULL,
        text text NOT NULL,
        source_session_id uuid NULL REFERENCES chat_sessions (id) ON DELETE SET NULL,
        origin varchar(16) NOT NULL CHECK (origin IN ('chat', 'import')),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX agent_memory_facts_owner ON agent_memory_facts (agent_id, owner, created_at, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE agent_memory_facts`);
  }
}
