import type { AgentCopyToast } from '@mb/contracts/types/agent';
import type { LastExchange } from '../conversation/conversation-state';
import type { DecideToolCall } from './tool-calls/decide-tool-call';
import type { ToolCallFocus } from './tool-calls/tool-call-focus';

/** Regenerate, Edit message and the version switcher of the chat's last exchange. */
export type ExchangeActions = {
  /** False while a reply is written or another version is on its way: the actions are hidden or disabled. */
  enabled: boolean;
  onRegenerate: () => void;
  onEdit: (content: string) => void;
  onShowVersion: (version: number) => void;
};

/** What a message may need beyond its item: the agent's own wording, and the last exchange's actions. */
export type MessageContext = {
  copyToast?: AgentCopyToast;
  exchange: LastExchange | null;
  actions?: ExchangeActions;
  /** Shows a version and gives the focus back to the button used (the exchange's messages are replaced). */
  showVersion: (version: number, from: string) => void;
  /** Sends the user's Allow or Deny of a tool call that waits for it. */
  decideToolCall: DecideToolCall;
  /** Keeps the focus a call's line took across the reply's redrawing (streamed, then saved). */
  toolCallFocus: ToolCallFocus;
};
