import type { ToolDefinition } from '../../tool-definition';
import { ToolInputError } from '../../tool-input-error';

/** The built-ins an agent with `memory` is given, and only such an agent: they are not named in `tools`. */
export const MEMORY_TOOL_NAMES = ['remember', 'forget'] as const;

/**
 * What the memory tools act on: the facts of one agent for the person in one chat. Each answers the sentence the
 * model reads (and the chat shows under the call); a refusal (too long, memory full, no such fact) is thrown as one.
 */
export interface MemoryFacts {
  remember(fact: string): Promise<string>;
  forget(id: string): Promise<string>;
}

function stringArgument(args: unknown, name: string, example: string): string {
  const value = typeof args === 'object' && args !== null ? (args as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string' || !value.trim())
    throw new ToolInputError(`give ${name} as a non-empty string, e.g. {"${name}": "${example}"}`);
  return value.trim();
}

export function memoryTools(facts: MemoryFacts): Record<(typeof MEMORY_TOOL_NAMES)[number], ToolDefinition> {
  return {
    remember: {
      name: 'remember',
      description:
        'Keeps one short fact about the user or their situation for later chats with this assistant (a preference, ' +
        'a standing detail: "Prefers aisle seats", "The dog Luna is allergic to chicken"). Keep only what the user ' +
        'would want remembered; one fact per call, in a sentence of its own. The facts kept so far are listed in the ' +
        'system prompt with their ids.',
      parameters: {
        type: 'object',
        properties: { fact: { type: 'string', description: 'The fact, as one short sentence.' } },
        required: ['fact'],
        additionalProperties: false,
      },
      run: (args) => facts.remember(stringArgument(args, 'fact', 'Prefers aisle seats')),
    },
    forget: {
      name: 'forget',
      description:
        'Drops one remembered fact by its id (listed with the facts in the system prompt): when the user asks to ' +
        'forget it ("forget that") or it is no longer true. To change a fact, forget it and remember the new one.',
      parameters: {
        type: 'object',
        properties: { id: { type: 'string', description: 'The id of the fact, e.g. "f3a9c2e1".' } },
        required: ['id'],
        additionalProperties: false,
      },
      run: (args) => facts.forget(stringArgument(args, 'id', 'f3a9c2e1')),
    },
  };
}
