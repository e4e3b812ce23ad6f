import type { AgentEvalExpectation } from '@mb/contracts/types/agent';
import type { ToolCallRecord } from '@mb/contracts/types/wire/chat-message';
import { evalPattern, namesTool } from '../agent-evals';

/** The text checks of an expectation (everything but the judge); one line per check that fails, none when all pass. */
export function textCheckFailures(reply: string, expect: AgentEvalExpectation): string[] {
  const text = reply.toLowerCase();
  const failures: string[] = [];
  for (const wanted of expect.contains ?? []) {
    if (!text.includes(wanted.toLowerCase())) failures.push(`does not contain "${wanted}"`);
  }
  for (const unwanted of expect.notContains ?? []) {
    if (text.includes(unwanted.toLowerCase())) failures.push(`contains "${unwanted}"`);
  }
  if (expect.matches !== undefined && !evalPattern(expect.matches).test(reply)) {
    failures.push(`does not match /${expect.matches}/i`);
  }
  return failures;
}

/** Whether the case is answered with the agent's tools: only a case that checks tool use is. */
export const checksToolUse = (expect: AgentEvalExpectation): boolean =>
  expect.calls !== undefined || expect.notCalls !== undefined;

/**
 * The tool checks of an expectation against the calls the reply made (whatever their outcome); one line per
 * check that fails. A forbidden server names the tools of it that were called.
 */
export function toolCheckFailures(calls: ToolCallRecord[], expect: AgentEvalExpectation): string[] {
  const failures: string[] = [];
  for (const wanted of expect.calls ?? []) {
    if (!calls.some((call) => namesTool(wanted, call.tool))) failures.push(`does not call "${wanted}"`);
  }
  for (const unwanted of expect.notCalls ?? []) {
    const called = [...new Set(calls.filter((call) => namesTool(unwanted, call.tool)).map((call) => call.tool))];
    if (!called.length) continue;
    failures.push(called.join() === unwanted ? `calls "${unwanted}"` : `calls "${unwanted}" (${called.join(', ')})`);
  }
  return failures;
}
