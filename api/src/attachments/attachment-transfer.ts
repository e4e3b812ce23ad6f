import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AgentDefinition, AttachmentKind } from '@mb/contracts/types/agent';
import { DataSource, type EntityManager } from 'typeorm';
import { insertAttachment } from './attachment-statements';
import { AttachmentStore, type NewAttachment } from './attachment.store';
import { AttachmentProcessing } from './attachment-processing.service';
import { kindHandler } from './kinds/attachment-kinds';

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

/**
 * Attachments across export and import: the files of a chat's messages with their bytes, and the files of an
 * imported chat processed again exactly as uploads are (an export is a file anyone can edit) and stored with
 * the import's rows, in its transaction.
 */
@Injectable()
export class AttachmentTransfer {
  constructor(
    private readonly db: DataSource,
    private readonly store: AttachmentStore,
    private readonly processing: AttachmentProcessing,
  ) {}

  /** The files of these messages with their bytes, in each message's order. */
  async filesOf(messageIds: string[]): Promise<Map<string, TransferredFile[]>> {
    const byMessage = await this.store.ofMessages(messageIds);
    const bytes = await this.store.contents([...byMessage.values()].flat().map((file) => file.id));
    return new Map(
      [...byMessage].map(([messageId, files]) => [
        messageId,
        files.map((file) => ({
          kind: file.kind,
          name: file.name,
          mediaType: file.mediaType,
          bytes: bytes.get(file.id) ?? Buffer.alloc(0),
          width: file.width,
          height: file.height,
          pages: file.pages,
          readParts: file.readParts,
          readSummary: file.readSummary,
        })),
      ]),
    );
  }

  /**
   * One file of an imported chat, processed as an upload to `agent` is: judged by its bytes, refused unless the
   * agent takes its kind, made safe. Nothing is stored yet. Its imported bytes are kept when its kind says they are
   * what processing stores (so that export and import lose nothing); any other gets the processed bytes. Of the
   * parts read, those the file read again still has.
   */
  async prepare(agent: AgentDefinition, imported: ImportedFile): Promise<PreparedFile> {
    const file = await this.processing.processBytes(agent, imported.bytes, imported.name);
    if (kindHandler(file.kind).keepsImportedBytes?.(file, imported.bytes)) file.content = imported.bytes;
    const parts = file.parts?.length ?? 0;
    const readParts =
      parts && imported.readParts ? [...new Set(imported.readParts)].filter((ordinal) => ordinal < parts) : null;
    return { file, readParts, readSummary: imported.readSummary ?? null };
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
