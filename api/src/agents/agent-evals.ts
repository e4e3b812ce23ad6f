import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { SchemaProblem } from '../common/json-schema';

/** How an eval's `matches` is read, the same for the checker and the runner: a JavaScript regular expression, case-insensitive. */
export const evalPattern = (source: string): RegExp => new RegExp(source, 'i');

/**
 * What the schema cannot say about an agent's evals: a conversation ends with the user's message,
 * every `matches` compiles, and case names are unique (they name the case in reports).
 */
export function evalProblems(agent: AgentDefinition): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const firstWithName = new Map<string, number>();
  (agent.evals ?? []).forEach((evalCase, index) => {
    const at = `/evals/${index}`;
    const earlier = firstWithName.get(evalCase.name);
    if (earlier === undefined) firstWithName.set(evalCase.name, index);
    else problems.push({ pointer: `${at}/name`, message: `repeats the name of /evals/${earlier}` });
    const last = evalCase.conversation[evalCase.conversation.length - 1];
    if (last?.role !== 'user') {
      problems.push({
        pointer: `${at}/conversation/${evalCase.conversation.length - 1}`,
        message: 'must be a user message (the last message is the one the model answers)',
      });
    }
    const { matches } = evalCase.expect;
    if (matches !== undefined) {
      try {
        evalPattern(matches);
      } catch (error) {
        problems.push({ pointer: `${at}/expect/matches`, message: `is not a valid regular expression: ${(error as Error).message}` });
      }
    }
  });
  return problems;
}
