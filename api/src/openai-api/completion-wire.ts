import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { OpenAiChatCompletion } from '@mb/contracts/types/wire/openai-chat-completion';
import type { OpenAiChatCompletionChunk } from '@mb/contracts/types/wire/openai-chat-completion-chunk';
import type { OpenAiUsage } from '@mb/contracts/types/wire/openai-usage';

/** What every chunk and the completion of one reply share. */
export interface CompletionHead {
  id: string;
  created: number;
  model: string;
}

export const usageOf = (message: ChatMessage): OpenAiUsage => {
  const prompt = message.usage?.promptTokens ?? 0;
  const completion = message.usage?.completionTokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
};

export const completionOf = (head: CompletionHead, done: ChatMessage): OpenAiChatCompletion => ({
  ...head,
  object: 'chat.completion',
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: done.content, refusal: null },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: usageOf(done),
});

export const chunkOf = (
  head: CompletionHead,
  delta: { role?: 'assistant'; content?: string },
  finishReason: 'stop' | null = null,
): OpenAiChatCompletionChunk => ({
  ...head,
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
});

export const usageChunkOf = (head: CompletionHead, done: ChatMessage): OpenAiChatCompletionChunk => ({
  ...head,
  object: 'chat.completion.chunk',
  choices: [],
  usage: usageOf(done),
});
