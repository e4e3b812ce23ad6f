import { apiPath } from '@mb/contracts/api-paths';
import type { ToolCallRecord } from '@mb/contracts/types/wire/chat-message';
import type { ToolDecisionRequest } from '@mb/contracts/types/wire/tool-decision-request';
import type { ToolDecisionResponse } from '@mb/contracts/types/wire/tool-decision-response';
import { request } from '../api-client';

export type { ToolCallRecord, ToolDecisionResponse };

/** POST /api/chat/sessions/:id/turn/tool-calls/:callId. */
export const toolDecisionPath = (sessionId: string, callId: string) =>
  apiPath('toolDecision', { id: sessionId, callId });

/** The user's Allow or Deny of a call that waits for it; `accepted: false` when no such call waits any more. */
export function decideToolCall(
  sessionId: string,
  callId: string,
  allow: ToolDecisionRequest['allow'],
): Promise<ToolDecisionResponse> {
  return request('POST', toolDecisionPath(sessionId, callId), { body: { allow } satisfies ToolDecisionRequest });
}
