import { countTokens } from 'gpt-tokenizer';
import type { ModelMessage } from '../chat-model.service';

/**
 * Tokens as OpenAI's current models count them (o200k_base), also our estimate for any other model.
 * gpt-tokenizer, not js-tiktoken: measured on 20,000 words here, it counts 12 times faster (6.8 ms
 * against 85 ms) and loads 5 times faster (160 ms against 790 ms), both pure JavaScript.
 */
export const tokensOf = (text: string): number => countTokens(text);

/** What the service adds around each message, and to prime the reply (OpenAI's published counting). */
export const TOKENS_PER_MESSAGE = 4;
export const TOKENS_TO_PRIME_REPLY = 3;

export const messageTokens = (message: ModelMessage): number => TOKENS_PER_MESSAGE + tokensOf(message.content);

export const promptTokens = (messages: ModelMessage[]): number =>
  messages.reduce((sum, message) => sum + messageTokens(message), TOKENS_TO_PRIME_REPLY);
