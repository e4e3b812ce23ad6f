import type { AgentConversation } from '@mb/contracts/types/agent';

/**
 * The agent's greeting with `{name}` filled: the signed-in person's first name once people are
 * configured, else the agent's audience (the schema requires one when {name} is used).
 */
export function greetingOf(conversation: AgentConversation, personName?: string | null): string {
  return conversation.greeting.replaceAll('{name}', personName || conversation.audience?.name || '');
}
