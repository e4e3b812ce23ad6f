import type { AgentRouting, RoutingStrategyName } from '@mb/contracts/types/agent';
import type { MessageSource } from '@mb/contracts/types/wire/chat-message';
import type { ModelMessage, ModelRequest } from '../chat-model.service';
import { fitContext, messageBudget } from '../context/fit-context';

/** Bounds what one turn sends, whatever the agent's history window. */
export const MAX_CONTEXT_MESSAGES = 100;

export interface ModelSettings {
  model: string;
  temperature: number;
  maxTokens: number;
}

export interface ReplyContext {
  routing: AgentRouting;
  settings: ModelSettings;
  systemPrompt: string;
  /** The conversation without system messages, oldest first, ending with the user's new message. */
  conversation: ModelMessage[];
  /** The model's context window in tokens: every request is fitted to it. */
  windowTokens: number;
  /** The chat's rolling summary, given as memory when older messages do not fit. */
  memory?: string | null;
  signal?: AbortSignal;
  /**
   * The newest message again, what it carries (attachments) read anew within `budgetTokens`: asked when a refusal
   * taught a smaller window than it was read for. Throws MessageTooLong when what the user typed leaves no room.
   */
  refitNewest?: (budgetTokens: number) => Promise<ModelMessage>;
}

export interface PreparedReply {
  strategy: RoutingStrategyName;
  request: ModelRequest;
  /** Web pages the answer draws on (search-backed answers only). */
  sources: MessageSource[];
  /** The web search it ran (search-backed answers only). */
  searchQuery?: string;
  /** How many messages of the conversation the request holds, and how many older ones it leaves out. */
  contextMessages: number;
  omittedMessages: number;
  /** Fits the same reply to a smaller window (after the service refused the request as too long). */
  refit(windowTokens: number): Promise<PreparedReply>;
}

/** One way to answer a turn: decides whether it applies, then builds the model request. */
export interface ReplyStrategy {
  readonly name: RoutingStrategyName;
  /** Why it does not apply to this turn (the next one in the chain is tried), or null. */
  skipReason(context: ReplyContext): string | null;
  prepare(context: ReplyContext): Promise<PreparedReply>;
}

export const latestUserMessage = (context: ReplyContext) =>
  context.conversation.findLast((message) => message.role === 'user')?.content ?? '';

/** A reply's request fitted to the context's window: the system prompt, then the newest of the last `window` messages that fit. */
export function preparedReply(
  context: ReplyContext,
  reply: {
    strategy: RoutingStrategyName;
    systemPrompt: string;
    window: number;
    sources?: MessageSource[];
    searchQuery?: string;
  },
): PreparedReply {
  const fitted = fitContext({
    ...context.settings,
    systemPrompt: reply.systemPrompt,
    memory: context.memory,
    conversation: context.conversation,
    historyLimit: reply.window,
    windowTokens: context.windowTokens,
  });
  return {
    strategy: reply.strategy,
    request: fitted.request,
    sources: reply.sources ?? [],
    ...(reply.searchQuery !== undefined && { searchQuery: reply.searchQuery }),
    contextMessages: fitted.contextMessages,
    omittedMessages: fitted.omittedMessages,
    refit: async (windowTokens) => {
      const { conversation, refitNewest } = context;
      if (!refitNewest || !conversation.length) return preparedReply({ ...context, windowTokens }, reply);
      const budget = messageBudget({ ...context.settings, systemPrompt: reply.systemPrompt, windowTokens });
      const newest = await refitNewest(budget);
      return preparedReply({ ...context, windowTokens, conversation: [...conversation.slice(0, -1), newest] }, reply);
    },
  };
}
