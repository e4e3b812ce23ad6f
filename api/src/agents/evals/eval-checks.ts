import type { AgentEvalExpectation } from '@mb/contracts/types/agent';
import { evalPattern } from '../agent-evals';

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
