import type { EntityManager } from 'typeorm';
import type { NewAttachment } from './attachment.store';

/* The statements of attachments that run inside a transaction someone else holds: an upload's, an import's, a
   new version's or a withdrawn turn's. */

/** A withdrawn turn gives its files back to the draft: unsent again, so they are not deleted with a new chat. */
export async function releaseAttachments(tx: EntityManager, messageId: string): Promise<void> {
  await tx.query(
    `UPDATE chat_attachments SET session_id = NULL
     WHERE id IN (SELECT attachment_id FROM chat_message_attachments WHERE message_id = $1)
       AND NOT EXISTS (
         SELECT 1 FROM chat_message_attachments o WHERE o.attachment_id = chat_attachments.id AND o.message_id <> $1
       )`,
    [messageId],
  );
}

/** A new version of a question (regenerate, edit) shows the files the question had. */
export async function copyAttachmentLinks(
  tx: EntityManager,
  fromMessageId: string,
  toMessageId: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO chat_message_attachments (message_id, attachment_id, position, read_parts, read_summary)
     SELECT $2, attachment_id, position, read_parts, read_summary FROM chat_message_attachments WHERE message_id = $1`,
    [fromMessageId, toMessageId],
  );
}

/** One file and its document parts; `sessionId` null: an upload not sent yet. */
export async function insertAttachment(
  tx: EntityManager,
  id: string,
  sessionId: string | null,
  input: NewAttachment,
  uploader: string | null = null,
): Promise<void> {
  await tx.query(
    `INSERT INTO chat_attachments
       (id, agent_type, session_id, kind, name, media_type, size, content, thumbnail, width, height, pages, owner)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      id,
      input.agentType,
      sessionId,
      input.kind,
      input.name,
      input.mediaType,
      input.content.length,
      input.content,
      input.thumbnail ?? null,
      input.width ?? null,
      input.height ?? null,
      input.pages ?? null,
      uploader,
    ],
  );
  const parts = input.parts ?? [];
  if (parts.length)
    await tx.query(
      `INSERT INTO chat_attachment_parts (attachment_id, ordinal, label, page, text, tokens)
       SELECT $1, p.ordinal, p.label, p.page, p.text, p.tokens
       FROM unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::int[]) AS p(ordinal, label, page, text, tokens)`,
      [
        id,
        parts.map((_, i) => i),
        parts.map((p) => p.label),
        parts.map((p) => p.page ?? null),
        parts.map((p) => p.text),
        parts.map((p) => p.tokens),
      ],
    );
}
