/* eslint-disable */
/**
 * Generated from schemas/wire/chat-export.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { AgentConfig } from '../agent-config.js';
import type { AttachmentKind } from '../agent.js';
import type { MessageProvenance, MessageUsage, ToolCallRecord } from './chat-message.js';

/**
 * A chat exported as JSON (GET /api/chat/sessions/:id/export?format=json), lossless: POST /api/chat/import brings it back as a new chat. Exports made before attachments existed have no `attachments` and import unchanged.
 */
export interface ChatExport {
  /**
   * The format's version; only 1 exists.
   */
  version: 1;
  /**
   * When the chat was exported.
   */
  exportedAt: string;
  session: ChatExportSession;
  /**
   * The chat's messages in order (orders unique).
   *
   * @maxItems 10000
   */
  messages: ChatExportMessage[];
}
/**
 * The chat itself, without its id (an import gets a new one).
 */
export interface ChatExportSession {
  /**
   * Title shown in the history panel.
   */
  title: string;
  /**
   * Id of the agent the chat belongs to; an import needs that agent on the server.
   */
  agentType: string;
  /**
   * System prompt the chat was started with, or null for the agent's persona.
   */
  systemPrompt: string | null;
  /**
   * Summary, or null when none was made.
   */
  summary: string | null;
  /**
   * The order of the last message the summary covers, or null.
   */
  summaryThrough: number | null;
  /**
   * A configuration that replaces the agent's persona in this chat, or null for the agent's own.
   */
  persona: AgentConfig | null;
  /**
   * When the chat was created.
   */
  createdAt: string;
  /**
   * When the chat last changed.
   */
  updatedAt: string;
}
/**
 * One message, without its id.
 */
export interface ChatExportMessage {
  /**
   * Who wrote it.
   */
  role: 'system' | 'user' | 'assistant';
  /**
   * The text (markdown for assistant messages).
   */
  content: string;
  /**
   * User messages only: the photos and documents sent with it, in the order attached; absent when none. An import processes every file again as an upload (judged by its bytes, within what the chat's agent takes) and refuses the whole chat if one is refused.
   *
   * @maxItems 10
   */
  attachments?: ChatExportAttachment[];
  /**
   * Position in the chat, unique per chat.
   */
  order: number;
  /**
   * When it was stored.
   */
  createdAt: string;
  /**
   * True for a reply cut short.
   */
  incomplete: boolean;
  /**
   * Web pages a search-backed reply drew on; empty otherwise. On import, a source whose link is not a web address (wire/chat-message.schema.json#/definitions/source) is left out, and the answer says so; the rest of the chat is imported.
   */
  sources: ChatExportSource[];
  /**
   * The tools an assistant reply called (absent when none).
   *
   * @maxItems 200
   */
  toolCalls?: ToolCallRecord[];
  /**
   * Tokens the reply cost, when recorded.
   */
  usage?: MessageUsage;
  /**
   * What produced the reply, when recorded.
   */
  provenance?: MessageProvenance;
}
/**
 * One attached file: the bytes the server kept (a processed image, or a document as sent; a document's text is not exported but read again on import) and how the model read it when the message was answered. Kind, media type and sizes are what the exporting server decided; an import decides them again from the bytes.
 */
export interface ChatExportAttachment {
  /**
   * "image" or "document", as the exporting server judged it.
   */
  kind: AttachmentKind;
  /**
   * The file's name as the user had it (shown only, never a path).
   */
  name: string;
  /**
   * What the exporting server served it as; an import ignores it and decides from the bytes.
   */
  mediaType: string;
  /**
   * The stored bytes, base64 (RFC 4648, padded, no line breaks).
   */
  data: string;
  /**
   * Images: width in pixels, upright.
   */
  width?: number;
  /**
   * Images: height in pixels, upright.
   */
  height?: number;
  /**
   * PDFs: how many pages.
   */
  pages?: number;
  /**
   * What the model read of it when the message was answered, e.g. "the whole image" or "pages 3-9 and 41 of 80".
   */
  read?: string;
  /**
   * Documents read in part: the parts (0-based, in the order the document's text is read) the model read; later turns read the same. Absent: the whole document.
   *
   * @maxItems 100000
   */
  readParts?: number[];
}
export interface ChatExportSource {
  /**
   * Page title.
   */
  title: string;
  /**
   * Page address; an export holds http:// or https:// ones only.
   */
  link: string;
}
