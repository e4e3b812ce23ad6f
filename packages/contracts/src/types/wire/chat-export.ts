/* eslint-disable */
/**
 * Generated from schemas/wire/chat-export.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { AgentConfig } from '../agent-config.js';
import type { MessageProvenance, MessageSource, MessageUsage } from './chat-message.js';

/**
 * A chat exported as JSON (GET /api/chat/sessions/:id/export?format=json), lossless: POST /api/chat/import brings it back as a new chat.
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
   * Web pages a search-backed reply drew on; empty otherwise.
   */
  sources: MessageSource[];
  /**
   * Tokens the reply cost, when recorded.
   */
  usage?: MessageUsage;
  /**
   * What produced the reply, when recorded.
   */
  provenance?: MessageProvenance;
}
