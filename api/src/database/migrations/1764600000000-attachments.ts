import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Attachments in tables of their own, never inside message rows: replicas share them through the database and
 * message lists stay as fast as before. A file belongs to its chat once sent (deleted with it); until then it
 * has no chat, and the sweeper removes it after a day. A message may show a file more than once over its
 * versions (regenerate and edit copy the question), hence the link table. A document's text is kept in parts
 * with a search vector, so a document too big for the model is read by its parts most relevant to the question.
 */
export class Attachments1764600000000 implements MigrationInterface {
  name = 'Attachments1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE chat_attachments (
        id uuid PRIMARY KEY,
        agent_type varchar(64) NOT NULL,
        session_id uuid REFERENCES chat_sessions(id) ON DELETE CASCADE,
        kind varchar(16) NOT NULL CHECK (kind IN ('image', 'document')),
        name varchar(255) NOT NULL,
        media_type varchar(128) NOT NULL,
        size integer NOT NULL,
        content bytea NOT NULL,
        thumbnail bytea,
        width integer,
        height integer,
        pages integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX chat_attachments_session ON chat_attachments (session_id)`);
    await db.query(`CREATE INDEX chat_attachments_unsent ON chat_attachments (created_at) WHERE session_id IS NULL`);
    await db.query(`
      CREATE TABLE chat_attachment_parts (
        attachment_id uuid NOT NULL REFERENCES chat_attachments(id) ON DELETE CASCADE,
        ordinal integer NOT NULL,
        label text NOT NULL,
        page integer,
        text text NOT NULL,
        tokens integer NOT NULL,
        search tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED,
        PRIMARY KEY (attachment_id, ordinal)
      )`);
    await db.query(`
      CREATE TABLE chat_message_attachments (
        message_id bigint NOT NULL REFERENCES chat_messages(id) ON DELETE CASCADE,
        attachment_id uuid NOT NULL REFERENCES chat_attachments(id) ON DELETE CASCADE,
        position smallint NOT NULL,
        read_parts integer[],
        read_summary text,
        PRIMARY KEY (message_id, attachment_id)
      )`);
    await db.query(`CREATE INDEX chat_message_attachments_attachment ON chat_message_attachments (attachment_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE chat_message_attachments`);
    await db.query(`DROP TABLE chat_attachment_parts`);
    await db.query(`DROP TABLE chat_attachments`);
  }
}
