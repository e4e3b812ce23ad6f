import type { AgentConversation } from '@mb/contracts/types/agent';

/** The agent's greeting with `{name}` filled from its audience (the schema requires one when used). */
export function greetingOf(conversation: AgentConversation): string {
  return conversation.greeting.replaceAll('{name}', conversation.audience?.name ?? '');
}
