/* eslint-disable */
/**
 * Generated from schemas/wire/assistant-chat-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { ConversationMessages } from './chat-completion-request.js';

/**
 * POST /api/assistant/chat: a reply in an agent's persona over the last messages of the conversation (the agent's history window). System messages sent here are ignored: the agent's persona (or the session's pasted one) is the system prompt.
 */
export interface AssistantChatRequest {
  messages: ConversationMessages;
  /**
   * Sampling temperature; default the agent's.
   */
  temperature?: number;
  /**
   * Upper bound on the reply's tokens; default the agent's.
   */
  max_tokens?: number;
  /**
   * Id of the agent; default the session's agent, else the agent marked `routing.assistantDefault`.
   */
  assistantType?: string;
  /**
   * The session this conversation belongs to.
   */
  sessionId?: string | null;
}
