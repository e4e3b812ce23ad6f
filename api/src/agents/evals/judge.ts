import type { AgentEvalMessage } from '@mb/contracts/types/agent';
import type { EvalModelCall } from './eval-model';

/** Fixed, so verdicts are comparable between runs and agents; only the criterion changes. */
export const JUDGE_RUBRIC = [
  'You grade one reply of an AI assistant against one criterion.',
  'Judge only the criterion, from the conversation and the reply; ignore style, length and anything the criterion does not ask about.',
  'A reply that meets the criterion only in part fails.',
  'Answer with a JSON object and nothing else (no code fence, no other text): {"pass": true or false, "reason": "one sentence saying why"}.',
].join('\n');

export const JUDGE_MAX_TOKENS = 300;

export function judgeCall(
  model: string,
  conversation: AgentEvalMessage[],
  reply: string,
  criterion: string,
): EvalModelCall {
  const transcript = conversation.map((m) => `<${m.role}>\n${m.content}\n</${m.role}>`).join('\n');
  const content = [
    `The conversation, oldest first:\n${transcript}`,
    `The reply to grade:\n<reply>\n${reply}\n</reply>`,
    `The criterion:\n<criterion>\n${criterion}\n</criterion>`,
  ].join('\n\n');
  return {
    model,
    temperature: 0,
    maxTokens: JUDGE_MAX_TOKENS,
    messages: [
      { role: 'system', content: JUDGE_RUBRIC },
      { role: 'user', content },
    ],
  };
}

export type Verdict = { ok: true; pass: boolean; reason: string } | { ok: false; problem: string };

const SHAPE = '{"pass": boolean, "reason": string}';

/** Strict: the whole answer is one JSON object with exactly `pass` (boolean) and `reason` (string). */
export function parseVerdict(answer: string): Verdict {
  const quoted = JSON.stringify(answer.length > 80 ? `${answer.slice(0, 80)}…` : answer);
  const unparsable: Verdict = { ok: false, problem: `the judge's verdict is not ${SHAPE}: ${quoted}` };
  let value: unknown;
  try {
    value = JSON.parse(answer.trim());
  } catch {
    return unparsable;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return unparsable;
  const verdict = value as Record<string, unknown>;
  const keys = Object.keys(verdict).sort();
  if (keys.join() !== 'pass,reason' || typeof verdict.pass !== 'boolean' || typeof verdict.reason !== 'string') {
    return unparsable;
  }
  return { ok: true, pass: verdict.pass, reason: verdict.reason };
}
