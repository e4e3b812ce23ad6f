import type { ToolDecisionResponse } from '../../../../lib/api/tool-decisions';

/** Sends the user's Allow or Deny of a waiting call (the chat's session is the caller's to know). */
export type DecideToolCall = (callId: string, allow: boolean) => Promise<ToolDecisionResponse>;

/** Without a chat to answer in, no call waits for an answer. */
export const noCallWaits: DecideToolCall = () => Promise.resolve({ accepted: false });
