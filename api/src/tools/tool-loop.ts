import type { ToolCallRecord } from '@mb/contracts/types/wire/chat-message';
import {
  ModelCallAborted,
  type ModelMessage,
  type ModelRequest,
  type ModelToolCall,
  type ModelUsage,
  type StreamedReply,
  ToolsRefused,
} from '../llm';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { GrantedTool } from './tool-catalog.service';
import { wellFormed } from '../common/safe-json';
import { capOutput } from './tool-output';

/** What the loop reports to and waits on: a reply being written (ActiveTurn), or an eval's stand-in. */
export interface ToolLoopHost {
  readonly signal: AbortSignal;
  emit(event: ChatTurnEvent): void;
  /** The user's Allow (true) or Deny of a call that waits for it. */
  decision(callId: string): Promise<boolean>;
}

export interface ToolLoopInput {
  request: ModelRequest;
  tools: GrantedTool[];
  maxSteps: number;
  /** How long one call may run. */
  timeoutMs: number;
  turn: ToolLoopHost;
  /** One model call, its tokens going to the turn. */
  stream(request: ModelRequest): Promise<StreamedReply>;
  /**
   * No one watches the reply (a program asked for it): a call that waits for confirmation runs at once when the
   * caller allows such tools, else is denied and the model told why. Absent: the user is asked.
   */
  unattended?: { runsConfirmTools: boolean };
}

export interface ToolLoopResult {
  reply: StreamedReply;
  records: ToolCallRecord[];
  /** Why tool use ended before the model was done with it. */
  stepsEnded?: string;
  /** Why the reply was written without tools. */
  toolsUnavailable?: string;
}

const TOOLS_REFUSED = 'The model (or its server) does not take tool calls, so it answered without tools.';
const stepsSpent = (steps: number) =>
  `The model used its ${steps} tool steps, so it was asked to answer with what it had.`;
const NO_ONE_TO_CONFIRM =
  'Not run: this tool needs a person to allow each call, and this conversation comes through the API, where no one ' +
  'can. Answer without it, and say that it needs to be allowed in the chat.';
const REPEATED = 'The model repeated an identical call, so it was asked to answer with what it had.';

/** A call's identity for the repeat breaker: its function and its arguments, keys in order. */
function callKey(call: ModelToolCall): string {
  try {
    const sorted = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sorted)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.keys(value)
                .sort()
                .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
            )
          : value;
    return `${call.name}:${JSON.stringify(sorted(JSON.parse(call.arguments || '{}')))}`;
  } catch {
    return `${call.name}:${call.arguments}`;
  }
}

const sumUsage = (a: ModelUsage | undefined, b: ModelUsage | undefined, first: boolean): ModelUsage | undefined =>
  first
    ? b
    : a && b
      ? { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens }
      : undefined;

/**
 * A reply that may call tools: the model is offered them and each call it asks for runs (or waits for the
 * user's Allow when its policy says confirm), its answer going back to the model, until the model answers in
 * words. Bounded: at most `maxSteps` calls that ask for tools, and a call identical to an earlier one ends the
 * tool use; either way the model then answers without tools. A tool's failure or time-out is told to the
 * model; a stop ends the running tool and the reply.
 */
export async function answerWithTools(input: ToolLoopInput): Promise<ToolLoopResult> {
  const { turn, tools } = input;
  const byName = new Map(tools.map((tool) => [tool.functionName, tool]));
  const offered = tools.map(({ functionName, definition }) => ({
    name: functionName,
    description: definition.description,
    parameters: definition.parameters as Record<string, unknown>,
  }));
  const messages: ModelMessage[] = [...input.request.messages];
  const records: ToolCallRecord[] = [];
  const seen = new Set<string>();
  const texts: string[] = [];
  let usage: ModelUsage | undefined;
  let stepsEnded: string | undefined;
  let toolsUnavailable: string | undefined;

  for (let step = 1; ; step++) {
    const withTools = offered.length > 0 && step <= input.maxSteps && !stepsEnded && !toolsUnavailable;
    let reply: StreamedReply;
    try {
      reply = await input.stream({ ...input.request, messages, ...(withTools && { tools: offered }) });
    } catch (error) {
      if (!(error instanceof ToolsRefused) || !withTools) throw error;
      toolsUnavailable = TOOLS_REFUSED;
      continue;
    }
    usage = sumUsage(usage, reply.usage, step === 1);
    if (reply.text) texts.push(reply.text);
    if (!withTools || !reply.toolCalls?.length)
      return { reply: { text: texts.join('\n\n'), usage }, records, stepsEnded, toolsUnavailable };

    // Words said before the calls stay in the reply; what the model says next starts a new paragraph.
    if (reply.text) turn.emit({ type: 'token', text: '\n\n' });
    messages.push({ role: 'assistant', content: reply.text, toolCalls: reply.toolCalls });
    for (const call of reply.toolCalls) {
      const key = callKey(call);
      const repeated = seen.has(key);
      seen.add(key);
      const answer = repeated
        ? 'Not run: identical to an earlier call, whose answer is above.'
        : await runCall(call, byName.get(call.name), input, records);
      if (repeated) stepsEnded = REPEATED;
      messages.push({ role: 'tool', toolCallId: call.id, content: answer });
    }
    if (step >= input.maxSteps) stepsEnded ??= stepsSpent(input.maxSteps);
  }
}

/** One call: run at once, or after the user allows it; its record told to the chat; its answer for the model. */
async function runCall(
  call: ModelToolCall,
  tool: GrantedTool | undefined,
  input: ToolLoopInput,
  records: ToolCallRecord[],
): Promise<string> {
  const { turn } = input;
  // What the model wrote is stored with the reply: half a character in it would fail the whole reply's save.
  const record: ToolCallRecord = {
    id: wellFormed(call.id),
    tool: tool?.grant ?? wellFormed(call.name),
    arguments: wellFormed(call.arguments || '{}'),
    status: 'running',
  };
  records.push(record);
  const tell = (type: 'tool-call' | 'tool-result') => turn.emit({ type, call: { ...record } });
  const finish = (status: ToolCallRecord['status'], fields: Partial<ToolCallRecord>, answer: string) => {
    Object.assign(record, { status, ...fields });
    tell('tool-result');
    return answer;
  };

  if (!tool)
    return finish('error', { error: `No tool is named ${record.tool}.` }, `Error: no tool is named ${record.tool}.`);
  let args: unknown;
  try {
    args = JSON.parse(call.arguments || '{}');
  } catch {
    return finish(
      'error',
      { error: 'The arguments were not valid JSON.' },
      'Error: the arguments were not valid JSON.',
    );
  }

  if (tool.policy === 'confirm' && input.unattended) {
    if (!input.unattended.runsConfirmTools) return finish('denied', {}, NO_ONE_TO_CONFIRM);
  } else if (tool.policy === 'confirm') {
    record.status = 'awaiting-confirmation';
    tell('tool-call');
    const allowed = await turn.decision(call.id);
    if (turn.signal.aborted) {
      finish('cancelled', {}, '');
      throw new ModelCallAborted();
    }
    if (!allowed) return finish('denied', {}, 'The user declined to run this call.');
    record.status = 'running';
  }
  tell('tool-call');

  const started = performance.now();
  const timeout = AbortSignal.timeout(input.timeoutMs);
  const signal = AbortSignal.any([turn.signal, timeout]);
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const output = capOutput(await untilAborted(tool.definition.run(args, signal), signal));
    return finish('done', { result: output, durationMs: durationMs() }, output);
  } catch (error) {
    if (turn.signal.aborted) {
      finish('cancelled', { durationMs: durationMs() }, '');
      throw new ModelCallAborted();
    }
    const why = timeout.aborted
      ? `No answer within ${Math.round(input.timeoutMs / 1000)} s.`
      : capOutput((error as Error).message || 'The tool failed.', 1_000);
    return finish('error', { error: why, durationMs: durationMs() }, `Error: ${why}`);
  }
}

/** A tool that ignores its signal still lets the reply go on: the call is given up when the signal fires. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abandon = () => reject(new Error('aborted'));
    if (signal.aborted) return abandon();
    signal.addEventListener('abort', abandon, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abandon));
  });
}
