/* eslint-disable */
/**
 * Generated from schemas/wire/chat-completion-response.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { MessageSource } from './chat-message.js';

/**
 * Answer of POST /api/chat/completions and POST /api/assistant/chat: the reply, readable as `content` or `message.content`.
 */
export interface ChatCompletionResponse {
  /**
   * The reply (markdown).
   */
  content: string;
  /**
   * The reply as a chat message.
   */
  message: {
    role: 'assistant';
    content: string;
  };
  /**
   * How the reply was made.
   */
  strategy: 'completions' | 'assistant' | 'search-first';
  /**
   * Web pages a search-backed reply drew on; empty otherwise.
   */
  sources: MessageSource[];
}
