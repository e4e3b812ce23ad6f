import type { ModelMessage } from '../llm';
import type { ChatMessageEntity } from '../sessions';

/** Stored messages as the model sees them: system notes stay out, the conversation is user and assistant turns. */
export const toModelMessages = (messages: ChatMessageEntity[]): ModelMessage[] =>
  messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role, content: m.content }));
