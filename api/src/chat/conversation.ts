import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type { ModelMessage } from '../llm';
import type { ChatMessageEntity, ChatSessionEntity } from '../sessions';

/** A configuration pasted into the chat wins over the agent file's persona. */
export const personaOf = (agent: AgentDefinition, session?: ChatSessionEntity | null): AgentConfig =>
  session?.persona ?? agent.persona;

/** Stored messages as the model sees them: system notes stay out, the conversation is user and assistant turns. */
export const toModelMessages = (messages: ChatMessageEntity[]): ModelMessage[] =>
  messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role, content: m.content }));
