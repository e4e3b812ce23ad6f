/* eslint-disable */
/**
 * Generated from schemas/wire/create-chat-message-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * system, user or assistant.
 */
export type Role =
  | string
  | number
  | boolean
  | {
      [k: string]: unknown | undefined;
    }
  | unknown[]
  | null;
/**
 * The text.
 */
export type Content =
  | string
  | number
  | boolean
  | {
      [k: string]: unknown | undefined;
    }
  | unknown[];

/**
 * POST /api/chat/sessions/{id}/messages. A role other than system, user or assistant is stored as user; content that is not a string is stored as its text.
 */
export interface CreateChatMessageRequest {
  role?: Role;
  content: Content;
  /**
   * Position in the session from 0; omitted = the next free position.
   */
  order?: number;
}
