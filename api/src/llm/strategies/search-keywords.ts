import type { AgentSearchTrigger } from '@mb/contracts/types/agent';

/** The spec's two rules: keywords as written in the message, or in the lower-cased message. */
export function matchesSearchKeywords(message: string, trigger: AgentSearchTrigger): boolean {
  const text = trigger.match === 'lower-case' ? message.toLowerCase() : message;
  return trigger.keywords.some((keyword) => text.includes(keyword));
}
