import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tools a reply called, kept with it (what it asked, what came back, how long it took). */
export class ToolCalls1764700000000 implements MigrationInterface {
  name = 'ToolCalls1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_messages ADD COLUMN tool_calls jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_messages DROP COLUMN tool_calls`);
  }
}
