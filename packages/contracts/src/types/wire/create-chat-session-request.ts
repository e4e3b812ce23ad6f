/* eslint-disable */
/**
 * Generated from schemas/wire/create-chat-session-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * POST /api/chat/sessions.
 */
export interface CreateChatSessionRequest {
  /**
   * Shown in the history panel; blank becomes 'New Chat'.
   */
  title?: string;
  /**
   * The system prompt this session was started with; null uses the agent's persona.
   */
  systemPrompt?: string | null;
  /**
   * Optional summary.
   */
  summary?: string | null;
  /**
   * Id of the agent this session belongs to (an agent file in agents/).
   */
  agentType: string;
}
