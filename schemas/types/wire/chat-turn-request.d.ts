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
   * The user's message. In a reconfigurable agent, a JSON object replaces the chat's persona instead.
   */
  content: string;
}
