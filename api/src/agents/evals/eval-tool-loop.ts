import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { ModelRequest, StreamedReply } from '../../llm';
import type { AgentToolset } from '../../tools';
/*
 * The one reach into the turns module from here: an eval answers with tools through the very loop a chat
 * reply runs (turns/tool-loop.ts) and the turn it reports to, which the turns module does not export because
 * no other module runs replies. Both files are plain code that starts no Nest module.
 */
/* eslint-disable no-restricted-imports */
import { ActiveTurn } from '../../turns/active-turns';
import { answerWithTools, type ToolLoopResult } from '../../turns/tool-loop';
/* eslint-enable no-restricted-imports */
import { DEFAULT_MAX_TOOL_STEPS } from '../tool-grants';

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
  const turn = new ActiveTurn('eval', 'eval');
  turn.subscribe((event) => {
    // Told before the loop starts waiting for the decision; the microtask answers once it waits.
    if (event.type === 'tool-call' && event.call.status === 'awaiting-confirmation')
      queueMicrotask(() => turn.decide(event.call.id, true));
  });
  return answerWithTools({
    request,
    tools: toolset.tools,
    maxSteps: agent.maxToolSteps ?? DEFAULT_MAX_TOOL_STEPS,
    timeoutMs,
    turn,
    stream,
  });
}
