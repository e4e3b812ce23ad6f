/* eslint-disable */
/**
 * Generated from schemas/wire/create-chat-message-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * POST /api/chat/sessions/{id}/messages. A role other than system, user or assistant is stored as user; content that is not a string is stored as its text.
 */
export interface CreateChatMessageRequest {
  /**
   * system, user or assistant; anything else (or nothing) becomes user.
   */
  role?:
    | string
    | number
    | boolean
    | {
        [k: string]: unknown | undefined;
      }
    | unknown[]
    | null;
  /**
   * The message text; other JSON values are stored as their JSON text.
   */
  content:
    | string
    | number
    | boolean
    | {
        [k: string]: unknown | undefined;
      }
    | unknown[];
  /**
   * Position in the session from 0; omitted = the next free position.
   */
  order?: number;
}
