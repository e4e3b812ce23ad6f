import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ModelRequest, StreamedReply } from '../../llm';
import { type AgentToolset, answerWithTools, DEFAULT_MAX_TOOL_STEPS, type ToolLoopResult } from '../../tools';

/** What a run gives its tool cases: the agent's tools as the server would offer them, and a call's time limit. */
export interface EvalTools {
  forAgent(agent: AgentDefinition): AgentToolset;
  /** How long one tool call may run (TOOL_TIMEOUT_MS). */
  timeoutMs: number;
}

/**
 * A reply written as the server writes one with tools: the model is offered the agent's tools and its calls run,
 * up to the agent's step bound. There is no user to ask, so a call that waits for confirmation is allowed, as if
 * the user had pressed Allow.
 */
export function answerWithAgentTools(
  agent: AgentDefinition,
  request: ModelRequest,
  toolset: AgentToolset,
  timeoutMs: number,
  stream: (request: ModelRequest) => Promise<StreamedReply>,
): Promise<ToolLoopResult> {
  // Nobody watches an eval's reply, and nobody stops it; every call that would wait is allowed.
  const turn = { signal: new AbortController().signal, emit: () => undefined, decision: () => Promise.resolve(true) };
  return answerWithTools({
    request,
    tools: toolset.tools,
    maxSteps: agent.maxToolSteps ?? DEFAULT_MAX_TOOL_STEPS,
    timeoutMs,
    turn,
    stream,
  });
}
