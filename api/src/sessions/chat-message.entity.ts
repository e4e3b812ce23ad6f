import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import type {
  MessageProvenance,
  MessageSource,
  MessageUsage,
  ToolCallRecord,
} from '@mb/contracts/types/wire/chat-message';

export const MESSAGE_ROLES = ['system', 'user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** Far beyond any real conversation, and far enough below int4's limit that MAX + 1 never overflows. */
export const MAX_MESSAGE_ORDER = 1_000_000;

@Entity({ name: 'chat_messages' })
export class ChatMessageEntity {
  // bigint arrives from pg as a string, which is also how it is sent to clients.
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ type: 'varchar', length: 16 })
  role: MessageRole;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'integer' })
  order: number;

  /** A reply cut short (upstream failure or a stop): what arrived is kept. */
  @Column({ type: 'boolean', default: false })
  incomplete: boolean;

  /** The web pages a search-backed reply drew on. */
  @Column({ type: 'jsonb', nullable: true })
  sources: MessageSource[] | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** A reply's token usage (null for user messages and older replies). */
  @Column({ type: 'jsonb', nullable: true })
  usage: MessageUsage | null;

  /** What produced a reply: model, strategy, fallbacks, retries, search, persona hash. */
  @Column({ type: 'jsonb', nullable: true })
  provenance: MessageProvenance | null;

  /** The tools a reply called, in order (null when none). */
  @Column({ name: 'tool_calls', type: 'jsonb', nullable: true })
  toolCalls: ToolCallRecord[] | null;

  /** Being written: the row holds the reply so far (checkpointed), and listings leave it out. */
  @Column({ type: 'boolean', default: false })
  streaming: boolean;

  /** While streaming: the process writing it (a random id per boot). */
  @Column({ name: 'owner_id', type: 'text', nullable: true })
  ownerId: string | null;

  /**
   * A version of the chat's last exchange that is not the chosen one (Regenerate, Edit message): kept for
   * switching back, seen by nothing else (listings, the model, summaries, search and export skip it).
   */
  @Column({ type: 'boolean', default: false })
  superseded: boolean;

  /** Which version of its exchange this message belongs to (1, 2, …); null when the exchange has only one. */
  @Column({ type: 'integer', nullable: true })
  version: number | null;

  /** While streaming: when its owner last renewed the lease (database clock). */
  @Column({ name: 'heartbeat_at', type: 'timestamptz', nullable: true })
  heartbeatAt: Date | null;

  /** While streaming: a stop asked through the database, which its owner reads with its next checkpoint. */
  @Column({ name: 'stop_requested', type: 'boolean', default: false })
  stopRequested: boolean;

  /** Not a column: the files a user message was sent with, filled in by whoever lists it for a client. */
  attachments?: ChatAttachment[];
}
