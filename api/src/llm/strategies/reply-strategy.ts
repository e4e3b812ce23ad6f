import type { AgentRouting, RoutingStrategyName } from '../../../../schemas/types/agent';
import type { MessageSource } from '../../../../schemas/types/wire/chat-message';
import type { ModelMessage, ModelRequest } from '../chat-model.service';

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
  signal?: AbortSignal;
}

export interface PreparedReply {
  strategy: RoutingStrategyName;
  request: ModelRequest;
  /** Web pages the answer draws on (search-backed answers only). */
  sources: MessageSource[];
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

export function modelRequest(context: ReplyContext, systemPrompt: string, window: number): ModelRequest {
  const recent = context.conversation.slice(-Math.min(window, MAX_CONTEXT_MESSAGES));
  return {
    ...context.settings,
    messages: [{ role: 'system', content: systemPrompt }, ...recent],
  };
}
