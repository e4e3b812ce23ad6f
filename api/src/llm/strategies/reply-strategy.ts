import type { AgentRouting, RoutingStrategyName } from '@mb/contracts/types/agent';
import type { MessageProvenance, MessageSource } from '@mb/contracts/types/wire/chat-message';
import type { ModelMessage, ModelRequest, ResponseFormat } from '../chat-model.service';
import { fitContext, messageBudget } from '../context/fit-context';

/** Bounds what one turn sends, whatever the agent's history window. */
export const MAX_CONTEXT_MESSAGES = 100;

export interface ModelSettings {
  model: string;
  temperature: number;
  maxTokens: number;
  /** What shape the reply must take (OpenAI's `response_format`); absent: the model's own, text. */
  responseFormat?: ResponseFormat;
}

/**
 * What the agent brings to a call besides its persona (its knowledge files, what it remembers), chosen for the call's
 * window: the system prompt carries it after the persona, so the fit counts it.
 */
export interface Grounding {
  text: string;
  /** What the reply's provenance keeps of it. */
  provenance: Partial<MessageProvenance>;
  /** The same chosen anew for a smaller window (a refusal taught one). */
  refit(windowTokens: number): Promise<Grounding>;
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
  grounding?: Grounding;
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
  /** The agent's knowledge and memory the request carries. */
  grounding?: Grounding;
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

const grounded = (systemPrompt: string, grounding?: Grounding) =>
  grounding?.text ? `${systemPrompt}\n\n${grounding.text}` : systemPrompt;

/**
 * A reply's request fitted to the context's window: the system prompt (with the agent's grounding after it), then the
 * newest of the last `window` messages that fit.
 */
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
  const { grounding } = context;
  const fitted = fitContext({
    ...context.settings,
    systemPrompt: grounded(reply.systemPrompt, grounding),
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
    ...(grounding && { grounding }),
    refit: async (windowTokens) => {
      const { conversation, refitNewest } = context;
      const regrounded = await grounding?.refit(windowTokens);
      const smaller = { ...context, windowTokens, ...(regrounded && { grounding: regrounded }) };
      if (!refitNewest || !conversation.length) return preparedReply(smaller, reply);
      const systemPrompt = grounded(reply.systemPrompt, regrounded);
      const newest = await refitNewest(messageBudget({ ...context.settings, systemPrompt, windowTokens }));
      return preparedReply({ ...smaller, conversation: [...conversation.slice(0, -1), newest] }, reply);
    },
  };
}
