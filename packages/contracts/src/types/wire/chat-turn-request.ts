/* eslint-disable */
/**
 * Generated from schemas/wire/chat-turn-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * POST /api/chat/turns: send one user message and stream the reply (text/event-stream of ChatTurnEvent). The session is created on the first message when sessionId is absent.
 */
export interface ChatTurnRequest {
  /**
   * Id of the agent.
   */
  agentType: string;
  /**
   * The session to continue; absent or null starts a new one.
   */
  sessionId?: string | null;
  /**
   * The user's message; may be empty when it carries attachments. In a reconfigurable agent, a JSON object replaces the chat's persona instead.
   */
  content: string;
  /**
   * Edit message: the id of the chat's last user message, which `content` replaces. The earlier question and its reply are kept as a version of the exchange (see PUT /api/chat/sessions/:id/version). Needs sessionId.
   */
  editOf?: string;
  /**
   * Ids of uploads (POST /api/chat/attachments) sent with this message, in order. Each is sent once; the agent's `input.attachments` bounds how many.
   *
   * @maxItems 10
   */
  attachments?: string[];
}
