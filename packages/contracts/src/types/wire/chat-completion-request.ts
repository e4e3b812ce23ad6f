/* eslint-disable */
/**
 * Generated from schemas/wire/chat-completion-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * The conversation, oldest first.
 *
 * @minItems 1
 * @maxItems 500
 *
 * This interface was referenced by `ChatCompletionRequest`'s JSON-Schema
 * via the `definition` "messages".
 */
export type ConversationMessages = ConversationMessage[];

/**
 * POST /api/chat/completions: one reply to the given conversation. With agentType (or a sessionId) the agent's model settings apply, and its persona when the messages bring no system message.
 */
export interface ChatCompletionRequest {
  messages: ConversationMessages;
  /**
   * Sampling temperature; default the agent's, else 0.7.
   */
  temperature?: number;
  /**
   * Upper bound on the reply's tokens; default the agent's, else 1500.
   */
  max_tokens?: number;
  /**
   * The session this conversation belongs to (its agent and pasted persona apply).
   */
  sessionId?: string | null;
  /**
   * Id of the agent whose settings and persona apply.
   */
  agentType?: string;
}
/**
 * One message. A role other than system, user or assistant (or none) is taken as user; content that is not a string is taken as its JSON text.
 *
 * This interface was referenced by `ChatCompletionRequest`'s JSON-Schema
 * via the `definition` "message".
 */
export interface ConversationMessage {
  /**
   * system, user or assistant.
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
   * The text.
   */
  content:
    | string
    | number
    | boolean
    | {
        [k: string]: unknown | undefined;
      }
    | unknown[];
}
