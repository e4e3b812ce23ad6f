/* eslint-disable */
/**
 * Generated from schemas/wire/update-chat-session-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * PATCH /api/chat/sessions/:id: rename, pin or share a chat. Fields left out stay as they are.
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
  /**
   * With people configured: true shares the chat with the circle (everyone sees it, marked with who shared it; only its owner can change it), false makes it private again. Only the person who started it may.
   */
  shared?: boolean;
}
