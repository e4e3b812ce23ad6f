/* eslint-disable */
/**
 * Generated from schemas/wire/update-chat-session-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * PATCH /api/chat/sessions/:id: rename or pin a chat. Fields left out stay as they are.
 */
export interface UpdateChatSessionRequest {
  /**
   * The new title, trimmed; blank is refused.
   */
  title?: string;
  /**
   * True pins the chat (listed first, newest pinned first); false unpins it.
   */
  pinned?: boolean;
}
