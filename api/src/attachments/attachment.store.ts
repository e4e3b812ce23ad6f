import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AttachmentKind } from '@mb/contracts/types/agent';
import { DataSource } from 'typeorm';
import { rowsOf } from '../common/sql-rows';
import { insertAttachment } from './attachment-statements';

/** What a file is, without its bytes: what lists and checks need. */
export interface AttachmentMeta {
  id: string;
  agentType: string;
  sessionId: string | null;
  kind: AttachmentKind;
  name: string;
  mediaType: string;
  size: number;
  width: number | null;
  height: number | null;
  pages: number | null;
  parts: number;
  createdAt: Date;
}

export interface NewAttachment {
  agentType: string;
  kind: AttachmentKind;
  name: string;
  mediaType: string;
  content: Buffer;
  thumbnail?: Buffer;
  width?: number;
  height?: number;
  pages?: number;
  parts?: Array<{ label: string; page?: number; text: string; tokens: number }>;
}

export interface StoredPart {
  attachmentId: string;
  ordinal: number;
  label: string;
  page: number | null;
  text: string;
  tokens: number;
}

/** One attachment of a sent message, with what the model read of it then. */
export interface MessageAttachment extends AttachmentMeta {
  messageId: string;
  position: number;
  readParts: number[] | null;
  readSummary: string | null;
}

/** How a message's attachments were read when it was sent: which parts of each document, said in words. */
export interface AttachmentReading {
  id: string;
  readParts?: number[];
  readSummary?: string;
}

interface MetaRow {
  id: string;
  agent_type: string;
  session_id: string | null;
  kind: AttachmentKind;
  name: string;
  media_type: string;
  size: number;
  width: number | null;
  height: number | null;
  pages: number | null;
  parts: number;
  created_at: Date;
}

const META_COLUMNS = `a.id, a.agent_type, a.session_id, a.kind, a.name, a.media_type, a.size, a.width, a.height, a.pages,
  (SELECT count(*)::int FROM chat_attachment_parts p WHERE p.attachment_id = a.id) AS parts, a.created_at`;

const toMeta = (row: MetaRow): AttachmentMeta => ({
  id: row.id,
  agentType: row.agent_type,
  sessionId: row.session_id,
  kind: row.kind,
  name: row.name,
  mediaType: row.media_type,
  size: row.size,
  width: row.width,
  height: row.height,
  pages: row.pages,
  parts: row.parts,
  createdAt: row.created_at,
});

/** Readings as the statements take them: one record per file, in the message's order. */
const readingsJson = (readings: AttachmentReading[]) =>
  JSON.stringify(
    readings.map((reading, position) => ({
      id: reading.id,
      position,
      read_parts: reading.readParts ?? null,
      read_summary: reading.readSummary ?? null,
    })),
  );

/** The SQL of attachments: files in a table of their own, a document's text in parts, and the links to messages. */
@Injectable()
export class AttachmentStore {
  constructor(private readonly db: DataSource) {}

  /** An upload, not yet sent: until then it is its uploader's alone (ownerOf the viewer; null: no people). */
  async insert(input: NewAttachment, uploader: string | null = null): Promise<AttachmentMeta> {
    const id = randomUUID();
    await this.db.transaction((tx) => insertAttachment(tx, id, null, input, uploader));
    return (await this.meta([id]))[0];
  }

  private rows<T = unknown>(sql: string, parameters: unknown[]): Promise<T[]> {
    return rowsOf<T>(this.db, this.db.manager, sql, parameters);
  }

  async meta(ids: string[]): Promise<AttachmentMeta[]> {
    if (!ids.length) return [];
    const rows = await this.db.query<MetaRow[]>(
      `SELECT ${META_COLUMNS} FROM chat_attachments a WHERE a.id = ANY($1::uuid[])`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, toMeta(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async content(id: string, which: 'content' | 'thumbnail'): Promise<{ meta: AttachmentMeta; bytes: Buffer } | null> {
    const [row] = await this.db.query<Array<MetaRow & { bytes: Buffer | null }>>(
      `SELECT ${META_COLUMNS}, a.${which} AS bytes FROM chat_attachments a WHERE a.id = $1`,
      [id],
    );
    return row?.bytes ? { meta: toMeta(row), bytes: row.bytes } : null;
  }

  /** Removes an upload nobody sent; a sent one stays with its message. */
  async deleteUnsent(id: string): Promise<'deleted' | 'sent' | 'missing'> {
    const deleted = await this.rows(`DELETE FROM chat_attachments WHERE id = $1 AND session_id IS NULL RETURNING id`, [
      id,
    ]);
    if (deleted.length) return 'deleted';
    return (await this.meta([id])).length ? 'sent' : 'missing';
  }

  /** Uploads never sent, older than `olderThanMs`: removed. Answers how many. */
  async sweepUnsent(olderThanMs: number): Promise<number> {
    const removed = await this.rows(
      `DELETE FROM chat_attachments WHERE session_id IS NULL AND created_at < now() - $1::int * interval '1 millisecond'
       RETURNING id`,
      [olderThanMs],
    );
    return removed.length;
  }

  /**
   * Sends uploads with a stored message: each is claimed for the message's chat (only if nobody sent it before)
   * and linked in order, with how it was read. Answers how many were claimed: fewer than asked means another
   * message took one first.
   */
  async link(sessionId: string, messageId: string, readings: AttachmentReading[]): Promise<number> {
    if (!readings.length) return 0;
    const rows = await this.rows(
      `WITH wanted AS (
         SELECT * FROM jsonb_to_recordset($3::jsonb) AS w(id uuid, position int, read_parts int[], read_summary text)
       ), claimed AS (
         UPDATE chat_attachments a SET session_id = $1 FROM wanted WHERE a.id = wanted.id AND a.session_id IS NULL
         RETURNING a.id
       )
       INSERT INTO chat_message_attachments (message_id, attachment_id, position, read_parts, read_summary)
       SELECT $2, wanted.id, wanted.position, wanted.read_parts, wanted.read_summary
       FROM wanted JOIN claimed ON claimed.id = wanted.id
       RETURNING attachment_id`,
      [sessionId, messageId, readingsJson(readings)],
    );
    return rows.length;
  }

  /** A sent message's files read anew (a refusal taught a smaller window): its links keep how each is read now. */
  async reread(messageId: string, readings: AttachmentReading[]): Promise<void> {
    if (!readings.length) return;
    await this.rows(
      `UPDATE chat_message_attachments l SET read_parts = r.read_parts, read_summary = r.read_summary
       FROM jsonb_to_recordset($2::jsonb) AS r(id uuid, read_parts int[], read_summary text)
       WHERE l.message_id = $1 AND l.attachment_id = r.id`,
      [messageId, readingsJson(readings)],
    );
  }

  /** The attachments of these messages, in each message's order. */
  async ofMessages(messageIds: string[]): Promise<Map<string, MessageAttachment[]>> {
    const byMessage = new Map<string, MessageAttachment[]>();
    if (!messageIds.length) return byMessage;
    const rows = await this.db.query<
      Array<
        MetaRow & { message_id: string; position: number; read_parts: number[] | null; read_summary: string | null }
      >
    >(
      `SELECT ${META_COLUMNS}, l.message_id, l.position, l.read_parts, l.read_summary
       FROM chat_message_attachments l JOIN chat_attachments a ON a.id = l.attachment_id
       WHERE l.message_id = ANY($1::bigint[])
       ORDER BY l.message_id, l.position`,
      [messageIds],
    );
    for (const row of rows) {
      const list = byMessage.get(String(row.message_id)) ?? [];
      list.push({
        ...toMeta(row),
        messageId: String(row.message_id),
        position: row.position,
        readParts: row.read_parts,
        readSummary: row.read_summary,
      });
      byMessage.set(String(row.message_id), list);
    }
    return byMessage;
  }

  /** The stored bytes of these files (photos for the model's view, any file for an export). */
  async contents(ids: string[]): Promise<Map<string, Buffer>> {
    if (!ids.length) return new Map();
    const rows = await this.db.query<Array<{ id: string; content: Buffer }>>(
      `SELECT id, content FROM chat_attachments WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.content]));
  }

  /** Parts of documents: all of them, or the chosen ordinals of each. */
  async parts(ids: string[]): Promise<StoredPart[]> {
    if (!ids.length) return [];
    const rows = await this.db.query<
      Array<{
        attachment_id: string;
        ordinal: number;
        label: string;
        page: number | null;
        text: string;
        tokens: number;
      }>
    >(
      `SELECT attachment_id, ordinal, label, page, text, tokens FROM chat_attachment_parts
       WHERE attachment_id = ANY($1::uuid[]) ORDER BY attachment_id, ordinal`,
      [ids],
    );
    return rows.map((row) => ({
      attachmentId: row.attachment_id,
      ordinal: row.ordinal,
      label: row.label,
      page: row.page,
      text: row.text,
      tokens: row.tokens,
    }));
  }

  /**
   * How well each part of these documents answers the question, by PostgreSQL full-text search: any of the
   * question's words (an OR of its lexemes, so one rare word counts), ranked by cover density. Parts that share
   * no word with it are absent.
   */
  async rankParts(ids: string[], question: string): Promise<Map<string, number>> {
    if (!ids.length || !question.trim()) return new Map();
    const rows = await this.db.query<Array<{ attachment_id: string; ordinal: number; rank: number }>>(
      `WITH q AS (
         SELECT NULLIF(replace(plainto_tsquery('english', $2)::text, '&', '|'), '')::tsquery AS query
       )
       SELECT p.attachment_id, p.ordinal, ts_rank_cd(p.search, q.query, 1) AS rank
       FROM chat_attachment_parts p, q
       WHERE q.query IS NOT NULL AND p.attachment_id = ANY($1::uuid[]) AND p.search @@ q.query`,
      [ids, question],
    );
    return new Map(rows.map((row) => [`${row.attachment_id}:${row.ordinal}`, Number(row.rank)]));
  }
}
