import type { ToolCallStatus } from '@mb/contracts/types/wire/chat-message';

/** A call that ended, one way or another. */
export type FinishedStatus = Exclude<ToolCallStatus, 'running' | 'awaiting-confirmation'>;

/** The wording of tool calls in a reply, named once. */
export const toolCallTexts = {
  list: 'Tool calls',
  running: (tool: string) => `Running ${tool}…`,
  /** After the tool's name in a finished call's summary; `done` is said to screen readers only. */
  status: {
    done: 'done',
    error: 'Failed',
    denied: 'Denied by you',
    cancelled: 'Stopped',
  } satisfies Record<FinishedStatus, string>,
  arguments: 'Arguments',
  result: 'Result',
  error: 'Error',
  emptyResult: '(empty)',
  ask: (tool: string) => `Allow ${tool} to run?`,
  allow: 'Allow',
  deny: 'Deny',
  allowing: 'Allowing…',
  denying: 'Denying…',
  notWaiting: 'This call no longer waits for an answer.',
  notSent: 'Your answer could not be sent. Try again.',
  waiting: (tool: string) => `${tool} waits for your permission: Allow or Deny it in the reply.`,
} as const;

/** The model's arguments, indented when they are JSON (they are its text, so anything else shows as it came). */
export function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
