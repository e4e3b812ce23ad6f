import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { SchemaProblem } from '../common/json-schema';
import { toolGrantsOf } from '../tools';

/** How an eval's `matches` is read, the same for the checker and the runner: a JavaScript regular expression, case-insensitive. */
export const evalPattern = (source: string): RegExp => new RegExp(source, 'i');

/**
 * Whether `name`, as an eval names a tool ("calculator", "mcp:everything/echo", or "mcp:everything" for every tool
 * of that server), covers `tool`, named the same way (a call's record says "mcp:<server>/<tool>").
 */
export const namesTool = (name: string, tool: string): boolean =>
  name === tool || (/^mcp:[^/]+$/.test(name) && tool.startsWith(`${name}/`));

/** Whether the agent's `tools` grant something `name` covers, or something that covers it. */
function grantsTool(agent: AgentDefinition, name: string): boolean {
  return toolGrantsOf(agent).grants.some((grant) => {
    const granted = grant.kind === 'builtin' ? grant.name : `mcp:${grant.server}${grant.tool ? `/${grant.tool}` : ''}`;
    return namesTool(granted, name) || namesTool(name, granted);
  });
}

/**
 * What the schema cannot say about an agent's evals: a conversation ends with the user's message,
 * every `matches` compiles, case names are unique (they name the case in reports), and every tool a case
 * must call is one the agent's `tools` grant (another could never be called).
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
    (evalCase.expect.calls ?? []).forEach((name, call) => {
      if (!grantsTool(agent, name))
        problems.push({ pointer: `${at}/expect/calls/${call}`, message: `names "${name}", which the agent's tools do not grant` });
    });
  });
  return problems;
}
