import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type { ModelMessage, ModelSettings } from '../llm';
import type { ChatMessageEntity } from './chat-message.entity';
import type { ChatSessionEntity } from './chat-session.entity';

/** The spec's defaults when a call names no agent. */
export const DEFAULT_TEMPERATURE = 0.7;
export const DEFAULT_MAX_TOKENS = 1500;

/** A configuration pasted into the chat wins over the agent file's persona. */
export const personaOf = (agent: AgentDefinition, session?: ChatSessionEntity | null): AgentConfig =>
  session?.persona ?? agent.persona;

export function modelSettings(
  agent: AgentDefinition | undefined,
  defaultModel: string,
  overrides: { temperature?: number; maxTokens?: number } = {},
): ModelSettings {
  return {
    model: agent?.model.name ?? defaultModel,
    temperature: overrides.temperature ?? agent?.model.temperature ?? DEFAULT_TEMPERATURE,
    maxTokens: overrides.maxTokens ?? agent?.model.maxTokens ?? DEFAULT_MAX_TOKENS,
  };
}

/** The spec's title rule: the first message cut to the agent's length, plus an ellipsis when longer. */
export function sessionTitle(firstMessage: string, maxLength: number): string {
  const characters = Array.from(firstMessage.trim().replace(/\s+/g, ' '));
  return characters.length > maxLength ? `${characters.slice(0, maxLength).join('')}...` : characters.join('');
}

/** Stored messages as the model sees them: system notes stay out, the conversation is user and assistant turns. */
export const toModelMessages = (messages: ChatMessageEntity[]): ModelMessage[] =>
  messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role, content: m.content }));
