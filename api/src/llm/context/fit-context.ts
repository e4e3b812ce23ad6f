import { AppError } from '../../common/app-error';
import type { ModelMessage, ModelRequest, ResponseFormat } from '../chat-model.service';
import { imagesOf } from '../model-message';
import { TOKENS_PER_MESSAGE, TOKENS_TO_PRIME_REPLY, messageTokens, tokensOf } from './token-count';

export interface FitInput {
  model: string;
  temperature: number;
  maxTokens: number;
  responseFormat?: ResponseFormat;
  /** The persona's prompt (and anything a strategy adds to it, such as search results); empty: no system message. */
  systemPrompt: string;
  /** The chat's rolling summary: given to the model as memory when older messages are left out. */
  memory?: string | null;
  /** Oldest first, ending with the user's new message. */
  conversation: ModelMessage[];
  /** At most this many of the newest messages (the agent's history window). */
  historyLimit: number;
  /** The model's context window in tokens. */
  windowTokens: number;
}

export interface FittedRequest {
  request: ModelRequest;
  contextMessages: number;
  omittedMessages: number;
}

/** Tokenizers of other models disagree a little with ours: keep this share of the window free. */
const SAFETY_SHARE = 0.03;

const withMemory = (systemPrompt: string, memory: string) =>
  `${systemPrompt}\n\nMemory of the earlier conversation (a summary; those messages are not shown):\n${memory}`;

const withoutImages = (message: ModelMessage): ModelMessage => {
  const texts = message.attachments?.filter((attachment) => attachment.type !== 'image') ?? [];
  return {
    ...message,
    attachments: texts.length ? texts : undefined,
    content: `${message.content}\n[${imagesOf(message).length} photo(s) sent with this message are no longer shown]`,
  };
};

/** How many tokens one message may have in a call to a model with this window (for refusals that say so). */
export function messageBudget(input: Pick<FitInput, 'systemPrompt' | 'maxTokens' | 'windowTokens'>): number {
  const reserved = Math.ceil(input.windowTokens * SAFETY_SHARE) + TOKENS_TO_PRIME_REPLY + input.maxTokens;
  return input.windowTokens - reserved - messageTokens({ role: 'system', content: input.systemPrompt });
}

/** Refuses, whole, a message the model cannot read in one call beside the system prompt and the reply's room. */
export function assertMessageFits(
  input: Pick<FitInput, 'systemPrompt' | 'maxTokens' | 'windowTokens'>,
  message: ModelMessage,
): void {
  const budget = messageBudget(input);
  if (messageTokens(message) > budget) throw new MessageTooLong(budget - TOKENS_PER_MESSAGE);
}

/** What the user typed (with what it must carry) is more than the model reads in one call; `message` says why in other words. */
export class MessageTooLong extends AppError {
  constructor(
    readonly budgetTokens: number,
    message?: string,
  ) {
    const words = Math.max(0, Math.floor(budgetTokens * 0.75));
    super(
      'MESSAGE_TOO_LONG',
      message ??
        (budgetTokens > 0
          ? `This message is too long for this assistant: it can read about ${words.toLocaleString('en-US')} words ` +
            `(${budgetTokens.toLocaleString('en-US')} tokens) at a time. Shorten it or send it in parts.`
          : 'This assistant cannot read any message with its current settings (its reply length leaves no room).'),
    );
  }
}

/**
 * The request for one model call, fitted to the model's window: the system prompt, the newest messages
 * that fit (within the history window), the reply's maxTokens, and, when older messages stay out, the
 * chat's summary as memory. Throws MessageTooLong when the user's new message alone cannot fit.
 */
export function fitContext(input: FitInput): FittedRequest {
  const { model, temperature, maxTokens, responseFormat } = input;
  const budget = messageBudget(input);
  const recent = input.conversation.slice(-input.historyLimit);
  const newest = recent.at(-1);
  if (newest) assertMessageFits(input, newest);

  const kept: ModelMessage[] = [];
  let used = 0;
  for (let i = recent.length - 1; i >= 0; i--) {
    let message = recent[i];
    let cost = messageTokens(message);
    // Photos of earlier messages stay while they fit; where they no longer do, their words still may.
    if (used + cost > budget && message !== newest && imagesOf(message).length) {
      message = withoutImages(message);
      cost = messageTokens(message);
    }
    if (used + cost > budget) break;
    used += cost;
    kept.unshift(message);
  }
  let systemPrompt = input.systemPrompt;
  if (kept.length < input.conversation.length && input.memory?.trim()) {
    const remembered = withMemory(input.systemPrompt, input.memory.trim());
    const memoryCost = tokensOf(remembered) - tokensOf(input.systemPrompt);
    // Memory goes in when it fits beside the newest message; older messages make room for it.
    if ((newest ? messageTokens(newest) : 0) + memoryCost <= budget) {
      while (used + memoryCost > budget && kept.length > 1) used -= messageTokens(kept.shift()!);
      systemPrompt = remembered;
    }
  }
  return {
    request: {
      model,
      temperature,
      maxTokens,
      ...(responseFormat && { responseFormat }),
      messages: systemPrompt ? [{ role: 'system', content: systemPrompt }, ...kept] : kept,
    },
    contextMessages: kept.length,
    omittedMessages: input.conversation.length - kept.length,
  };
}
