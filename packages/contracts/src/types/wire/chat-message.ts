/* eslint-disable */
/**
 * Generated from schemas/wire/chat-message.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { ChatAttachment } from './chat-attachment.js';

/**
 * A stored message of a session.
 */
export interface ChatMessage {
  /**
   * Message id.
   */
  id: string;
  /**
   * Who wrote it.
   */
  role: 'system' | 'user' | 'assistant';
  /**
   * The text (markdown for assistant messages).
   */
  content: string;
  /**
   * Photos and documents sent with a user message, in the order attached; absent when none.
   */
  attachments?: ChatAttachment[];
  /**
   * Position in the session, from 0, unique per session.
   */
  order: number;
  /**
   * When it was stored.
   */
  createdAt: string;
  /**
   * True for a reply cut short (the AI service failed mid-way or the user stopped it): the text is what arrived.
   */
  incomplete: boolean;
  /**
   * Web pages a search-backed reply drew on; empty otherwise.
   */
  sources: MessageSource[];
  /**
   * Tokens the reply cost (assistant replies saved since usage was recorded; absent otherwise): as the AI service reported them, or counted by our tokenizer when it reported none.
   */
  usage?: MessageUsage;
  /**
   * What produced the reply (assistant replies saved since provenance was recorded; absent otherwise).
   */
  provenance?: MessageProvenance;
  /**
   * On the messages of the chat's last exchange when it has more than one version (Regenerate, Edit message): which version this is and how many there are. Absent otherwise.
   */
  versions?: MessageVersions;
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "versions".
 */
export interface MessageVersions {
  /**
   * The version shown (and seen by the model), from 1.
   */
  chosen: number;
  /**
   * How many versions the exchange has.
   */
  count: number;
}
/**
 * One web page behind a search-backed reply.
 *
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "source".
 */
export interface MessageSource {
  /**
   * Page title.
   */
  title: string;
  /**
   * Page address (http or https).
   */
  link: string;
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "usage".
 */
export interface MessageUsage {
  /**
   * Tokens sent to the model (the persona, memory and the conversation it saw).
   */
  promptTokens: number;
  /**
   * Tokens of the reply.
   */
  completionTokens: number;
  /**
   * True when the AI service reported no usage and our tokenizer counted it.
   */
  estimated: boolean;
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "provenance".
 */
export interface MessageProvenance {
  /**
   * The model that answered.
   */
  model: string;
  /**
   * The routing strategy that answered.
   */
  strategy: 'completions' | 'assistant' | 'search-first';
  /**
   * Strategies that failed before it, in order (empty when the first one answered).
   */
  fallbacks: ('completions' | 'assistant' | 'search-first')[];
  /**
   * Model calls retried (a failed attempt, or a context that was too long for the model).
   */
  retries: number;
  /**
   * The web search it drew on (search-backed replies only).
   */
  searchQuery?: string;
  /**
   * How many messages of the conversation the model saw.
   */
  contextMessages: number;
  /**
   * Older messages left out to fit the model's context window (represented by the chat's summary when there is one).
   */
  omittedMessages: number;
  /**
   * Short hash of the persona in force (the agent file's or the chat's pasted one).
   */
  personaHash: string;
  /**
   * The attachments of the conversation the model read for this reply, and how much of each (absent when none).
   */
  attachments?: AttachmentRead[];
}
/**
 * This interface was referenced by `ChatMessage`'s JSON-Schema
 * via the `definition` "attachmentRead".
 */
export interface AttachmentRead {
  /**
   * The attachment's id.
   */
  id: string;
  /**
   * Its file name.
   */
  name: string;
  kind: 'image' | 'document';
  /**
   * "the whole image", "the whole document", "pages 3-9 and 41 of 80", or "left out (no room)".
   */
  read: string;
  /**
   * Tokens it took in the model's context (our count).
   */
  tokens: number;
}
