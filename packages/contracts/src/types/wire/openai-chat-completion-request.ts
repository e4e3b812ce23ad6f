/* eslint-disable */
/**
 * Generated from schemas/wire/openai-chat-completion-request.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

/**
 * POST /v1/chat/completions, as OpenAI's chat completions take it. Fields not listed here are ignored, as OpenAI ignores them; a listed field of the wrong type or value is refused (400, naming it in `param`).
 */
export interface OpenAiChatCompletionRequest {
  /**
   * The id of the agent to answer (GET /v1/models lists those the key may use).
   */
  model: string;
  /**
   * The conversation, ending with the user's new message. A system (or developer) message is added after the agent's persona, never instead of it; the messages before the new one are the conversation so far, which the chat kept for it holds.
   *
   * @minItems 1
   * @maxItems 10000
   */
  messages: {
    /**
     * system, developer, user or assistant. Tool results are not taken: the agent runs its own tools on the server.
     */
    role: string;
    /**
     * Text, or a list of parts of which the text parts are read.
     */
    content?:
      | string
      | null
      | {
          type: string;
          text?: string;
          [k: string]: unknown | undefined;
        }[];
    /**
     * Ignored.
     */
    name?: string;
    [k: string]: unknown | undefined;
  }[];
  /**
   * true: server-sent `chat.completion.chunk` events ending with `data: [DONE]`.
   */
  stream?: boolean | null;
  /**
   * Only with stream: true.
   */
  stream_options?: {
    /**
     * A last chunk with no choices and the reply's usage (every model call it made).
     */
    include_usage?: boolean | null;
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Replaces the agent's temperature for this reply.
   */
  temperature?: number | null;
  /**
   * The most tokens the reply may have (replaces the agent's).
   */
  max_tokens?: number | null;
  /**
   * The same as max_tokens, under OpenAI's newer name; it wins when both are given.
   */
  max_completion_tokens?: number | null;
  /**
   * Who the caller's user is, in its own words: sent on to the model service as OpenAI's `user`.
   */
  user?: string | null;
  /**
   * false: nothing of this exchange is kept (no chat, no history). Default true: kept as a chat marked with the key's name.
   */
  store?: boolean | null;
  /**
   * The shape the reply must take, given to the agent's model as OpenAI takes it: text, json_object, or json_schema with its `json_schema` (name, schema, strict). The agent's model must support it.
   */
  response_format?: {
    type: 'text' | 'json_object' | 'json_schema';
    json_schema?: {
      name?: string;
      [k: string]: unknown | undefined;
    };
    [k: string]: unknown | undefined;
  } | null;
  /**
   * Only 1: an agent gives one answer.
   */
  n?: number | null;
  [k: string]: unknown | undefined;
}
