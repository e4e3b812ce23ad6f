import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { MessageSource } from '../../../../schemas/types/wire/chat-message';
import { ChatMessageEntity, type MessageRole } from '../chat-message.entity';
import { ChatSessionEntity } from '../chat-session.entity';
import { MAX_MESSAGE_ORDER } from '../chat.store';

/** The partial unique index that allows one streaming reply per session (migration StreamingReplies). */
const ONE_STREAMING_REPLY = 'chat_messages_one_streaming_reply';
/** The unique (session_id, order) constraint (migration InitialSchema). */
const ONE_ORDER_PER_MESSAGE = 'chat_messages_session_order';
const UNIQUE_VIOLATION = '23505';

export interface OpenedReply {
  userMessage: ChatMessageEntity;
  /** The assistant's row, streaming and empty, leased to the owner. */
  reply: ChatMessageEntity;
}

export type OpenReplyResult =
  ({ ok: true } & OpenedReply) | { ok: false; reason: 'session-missing' | 'reply-in-progress' | 'orders-exhausted' };

/** What a checkpoint writes for one reply; null keeps what the row holds. */
export interface ReplyCheckpoint {
  id: string;
  content: string | null;
  sources: MessageSource[] | null;
}

export interface ReplyEnding {
  content: string;
  sources: MessageSource[];
  incomplete: boolean;
}

/** Which streaming replies have lost their writer. */
export type Orphans = { silentForMs: number } | { notOwnedBy: string };

interface MessageRow {
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
}

const toEntity = (row: MessageRow): ChatMessageEntity =>
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
  });

const sourcesJson = (sources: MessageSource[] | null) => (sources?.length ? JSON.stringify(sources) : null);

function isViolationOf(error: unknown, index: string): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && constraint === index;
}

/** The user's message (order n) and the reply's streaming row (n + 1), leased to $4. */
const OPENING_ROWS = `(VALUES ('user', $2::text, 0, false, NULL::text, NULL::timestamptz),
         ('assistant', '', 1, true, $4::text, now())) AS v(role, content, pos, streaming, owner_id, heartbeat_at)`;

const OPEN_IN_NEW_SESSION = `
  WITH session AS (
    INSERT INTO chat_sessions (id, agent_type, title, system_prompt, created_at, updated_at)
    VALUES ($1::uuid, $5, $6, $7, $3::timestamptz, $3::timestamptz)
  )
  INSERT INTO chat_messages (session_id, role, content, "order", created_at, streaming, owner_id, heartbeat_at)
  SELECT $1::uuid, v.role, v.content, v.pos, $3::timestamptz, v.streaming, v.owner_id, v.heartbeat_at
  FROM ${OPENING_ROWS}
  RETURNING *`;

/** Updating the session takes its row lock, so concurrent messages get consecutive orders (or, racing, a retry). */
const OPEN_IN_SESSION = `
  WITH touched AS (UPDATE chat_sessions SET updated_at = $3 WHERE id = $1 RETURNING id)
  INSERT INTO chat_messages (session_id, role, content, "order", created_at, streaming, owner_id, heartbeat_at)
  SELECT touched.id, v.role, v.content, n.next + v.pos, $3::timestamptz, v.streaming, v.owner_id, v.heartbeat_at
  FROM touched,
       (SELECT COALESCE(MAX("order") + 1, 0) AS next FROM chat_messages WHERE session_id = $1::uuid) AS n,
       ${OPENING_ROWS}
  WHERE n.next + 1 <= $5::int
  RETURNING *`;

/**
 * All SQL of replies being written. A reply is a row from its first token; only its owner (the process
 * that holds its lease) writes it, and every write checks so. Times of the lease are the database's.
 */
@Injectable()
export class ReplyStore {
  constructor(private readonly db: DataSource) {}

  /**
   * In one statement (so one transaction and one round trip): the session (when new), the user's message
   * and the streaming reply. A reply already streaming in the session breaks the unique index, and nothing
   * is stored.
   */
  async open(input: {
    session: ChatSessionEntity;
    isNew: boolean;
    content: string;
    ownerId: string;
    now?: Date;
  }): Promise<OpenReplyResult> {
    const now = input.now ?? new Date();
    const { session } = input;
    const [sql, parameters] = input.isNew
      ? [
          OPEN_IN_NEW_SESSION,
          [session.id, input.content, now, input.ownerId, session.agentType, session.title, session.systemPrompt],
        ]
      : [OPEN_IN_SESSION, [session.id, input.content, now, input.ownerId, MAX_MESSAGE_ORDER]];
    try {
      let inserted: MessageRow[];
      try {
        inserted = await this.rows<MessageRow>(this.db.manager, sql, parameters);
      } catch (error) {
        // Another message took the next order between this statement's snapshot and its lock: once more, with a fresh snapshot.
        if (!isViolationOf(error, ONE_ORDER_PER_MESSAGE)) throw error;
        inserted = await this.rows<MessageRow>(this.db.manager, sql, parameters);
      }
      if (!inserted.length) {
        const found = await this.rows(this.db.manager, 'SELECT 1 FROM chat_sessions WHERE id = $1', [session.id]);
        return { ok: false, reason: found.length ? 'orders-exhausted' : 'session-missing' };
      }
      const [userMessage, reply] = inserted.map(toEntity).sort((a, b) => a.order - b.order);
      return { ok: true, userMessage, reply };
    } catch (error) {
      if (isViolationOf(error, ONE_STREAMING_REPLY)) return { ok: false, reason: 'reply-in-progress' };
      throw error;
    }
  }

  /** One statement for all of an owner's replies: new text and sources where given, a renewed lease for each. Returns the ids it still holds. */
  async checkpoint(ownerId: string, replies: ReplyCheckpoint[]): Promise<Set<string>> {
    if (!replies.length) return new Set();
    const held = await this.rows<{ id: string }>(
      this.db.manager,
      `UPDATE chat_messages AS m
       SET heartbeat_at = now(), content = COALESCE(c.content, m.content), sources = COALESCE(c.sources, m.sources)
       FROM unnest($2::bigint[], $3::text[], $4::jsonb[]) AS c(id, content, sources)
       WHERE m.id = c.id AND m.streaming AND m.owner_id = $1
       RETURNING m.id`,
      [ownerId, replies.map((r) => r.id), replies.map((r) => r.content), replies.map((r) => sourcesJson(r.sources))],
    );
    return new Set(held.map((row) => String(row.id)));
  }

  /** The reply as finished (or cut short); null when the row is no longer this owner's (its session was deleted, or it was declared interrupted). */
  async finish(id: string, ownerId: string, ending: ReplyEnding, now = new Date()): Promise<ChatMessageEntity | null> {
    const [row] = await this.rows<MessageRow>(
      this.db.manager,
      `WITH reply AS (
         UPDATE chat_messages
         SET content = $3, sources = $4::jsonb, incomplete = $5, streaming = false, owner_id = NULL, heartbeat_at = NULL
         WHERE id = $1 AND streaming AND owner_id = $2
         RETURNING *
       ), touched AS (
         UPDATE chat_sessions AS s SET updated_at = $6 FROM reply WHERE s.id = reply.session_id
       )
       SELECT * FROM reply`,
      [id, ownerId, ending.content, sourcesJson(ending.sources), ending.incomplete, now],
    );
    return row ? toEntity(row) : null;
  }

  /** A reply that ends with no text at all is not kept. */
  async discard(id: string, ownerId: string): Promise<void> {
    await this.rows(this.db.manager, `DELETE FROM chat_messages WHERE id = $1 AND streaming AND owner_id = $2`, [
      id,
      ownerId,
    ]);
  }

  /**
   * Frees the chats of writers that are gone: each orphan is kept as an interrupted reply, or removed
   * when it holds no text. Rows an owner is writing right now (locked) are left for the next look.
   */
  async interruptOrphans(orphans: Orphans): Promise<{ interrupted: number; removed: number }> {
    const [condition, parameter] =
      'silentForMs' in orphans
        ? [`heartbeat_at < now() - $1::int * interval '1 millisecond'`, orphans.silentForMs]
        : [`owner_id <> $1`, orphans.notOwnedBy];
    const [counts] = await this.rows<{ interrupted: number; removed: number }>(
      this.db.manager,
      `WITH orphan AS (
         SELECT id, content ~ '^\\s*$' AS blank FROM chat_messages WHERE streaming AND ${condition} FOR UPDATE SKIP LOCKED
       ), removed AS (
         DELETE FROM chat_messages AS m USING orphan WHERE m.id = orphan.id AND orphan.blank RETURNING m.id
       ), interrupted AS (
         UPDATE chat_messages AS m
         SET streaming = false, incomplete = true, owner_id = NULL, heartbeat_at = NULL
         FROM orphan WHERE m.id = orphan.id AND NOT orphan.blank
         RETURNING m.id
       )
       SELECT (SELECT count(*) FROM interrupted)::int AS interrupted, (SELECT count(*) FROM removed)::int AS removed`,
      [parameter],
    );
    return counts;
  }

  findStreaming(sessionId: string): Promise<ChatMessageEntity | null> {
    return this.db.getRepository(ChatMessageEntity).findOneBy({ sessionId, streaming: true });
  }

  findMessage(id: string): Promise<ChatMessageEntity | null> {
    return this.db.getRepository(ChatMessageEntity).findOneBy({ id });
  }

  /** The rows of any statement (TypeORM answers UPDATE and DELETE as [rows, count] unless asked for its structured result). */
  private async rows<T = unknown>(manager: EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
    const runner = manager.queryRunner ?? this.db.createQueryRunner();
    try {
      return (await runner.query(sql, parameters, true)).records as T[];
    } finally {
      if (!manager.queryRunner) await runner.release();
    }
  }
}
