/* eslint-disable */
/**
 * Generated from schemas/wire/openai-chat-completion.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { OpenAiUsage } from './openai-usage.js';

/**
 * POST /v1/chat/completions without stream: the agent's whole reply, in OpenAI's shape.
 */
export interface OpenAiChatCompletion {
  /**
   * chatcmpl- and the saved reply's id.
   */
  id: string;
  object: 'chat.completion';
  /**
   * Unix seconds.
   */
  created: number;
  /**
   * The agent's id, as asked.
   */
  model: string;
  choices: {
    index: number;
    message: {
      role: 'assistant';
      content: string;
      refusal: null;
    };
    logprobs: null;
    /**
     * stop; length when the reply was cut at its token limit.
     */
    finish_reason: 'stop' | 'length';
  }[];
  usage: OpenAiUsage;
}
