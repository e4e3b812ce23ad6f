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
}
