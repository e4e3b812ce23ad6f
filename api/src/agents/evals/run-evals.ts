import { performance } from 'node:perf_hooks';
import type { AgentDefinition, AgentEvalCase } from '@mb/contracts/types/agent';
import type { ToolCallRecord } from '@mb/contracts/types/wire/chat-message';
import type { KnowledgeGrounding } from '../../knowledge';
import type { ModelRequest } from '../../llm';
import { personaPrompt } from '../persona-prompt';
import { checksToolUse, textCheckFailures, toolCheckFailures } from './eval-checks';
import { checksCitations, citationFailures, type CitedSource } from './eval-citations';
import { type EvalModel, type EvalModelAnswer, EvalModelError } from './eval-model';
import { answerWithAgentTools, type EvalTools } from './eval-tool-loop';
import { judgeCall, parseVerdict } from './judge';

export interface EvalTarget {
  agent: AgentDefinition;
  evalCase: AgentEvalCase;
}

export interface EvalResult {
  agent: string;
  case: string;
  pass: boolean;
  /** Why it failed; for a judged case that passed, the judge's reason; otherwise empty. */
  reason: string;
  model: string;
  /** The reply graded; null when the model call failed. */
  reply: string | null;
  /** Time of the reply: its model call, or with tools every model and tool call of it (the judge's is apart). */
  latencyMs: number;
  /** Tokens of every call the case made (reply and judge); null when the service reported none. */
  tokens: { prompt: number; completion: number } | null;
  /** A case that checks tool use: the calls the reply made, in order (none: empty). Absent for other cases. */
  toolCalls?: ToolCallRecord[];
  /** Why tools the agent grants were not offered, or the model answered without tools. */
  toolsUnavailable?: string;
  /** Why tool use ended before the model was done with it (step bound, a repeated call). */
  toolStepsEnded?: string;
  /** A case that checks citations: the knowledge sources the reply showed, best first (none: empty). Absent for other cases. */
  cited?: CitedSource[];
  judge?: { model: string; verdict: string | null; latencyMs: number };
}

/** What a run gives its citation cases: the agent's knowledge as a chat turn gets it. */
export interface EvalKnowledge {
  /** The knowledge for this call (its model, settings, system prompt and conversation); undefined when the agent has none. */
  ground(agent: AgentDefinition, request: ModelRequest): Promise<KnowledgeGrounding | undefined>;
}

export interface EvalRunOptions {
  /** The model every call uses when the agent's file names none. */
  defaultModel: string;
  /** The model that judges; absent: the agent's own. */
  judgeModel?: string;
  /** Cases in progress at once (a case holds its slot through its judge call). */
  concurrency: number;
  /** The agents' tools, for cases that check tool use; absent: such cases are offered none. */
  tools?: EvalTools;
  /** The agents' knowledge, for cases that check citations; absent: such cases read none. */
  knowledge?: EvalKnowledge;
  /** Told of each case as it finishes, in finishing order. */
  onResult?(result: EvalResult, done: number, total: number): void;
}

/** Every target in `targets` order, run at most `concurrency` at a time. */
export async function runEvals(targets: EvalTarget[], model: EvalModel, options: EvalRunOptions): Promise<EvalResult[]> {
  let done = 0;
  return mapConcurrently(targets, options.concurrency, async (target) => {
    const result = await runCase(target, model, options);
    options.onResult?.(result, ++done, targets.length);
    return result;
  });
}

/** Like Promise.all over `items.map(work)`, with no more than `limit` calls of `work` unsettled at once. */
export async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}

async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; latencyMs: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, latencyMs: Math.round(performance.now() - started) };
}

const failureText = (error: unknown) => (error instanceof EvalModelError ? error.message : 'the model call failed');

/** The system prompt with the knowledge after the persona, as a chat's request has it. */
const grounded = (request: ModelRequest, grounding: KnowledgeGrounding): ModelRequest => {
  const [system, ...rest] = request.messages;
  return { ...request, messages: [{ ...system, content: `${system.content}\n\n${grounding.text}` }, ...rest] };
};

/** A citation case's request with the agent's knowledge, the sources the reply shows of it, and why it shows none. */
interface Grounded {
  request: ModelRequest;
  cited: CitedSource[];
  whyNone: string;
}

async function groundingOf({ agent }: EvalTarget, request: ModelRequest, options: EvalRunOptions): Promise<Grounded> {
  if (!options.knowledge) return { request, cited: [], whyNone: 'this run reads no knowledge' };
  const grounding = await options.knowledge.ground(agent, request);
  if (!grounding) return { request, cited: [], whyNone: 'the agent has no knowledge' };
  const { sources, notes } = grounding.read;
  return {
    request: grounded(request, grounding),
    cited: sources.map(({ file, where, page }) => ({ file, where, ...(page !== undefined && { page }) })),
    // A file not read (missing, unreadable, still being read) is the likely reason; else nothing matched.
    whyNone: notes.length ? notes.join('; ') : 'no passage matched the question',
  };
}

/** The reply to grade: its text, and for a case that checks tool use the calls it made and why tools fell short. */
type Reply = { text: string } & Pick<EvalResult, 'toolCalls' | 'toolsUnavailable' | 'toolStepsEnded'>;

/** One model call without tools (as every case was before tools), or the tool loop the server runs. */
async function writeReply(
  { agent, evalCase }: EvalTarget,
  request: ModelRequest,
  model: EvalModel,
  options: EvalRunOptions,
  usages: EvalModelAnswer['usage'][],
): Promise<Reply> {
  const call = async (request: ModelRequest) => {
    const answer = await model.complete(request);
    usages.push(answer.usage);
    return answer;
  };
  if (!checksToolUse(evalCase.expect)) return { text: (await call(request)).text };
  const toolset = options.tools?.forAgent(agent) ?? { tools: [], unavailable: ['This run offers no tools.'] };
  const { reply, records, stepsEnded, toolsUnavailable } = await answerWithAgentTools(
    agent,
    request,
    toolset,
    options.tools?.timeoutMs ?? 0,
    call,
  );
  const unavailable = [toolsUnavailable, ...toolset.unavailable].filter(Boolean).join(' ');
  return {
    text: reply.text,
    toolCalls: records,
    ...(unavailable && { toolsUnavailable: unavailable }),
    ...(stepsEnded && { toolStepsEnded: stepsEnded }),
  };
}

async function runCase(target: EvalTarget, model: EvalModel, options: EvalRunOptions): Promise<EvalResult> {
  const { agent, evalCase } = target;
  const modelName = agent.model.name ?? options.defaultModel;
  const base = { agent: agent.id, case: evalCase.name, model: modelName };
  const usages: EvalModelAnswer['usage'][] = [];
  const tokens = () =>
    usages.every((usage) => usage !== undefined)
      ? {
          prompt: usages.reduce((sum, usage) => sum + (usage?.promptTokens ?? 0), 0),
          completion: usages.reduce((sum, usage) => sum + (usage?.completionTokens ?? 0), 0),
        }
      : null;

  const plain: ModelRequest = {
    model: modelName,
    temperature: agent.model.temperature,
    maxTokens: agent.model.maxTokens,
    messages: [{ role: 'system', content: personaPrompt(agent.persona) }, ...evalCase.conversation],
  };
  let knowledge: Grounded | { request: ModelRequest };
  try {
    knowledge = checksCitations(evalCase.expect) ? await groundingOf(target, plain, options) : { request: plain };
  } catch (error) {
    const reason = `the knowledge could not be read: ${(error as Error).message}`;
    return { ...base, pass: false, reason, reply: null, latencyMs: 0, tokens: null, cited: [] };
  }
  const cited = 'cited' in knowledge ? { cited: knowledge.cited } : {};

  let reply: { answer: Reply; latencyMs: number };
  try {
    reply = await timed(() => writeReply(target, knowledge.request, model, options, usages));
  } catch (error) {
    return { ...base, pass: false, reason: failureText(error), reply: null, latencyMs: 0, tokens: null, ...cited };
  }
  const { text, ...toolUse } = reply.answer;
  const answered = { ...base, reply: text, latencyMs: reply.latencyMs, ...toolUse, ...cited };
  if (!text.trim()) return { ...answered, pass: false, reason: 'the reply is empty', tokens: tokens() };

  const toolFailures = toolUse.toolCalls ? toolCheckFailures(toolUse.toolCalls, evalCase.expect) : [];
  // A tool the reply could not call explains a failed tool check.
  if (toolFailures.length && toolUse.toolsUnavailable) toolFailures.push(toolUse.toolsUnavailable);
  const citationProblems = 'cited' in knowledge ? citationFailures(knowledge.cited, evalCase.expect, knowledge.whyNone) : [];
  const failures = [...textCheckFailures(text, evalCase.expect), ...toolFailures, ...citationProblems];
  const criterion = evalCase.expect.judge;
  if (failures.length || criterion === undefined) {
    return { ...answered, pass: failures.length === 0, reason: failures.join('; '), tokens: tokens() };
  }

  const judgeModel = options.judgeModel ?? modelName;
  let judged: { answer: EvalModelAnswer; latencyMs: number };
  try {
    judged = await timed(() => model.complete(judgeCall(judgeModel, evalCase.conversation, text, criterion)));
  } catch (error) {
    return {
      ...answered,
      pass: false,
      reason: `judge: ${failureText(error)}`,
      tokens: tokens(),
      judge: { model: judgeModel, verdict: null, latencyMs: 0 },
    };
  }
  usages.push(judged.answer.usage);
  const judge = { model: judgeModel, verdict: judged.answer.text, latencyMs: judged.latencyMs };
  const verdict = parseVerdict(judged.answer.text);
  if (!verdict.ok) return { ...answered, pass: false, reason: verdict.problem, tokens: tokens(), judge };
  return { ...answered, pass: verdict.pass, reason: `judge: ${verdict.reason}`, tokens: tokens(), judge };
}
