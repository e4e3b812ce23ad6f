// What the SQL of replies shares, opening one (opening/reply-opening.store.ts) and its life cycle (reply.store.ts).
import type {
  MessageProvenance,
  MessageSource,
  MessageUsage,
  ToolCallRecord,
} from '@mb/contracts/types/wire/chat-message';
import { ChatMessageEntity, type MessageRole } from '../../sessions';

/** The partial unique index that allows one streaming reply per session (migration StreamingReplies). */
export const ONE_STREAMING_REPLY = 'chat_messages_one_streaming_reply';
/** The unique (session_id, order) constraint (migration InitialSchema). */
export const ONE_ORDER_PER_MESSAGE = 'chat_messages_session_order';
const UNIQUE_VIOLATION = '23505';

export interface MessageRow {
  id: string;
  session_id: string;
  role: MessageRole;
  content: string;
  order: number;
  incomplete: boolean;
  sources: MessageSource[] | null;
  created_at: Date;
  streaming: boolean;
  owner_id: string | null;
  heartbeat_at: Date | null;
  usage: MessageUsage | null;
  provenance: MessageProvenance | null;
  superseded: boolean;
  version: number | null;
  tool_calls: ToolCallRecord[] | null;
}

export const toEntity = (row: MessageRow): ChatMessageEntity =>
  Object.assign(new ChatMessageEntity(), {
    id: String(row.id),
    sessionId: row.session_id,
    role: row.role,
    content: row.content,
    order: row.order,
    incomplete: row.incomplete,
    sources: row.sources,
    createdAt: row.created_at,
    streaming: row.streaming,
    ownerId: row.owner_id,
    heartbeatAt: row.heartbeat_at,
    usage: row.usage,
    provenance: row.provenance,
    superseded: row.superseded,
    version: row.version,
    toolCalls: row.tool_calls ?? null,
  });

export const sourcesJson = (sources: MessageSource[] | null) => (sources?.length ? JSON.stringify(sources) : null);

export function isViolationOf(error: unknown, index: string): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && constraint === index;
}
