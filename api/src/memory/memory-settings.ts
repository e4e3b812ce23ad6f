import type { AgentDefinition, ToolPolicy } from '@mb/contracts/types/agent';

/** An agent's memory as its file sets it: how many facts, how long each, and whether its tools wait for the user. */
export interface MemorySettings {
  maxFacts: number;
  maxFactChars: number;
  policy: ToolPolicy;
}

export const DEFAULT_MAX_FACTS = 100;
export const DEFAULT_MAX_FACT_CHARS = 300;

/** Undefined: the agent remembers nothing across chats. */
export function memorySettingsOf(agent: Pick<AgentDefinition, 'memory'>): MemorySettings | undefined {
  const { memory } = agent;
  if (!memory) return undefined;
  const set = typeof memory === 'object' ? memory : {};
  return {
    maxFacts: set.maxFacts ?? DEFAULT_MAX_FACTS,
    maxFactChars: set.maxFactChars ?? DEFAULT_MAX_FACT_CHARS,
    policy: set.tools ?? 'auto',
  };
}
