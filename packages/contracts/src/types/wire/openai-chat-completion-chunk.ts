/* eslint-disable */
/**
 * Generated from schemas/wire/openai-chat-completion-chunk.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { OpenAiUsage } from './openai-usage.js';

/**
 * POST /v1/chat/completions with stream: true, one `data:` line each: the role first, then the reply's text as it comes, then the finish reason; with stream_options.include_usage a last chunk with no choices and the usage; then `data: [DONE]`. A failure after the stream began is a `data:` line holding an OpenAI error body.
 */
export interface OpenAiChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: number;
    delta: {
      role?: 'assistant';
      content?: string;
    };
    logprobs: null;
    finish_reason: 'stop' | 'length' | null;
  }[];
  usage?: OpenAiUsage | null;
}
