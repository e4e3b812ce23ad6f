/* eslint-disable */
/**
 * Generated from schemas/wire/chat-message.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

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
