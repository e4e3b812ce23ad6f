import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Versions of a chat's last exchange (Regenerate, Edit message): a superseded message stays in its row, at
 * its order, marked `superseded`; every reader (listings, the model's context, summaries, search, export)
 * sees only the chosen version. `version` numbers the versions of an exchange (1, 2, …; null for an exchange
 * that never had a second). One order per session is now unique among chosen messages only, so the
 * versions of an exchange share its orders; a plain index keeps MAX(order) and the versions' lookups cheap.
 */
export class MessageVersions1764400000000 implements MigrationInterface {
  name = 'MessageVersions1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chat_messages ADD COLUMN superseded boolean NOT NULL DEFAULT false`);
    await db.query(`ALTER TABLE chat_messages ADD COLUMN version integer NULL CHECK (version >= 1)`);
    await db.query(`ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_session_order`);
    // Same name as the constraint it replaces: the reply store recognises its violations by it.
    await db.query(
      `CREATE UNIQUE INDEX chat_messages_session_order ON chat_messages (session_id, "order") WHERE NOT superseded`,
    );
    await db.query(`CREATE INDEX chat_messages_session_all_orders ON chat_messages (session_id, "order")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM chat_messages WHERE superseded`);
    await db.query(`DROP INDEX chat_messages_session_all_orders`);
    await db.query(`DROP INDEX chat_messages_session_order`);
    await db.query(`ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_session_order UNIQUE (session_id, "order")`);
    await db.query(`ALTER TABLE chat_messages DROP COLUMN version`);
    await db.query(`ALTER TABLE chat_messages DROP COLUMN superseded`);
  }
}
