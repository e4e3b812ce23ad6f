/* eslint-disable */
/**
 * Generated from schemas/wire/chat-turn-event.schema.json by schemas/generate-types.ts.
 * Do not edit: change the schema, then run `npm run schemas:types`.
 */

import type { ChatMessage, MessageSource, ToolCallRecord } from './chat-message.js';
import type { ChatSession } from './chat-session.js';
import type { ErrorCode } from './error-code.js';

/**
 * One server-sent event of a streaming turn (`data: <json>`). Order: session, user-message, then sources?, token* (with tool-call and tool-result events between them when the model uses tools), and one of done, stopped or error (a reconfiguration sends reconfigured and done instead). Re-attaching to a running turn starts with snapshot.
 */
export type ChatTurnEvent =
  | ChatTurnSessionEvent
  | ChatTurnUserMessageEvent
  | ChatTurnSourcesEvent
  | ChatTurnTokenEvent
  | ChatTurnToolCallEvent
  | ChatTurnToolResultEvent
  | ChatTurnSnapshotEvent
  | ChatTurnReconfiguredEvent
  | ChatTurnDoneEvent
  | ChatTurnStoppedEvent
  | ChatTurnErrorEvent;

/**
 * The session of this turn (created now when `created`).
 */
export interface ChatTurnSessionEvent {
  type: 'session';
  session: ChatSession;
  created: boolean;
}
/**
 * The user's message, saved before the model is called. It comes again, before any token, when the model refused the request as too long and what it reads of the message's files was planned anew for its smaller window (each document's `read` says what it reads now).
 */
export interface ChatTurnUserMessageEvent {
  type: 'user-message';
  message: ChatMessage;
}
/**
 * The web pages the coming reply draws on.
 */
export interface ChatTurnSourcesEvent {
  type: 'sources';
  sources: MessageSource[];
}
/**
 * The next piece of the reply's text.
 */
export interface ChatTurnTokenEvent {
  type: 'token';
  text: string;
}
/**
 * The model called a tool: `call` is running, or awaits the user's Allow or Deny (POST /api/chat/sessions/:id/turn/tool-calls/:callId).
 */
export interface ChatTurnToolCallEvent {
  type: 'tool-call';
  call: ToolCallRecord;
}
/**
 * A tool call ended: done, error, denied or cancelled, with its result.
 */
export interface ChatTurnToolResultEvent {
  type: 'tool-result';
  call: ToolCallRecord;
}
/**
 * Re-attached to a running turn: the reply so far.
 */
export interface ChatTurnSnapshotEvent {
  type: 'snapshot';
  text: string;
  sources: MessageSource[];
  /**
   * The reply's tool calls so far.
   */
  toolCalls?: ToolCallRecord[];
}
/**
 * A pasted configuration now is this chat's persona.
 */
export interface ChatTurnReconfiguredEvent {
  type: 'reconfigured';
  session: ChatSession;
}
/**
 * The reply, saved.
 */
export interface ChatTurnDoneEvent {
  type: 'done';
  message: ChatMessage;
}
/**
 * The user stopped the reply: `message` is what arrived, saved and marked incomplete, or null when nothing had arrived.
 */
export interface ChatTurnStoppedEvent {
  type: 'stopped';
  message: ChatMessage | null;
}
/**
 * The turn failed. `partial` is what arrived before, saved and marked incomplete, or null.
 */
export interface ChatTurnErrorEvent {
  type: 'error';
  code: ErrorCode;
  /**
   * What went wrong, in a sentence meant for the user.
   */
  message: string;
  partial: ChatMessage | null;
  /**
   * The user's message was taken back and is not stored (the model could not read it: MESSAGE_TOO_LONG), nor is the chat when this turn began it: the draft is the user's again. A new version (regenerate, edit) taken back leaves the exchange as it was before, the version it replaced chosen again.
   */
  withdrawn?: boolean;
}
