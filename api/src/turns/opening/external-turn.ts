import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { Viewer } from '../../access';
import type { TurnTuning, Unattended } from '../run/opened-turn';

/** A message of the conversation a program sends before its new one. */
export interface ExternalMessage {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * A turn a program asks for (the OpenAI-compatible API) rather than the chat page: plain text (no files, never a
 * pasted configuration), the caller's instructions and settings, and no one to confirm a tool call.
 */
export interface ExternalTurnRequest {
  agent: AgentDefinition;
  content: string;
  tuning: TurnTuning;
  unattended: Unattended;
  /** Who the key acts for: whose memory the reply reads and keeps (absent: the chat owner's). */
  viewer?: Viewer;
}

/** Kept: in the stored chat the caller chose, which holds the conversation before this message. */
export interface KeptTurnRequest extends ExternalTurnRequest {
  sessionId: string;
}

/** Not kept (store: false): the conversation before it is the caller's, held in memory for this reply only. */
export interface UnkeptTurnRequest extends ExternalTurnRequest {
  earlier: ExternalMessage[];
}
