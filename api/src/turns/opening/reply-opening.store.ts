import { rowsOf } from '../../common/sql-rows';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { copyAttachmentLinks } from '../../attachments';
import { GroupBatcher } from '../../common/group-batcher';
import { DROP_SUMMARY_FROM, LIVE_TAIL, lastExchange, VERSION_COUNT } from '../../messages';
import { type ChatMessageEntity, type ChatSessionEntity, MAX_MESSAGE_ORDER } from '../../sessions';
import {
  isViolationOf,
  type MessageRow,
  ONE_ORDER_PER_MESSAGE,
  ONE_STREAMING_REPLY,
  toEntity,
} from '../rows/reply-rows';

export interface OpenedReply {
  userMessage: ChatMessageEntity;
  /** The assistant's row, streaming and empty, leased to the owner. */
  reply: ChatMessageEntity;
}

export type OpenReplyResult =
  ({ ok: true } & OpenedReply) | { ok: false; reason: 'session-missing' | 'reply-in-progress' | 'orders-exhausted' };

/** A new version of the chat's last exchange: asked again (regenerate) or with the user's message changed (edit). */
export interface OpenVersionInput {
  sessionId: string;
  /** Edit: the last user message's id and its new text; absent: regenerate (the same text asked again). */
  edit?: { messageId: string; content: string };
  ownerId: string;
  now: Date;
}

export type OpenVersionResult =
  | ({ ok: true } & OpenedReply & { summaryReset: boolean; replacedVersion: number | null })
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
  now: Date;
}

/** The columns of the shared statements' unnest(), one array per column. */
const openingArrays = (inputs: OpenReplyInput[]): unknown[] => [
  inputs.map((input) => input.session.id),
  inputs.map((input) => input.content),
  inputs.map((input) => input.now),
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
    INSERT INTO chat_sessions (id, agent_type, title, system_prompt, owner, created_at, updated_at)
    VALUES ($1::uuid, $5, $6, $7, $8, $3::timestamptz, $3::timestamptz)
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
    SELECT * FROM unnest(
      $1::uuid[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]
    ) AS i(session_id, content, at, owner_id, agent_type, title, system_prompt, chat_owner)
  ), sessions AS (
    INSERT INTO chat_sessions (id, agent_type, title, system_prompt, owner, created_at, updated_at)
    SELECT session_id, agent_type, title, system_prompt, chat_owner, at, at FROM input
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

/**
 * The SQL of opening a turn: the user's message and the reply's streaming row, stored together (with the
 * session, for a new chat), or a new version of the last exchange. From then on the reply is ReplyStore's.
 */
@Injectable()
export class ReplyOpeningStore {
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
          fresh.map((input) => input.session.owner ?? null),
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
    const { now } = input;
    const { session } = input;
    const [sql, parameters] = input.isNew
      ? [
          OPEN_IN_NEW_SESSION,
          [
            session.id,
            input.content,
            now,
            input.ownerId,
            session.agentType,
            session.title,
            session.systemPrompt,
            session.owner ?? null,
          ],
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
    const { now } = input;
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
        const [{ count: latest }] = await this.rows<{ count: number }>(tx, VERSION_COUNT, [input.sessionId, from]);
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
        await copyAttachmentLinks(tx, String(exchange.user.id), userMessage.id);
        return { ok: true, userMessage, reply, summaryReset: dropped, replacedVersion: exchange.user.version };
      });
    } catch (error) {
      if (isViolationOf(error, ONE_STREAMING_REPLY)) return { ok: false, reason: 'reply-in-progress' };
      throw error;
    }
  }

  private rows<T = unknown>(manager: EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
    return rowsOf<T>(this.db, manager, sql, parameters);
  }
}
