import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AgentDefinition, AttachmentKind } from '@mb/contracts/types/agent';
import { DataSource, type EntityManager } from 'typeorm';
import { insertAttachment, type NewAttachment } from './attachment.store';
import { AttachmentProcessing } from './attachment-processing.service';
import { bareJpegSize } from './bare-jpeg';

/** A sent file with its stored bytes and how the model read it: what an export carries. */
export interface TransferredFile {
  kind: AttachmentKind;
  name: string;
  mediaType: string;
  bytes: Buffer;
  width: number | null;
  height: number | null;
  pages: number | null;
  readParts: number[] | null;
  readSummary: string | null;
}

/** A file of an imported chat, as the document gives it: untrusted. */
export interface ImportedFile {
  name: string;
  bytes: Buffer;
  readParts?: number[];
  readSummary?: string;
}

/** A file of an imported chat once processed: what is stored, and how its message read it. */
export interface PreparedFile {
  file: NewAttachment;
  readParts: number[] | null;
  readSummary: string | null;
}

interface ExportRow {
  message_id: string;
  kind: AttachmentKind;
  name: string;
  media_type: string;
  content: Buffer;
  width: number | null;
  height: number | null;
  pages: number | null;
  read_parts: number[] | null;
  read_summary: string | null;
}

/**
 * Attachments across export and import: the files of a chat's messages with their bytes, and the files of an
 * imported chat processed again exactly as uploads are (an export is a file anyone can edit) and stored with
 * the import's rows, in its transaction.
 */
@Injectable()
export class AttachmentTransfer {
  constructor(
    private readonly db: DataSource,
    private readonly processing: AttachmentProcessing,
  ) {}

  /** The files of these messages with their bytes, in each message's order. */
  async filesOf(messageIds: string[]): Promise<Map<string, TransferredFile[]>> {
    const byMessage = new Map<string, TransferredFile[]>();
    if (!messageIds.length) return byMessage;
    const rows = await this.db.query<ExportRow[]>(
      `SELECT l.message_id, a.kind, a.name, a.media_type, a.content, a.width, a.height, a.pages,
              l.read_parts, l.read_summary
       FROM chat_message_attachments l JOIN chat_attachments a ON a.id = l.attachment_id
       WHERE l.message_id = ANY($1::bigint[])
       ORDER BY l.message_id, l.position`,
      [messageIds],
    );
    for (const row of rows) {
      const list = byMessage.get(String(row.message_id)) ?? [];
      list.push({
        kind: row.kind,
        name: row.name,
        mediaType: row.media_type,
        bytes: row.content,
        width: row.width,
        height: row.height,
        pages: row.pages,
        readParts: row.read_parts,
        readSummary: row.read_summary,
      });
      byMessage.set(String(row.message_id), list);
    }
    return byMessage;
  }

  /**
   * One file of an imported chat, processed as an upload to `agent` is: judged by its bytes, refused unless the
   * agent takes its kind, made safe. Nothing is stored yet. A photo that is already as the processing stores
   * photos (a bare JPEG of the same size, which the processing has just decoded whole) keeps its bytes, so that
   * export and import lose nothing; any other gets the processed bytes. Of the parts read, those the document
   * read again still has.
   */
  async prepare(agent: AgentDefinition, imported: ImportedFile): Promise<PreparedFile> {
    const file = await this.processing.processBytes(agent, imported.bytes, imported.name);
    if (file.kind === 'image') {
      const bare = file.mediaType === 'image/jpeg' ? bareJpegSize(imported.bytes) : undefined;
      if (bare && bare.width === file.width && bare.height === file.height) file.content = imported.bytes;
      return { file, readParts: null, readSummary: imported.readSummary ?? null };
    }
    const parts = file.parts?.length ?? 0;
    const readParts = imported.readParts && [...new Set(imported.readParts)].filter((ordinal) => ordinal < parts);
    return { file, readParts: readParts ?? null, readSummary: imported.readSummary ?? null };
  }

  /** Stores the prepared files of an imported chat as its own, linked to their messages in order. */
  async storeImported(
    tx: EntityManager,
    sessionId: string,
    messages: Array<{ messageId: string; files: PreparedFile[] }>,
  ): Promise<void> {
    for (const { messageId, files } of messages) {
      for (const [position, prepared] of files.entries()) {
        const id = randomUUID();
        await insertAttachment(tx, id, sessionId, prepared.file);
        await tx.query(
          `INSERT INTO chat_message_attachments (message_id, attachment_id, position, read_parts, read_summary)
           VALUES ($1, $2, $3, $4, $5)`,
          [messageId, id, position, prepared.readParts, prepared.readSummary],
        );
      }
    }
  }
}
