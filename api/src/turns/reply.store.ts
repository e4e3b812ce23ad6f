import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GroupBatcher } from '../common/group-batcher';
import type { MessageProvenance, MessageSource, MessageUsage } from '@mb/contracts/types/wire/chat-message';
import { DROP_SUMMARY_FROM, LIVE_TAIL, lastExchange } from '../messages';
import { ChatMessageEntity, type ChatSessionEntity, MAX_MESSAGE_ORDER, type MessageRole } from '../sessions';

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
  usage?: MessageUsage;
  provenance?: MessageProvenance;
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
  usage: MessageUsage | null;
  provenance: MessageProvenance | null;
  superseded: boolean;
  version: number | null;
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
    usage: row.usage,
    provenance: row.provenance,
    superseded: row.superseded,
    version: row.version,
  });

const sourcesJson = (sources: MessageSource[] | null) => (sources?.length ? JSON.stringify(sources) : null);

function isViolationOf(error: unknown, index: string): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION && constraint === index;
}

/** The columns of the shared statements' unnest(), one array per column. */
const openingArrays = (inputs: OpenReplyInput[]): unknown[] => [
  inputs.map((input) => input.session.id),
  inputs.map((input) => input.content),
  inputs.map((input) => input.now ?? new Date()),
  inputs.map((input) => input.ownerId),
];

function groupBySession(messages: ChatMessageEntity[]): Map<string, ChatMessageEntity[]> {
  const groups = new Map<string, ChatMessageEntity[]>();
  for (const message of messages) groups.set(message.sessionId, [...(groups.get(message.sessionId) ?? []), message]);
  return groups;
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

/** For each input row: its user message (pos 0, the input's content) and its streaming reply (pos 1, leased to the input's owner). */
const OPENING_ROWS_OF_EACH = `(VALUES ('user', 0, false), ('assistant', 1, true)) AS v(role, pos, streaming)`;
const OPENING_COLUMNS_OF_EACH = `v.role, CASE WHEN v.pos = 0 THEN input.content ELSE '' END`;
const LEASE_OF_EACH = `v.streaming, CASE WHEN v.streaming THEN input.owner_id END, CASE WHEN v.streaming THEN now() END`;

/** Several new chats at once: the sessions, and each one's user message and streaming reply. */
const OPEN_IN_NEW_SESSIONS = `
  WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[])
      AS i(session_id, content, at, owner_id, agent_type, title, system_prompt)
  ), sessions AS (
    INSERT INTO chat_sessions (id, agent_type, title, system_prompt, created_at, updated_at)
    SELECT session_id, agent_type, title, system_prompt, at, at FROM input
  )
  INSERT INTO chat_messages (session_id, role, content, "order", created_at, streaming, owner_id, heartbeat_at)
  SELECT input.session_id, ${OPENING_COLUMNS_OF_EACH}, v.pos, input.at, ${LEASE_OF_EACH}
  FROM input, ${OPENING_ROWS_OF_EACH}
  RETURNING *`;

/** Several existing chats at once (each at most once), as OPEN_IN_SESSION does for one. */
const OPEN_IN_SESSIONS = `
  WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[]) AS i(session_id, content, at, owner_id)
  ), touched AS (
    UPDATE chat_sessions AS s SET updated_at = input.at FROM input WHERE s.id = input.session_id RETURNING s.id
  ), n AS (
    SELECT touched.id, COALESCE((SELECT MAX("order") + 1 FROM chat_messages AS m WHERE m.session_id = touched.id), 0) AS next
    FROM touched
  )
  INSERT INTO chat_messages (session_id, role, content, "order", created_at, streaming, owner_id, heartbeat_at)
  SELECT n.id, ${OPENING_COLUMNS_OF_EACH}, n.next + v.pos, input.at, ${LEASE_OF_EACH}
  FROM n JOIN input ON input.session_id = n.id, ${OPENING_ROWS_OF_EACH}
  WHERE n.next + 1 <= $5::int
  RETURNING *`;

/** A new version of the chat's last exchange: asked again (regenerate) or with the user's message changed (edit). */
export interface OpenVersionInput {
  sessionId: string;
  /** Edit: the last user message's id and its new text; absent: regenerate (the same text asked again). */
  edit?: { messageId: string; content: string };
  ownerId: string;
  now?: Date;
}

export type OpenVersionResult =
  | ({ ok: true } & OpenedReply & { summaryReset: boolean })
  | {
      ok: false;
      reason:
        'session-missing' | 'reply-in-progress' | 'nothing-to-regenerate' | 'not-last-message' | 'message-missing';
    };

export interface OpenReplyInput {
  session: ChatSessionEntity;
  isNew: boolean;
  content: string;
  ownerId: string;
  now?: Date;
}

/**
 * All SQL of replies being written. A reply is a row from its first token; only its owner (the process
 * that holds its lease) writes it, and every write checks so. Times of the lease are the database's.
 */
@Injectable()
export class ReplyStore {
  /** Turns opened together share statements: 200 chats at once cost a handful of round trips, not 200. */
  private readonly openings = new GroupBatcher((inputs: OpenReplyInput[]) => this.openMany(inputs));

  constructor(private readonly db: DataSource) {}

  /**
   * The session (when new), the user's message and the streaming reply, in one statement (so one transaction),
   * shared with the turns opened at the same moment. A reply already streaming in the session breaks the
   * unique index, and nothing is stored.
   */
  open(input: OpenReplyInput): Promise<OpenReplyResult> {
    return this.openings.submit(input);
  }

  /**
   * One statement for the new chats and one for the existing ones. When a shared statement fails (a reply
   * already streaming in one of the chats, a race for an order) or leaves a chat out (gone, or out of
   * orders), those turns are opened one by one, which tells each its own outcome.
   */
  private async openMany(inputs: OpenReplyInput[]): Promise<OpenReplyResult[]> {
    if (inputs.length === 1) return [await this.openOne(inputs[0])];
    const results = new Map<OpenReplyInput, OpenReplyResult>();
    const fresh = inputs.filter((input) => input.isNew);
    const seen = new Set<string>();
    // A chat that appears twice cannot share one statement with itself: its later turns go one by one.
    const existing = inputs.filter(
      (input) => !input.isNew && !seen.has(input.session.id) && seen.add(input.session.id),
    );
    const statements: Array<[OpenReplyInput[], string, unknown[]]> = [
      [
        fresh,
        OPEN_IN_NEW_SESSIONS,
        [
          ...openingArrays(fresh),
          fresh.map((input) => input.session.agentType),
          fresh.map((input) => input.session.title),
          fresh.map((input) => input.session.systemPrompt),
        ],
      ],
      [existing, OPEN_IN_SESSIONS, [...openingArrays(existing), MAX_MESSAGE_ORDER]],
    ];
    for (const [group, sql, parameters] of statements) {
      if (group.length < 2) continue;
      const rows = await this.rows<MessageRow>(this.db.manager, sql, parameters).catch(() => []);
      const bySession = groupBySession(rows.map(toEntity));
      for (const input of group) {
        const [userMessage, reply] = (bySession.get(input.session.id) ?? []).sort((a, b) => a.order - b.order);
        if (reply) results.set(input, { ok: true, userMessage, reply });
      }
    }
    return Promise.all(inputs.map(async (input) => results.get(input) ?? (await this.openOne(input))));
  }

  private async openOne(input: OpenReplyInput): Promise<OpenReplyResult> {
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

  /**
   * A new version of the last exchange, in one transaction: the exchange's messages as chosen so far become
   * superseded (numbered version 1 when it had none), and the new version's user message (the same text, or
   * the edited one) and streaming reply take their orders. Versions exist for the last exchange only: once
   * another message is sent, an earlier exchange keeps the version chosen then.
   */
  async openVersion(input: OpenVersionInput): Promise<OpenVersionResult> {
    const now = input.now ?? new Date();
    try {
      return await this.db.transaction(async (tx): Promise<OpenVersionResult> => {
        const locked = await this.rows(tx, 'SELECT id FROM chat_sessions WHERE id = $1 FOR UPDATE', [input.sessionId]);
        if (!locked.length) return { ok: false, reason: 'session-missing' };
        const streaming = await this.rows(tx, 'SELECT id FROM chat_messages WHERE session_id = $1 AND streaming', [
          input.sessionId,
        ]);
        if (streaming.length) return { ok: false, reason: 'reply-in-progress' };
        const exchange = lastExchange(await this.rows<MessageRow>(tx, LIVE_TAIL, [input.sessionId]));
        if (input.edit) {
          if (exchange?.user.id === undefined || String(exchange.user.id) !== input.edit.messageId) {
            const found = await this.rows(
              tx,
              'SELECT id FROM chat_messages WHERE id = $1::bigint AND session_id = $2',
              [input.edit.messageId, input.sessionId],
            );
            return { ok: false, reason: found.length ? 'not-last-message' : 'message-missing' };
          }
        } else if (!exchange?.reply) {
          return { ok: false, reason: 'nothing-to-regenerate' };
        }
        const from = exchange.user.order;
        const [{ latest }] = await this.rows<{ latest: number }>(
          tx,
          `SELECT COALESCE(MAX(version), 1)::int AS latest FROM chat_messages WHERE session_id = $1 AND "order" >= $2`,
          [input.sessionId, from],
        );
        // Two statements: the chosen orders must be free before the new version takes them (the unique index checks each row).
        await this.rows(
          tx,
          `UPDATE chat_messages SET superseded = true, version = COALESCE(version, 1) WHERE session_id = $1 AND "order" >= $2`,
          [input.sessionId, from],
        );
        const inserted = await this.rows<MessageRow>(
          tx,
          `INSERT INTO chat_messages (session_id, role, content, "order", created_at, streaming, owner_id, heartbeat_at, version)
           VALUES ($1, 'user', $3, $2, $4, false, NULL, NULL, $5), ($1, 'assistant', '', $2 + 1, $4, true, $6, now(), $5)
           RETURNING *`,
          [input.sessionId, from, input.edit?.content ?? exchange.user.content, now, latest + 1, input.ownerId],
        );
        const [{ dropped }] = await this.rows<{ dropped: boolean }>(tx, DROP_SUMMARY_FROM, [input.sessionId, from]);
        await this.rows(tx, 'UPDATE chat_sessions SET updated_at = $2 WHERE id = $1', [input.sessionId, now]);
        const [userMessage, reply] = inserted.map(toEntity).sort((a, b) => a.order - b.order);
        return { ok: true, userMessage, reply, summaryReset: dropped };
      });
    } catch (error) {
      if (isViolationOf(error, ONE_STREAMING_REPLY)) return { ok: false, reason: 'reply-in-progress' };
      throw error;
    }
  }

  /**
   * One statement for all of an owner's replies: new text and sources where given, a renewed lease for each.
   * Returns the ids it still holds, each with whether a stop was asked of it through the database.
   */
  async checkpoint(ownerId: string, replies: ReplyCheckpoint[]): Promise<Map<string, { stopRequested: boolean }>> {
    if (!replies.length) return new Map();
    const held = await this.rows<{ id: string; stop_requested: boolean }>(
      this.db.manager,
      `UPDATE chat_messages AS m
       SET heartbeat_at = now(), content = COALESCE(c.content, m.content), sources = COALESCE(c.sources, m.sources)
       FROM unnest($2::bigint[], $3::text[], $4::jsonb[]) AS c(id, content, sources)
       WHERE m.id = c.id AND m.streaming AND m.owner_id = $1
       RETURNING m.id, m.stop_requested`,
      [ownerId, replies.map((r) => r.id), replies.map((r) => r.content), replies.map((r) => sourcesJson(r.sources))],
    );
    return new Map(held.map((row) => [String(row.id), { stopRequested: row.stop_requested }]));
  }

  /** Asks the reply streaming in the session to stop, for its owner to read with its next checkpoint. */
  async requestStop(sessionId: string): Promise<boolean> {
    const asked = await this.rows<{ id: string }>(
      this.db.manager,
      `UPDATE chat_messages SET stop_requested = true WHERE session_id = $1 AND streaming RETURNING id`,
      [sessionId],
    );
    return asked.length > 0;
  }

  /** The reply as finished (or cut short); null when the row is no longer this owner's (its session was deleted, or it was declared interrupted). */
  async finish(id: string, ownerId: string, ending: ReplyEnding, now = new Date()): Promise<ChatMessageEntity | null> {
    const [row] = await this.rows<MessageRow>(
      this.db.manager,
      `WITH reply AS (
         UPDATE chat_messages
         SET content = $3, sources = $4::jsonb, incomplete = $5, streaming = false, owner_id = NULL, heartbeat_at = NULL,
             usage = $7::jsonb, provenance = $8::jsonb
         WHERE id = $1 AND streaming AND owner_id = $2
         RETURNING *
       ), touched AS (
         UPDATE chat_sessions AS s SET updated_at = $6 FROM reply WHERE s.id = reply.session_id
       )
       SELECT * FROM reply`,
      [
        id,
        ownerId,
        ending.content,
        sourcesJson(ending.sources),
        ending.incomplete,
        now,
        ending.usage ? JSON.stringify(ending.usage) : null,
        ending.provenance ? JSON.stringify(ending.provenance) : null,
      ],
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
   * Takes a turn back whole (the model could not read its message): the reply's row, the user's message, and
   * the chat when the turn began it and nothing else is in it. Only while this owner still writes the reply.
   */
  async withdraw(turn: { replyId: string; userMessageId: string; ownerId: string; sessionCreated: boolean }) {
    await this.db.transaction(async (tx) => {
      const [reply] = await this.rows<{ session_id: string }>(
        tx,
        `DELETE FROM chat_messages WHERE id = $1 AND streaming AND owner_id = $2 RETURNING session_id`,
        [turn.replyId, turn.ownerId],
      );
      if (!reply) return;
      await this.rows(tx, `DELETE FROM chat_messages WHERE id = $1 AND session_id = $2 AND role = 'user'`, [
        turn.userMessageId,
        reply.session_id,
      ]);
      if (turn.sessionCreated)
        await this.rows(
          tx,
          `DELETE FROM chat_sessions AS s WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM chat_messages WHERE session_id = s.id)`,
          [reply.session_id],
        );
    });
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
