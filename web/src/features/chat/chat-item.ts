import type { ChatAttachment } from '../../lib/api/attachments';
import type { ChatMessage, MessageSource, MessageUsage, MessageProvenance } from '../../lib/api/sessions';
import type { ToolCallRecord } from '../../lib/api/tool-decisions';

export type MessageVersions = NonNullable<ChatMessage['versions']>;

/** One line of the visible conversation. Notices are ours (errors), never sent to the model. */
export type ChatItem =
  | {
      kind: 'user';
      key: string;
      /** May be empty when the message carries attachments. */
      content: string;
      /** Photos and documents sent with it, in order. */
      attachments?: ChatAttachment[];
      /** On the last exchange when it has several versions (Regenerate, Edit message). */
      versions?: MessageVersions;
    }
  | {
      kind: 'assistant';
      key: string;
      content: string;
      versions?: MessageVersions;
      sources: MessageSource[];
      /** The tools the model called for this reply, in the order they started (absent when none). */
      toolCalls?: ToolCallRecord[];
      /** Saved as a partial reply: the service failed or the user stopped it. */
      incomplete: boolean;
      /** Still arriving token by token. */
      streaming: boolean;
      /** Saved replies only, when the server recorded them. */
      usage?: MessageUsage;
      provenance?: MessageProvenance;
    }
  | {
      kind: 'notice';
      key: string;
      title?: string;
      text: string;
      details?: string[];
      /** Another key may fix it. */
      reconnect?: boolean;
      /** The message itself was refused: changing it fixes it. */
      refused?: boolean;
    };
