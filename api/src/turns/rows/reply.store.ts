import { rowsOf } from '../../common/sql-rows';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  MessageProvenance,
  MessageSource,
  MessageUsage,
  ToolCallRecord,
} from '@mb/contracts/types/wire/chat-message';
import { releaseAttachments } from '../../attachments';
import { Clock } from '../../common/clock';
import { ChatMessageEntity } from '../../sessions';
import { type MessageRow, sourcesJson, toEntity } from './reply-rows';

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
  toolCalls?: ToolCallRecord[];
}

/** Which streaming replies have lost their writer. */
export type Orphans = { silentForMs: number } | { notOwnedBy: string };

/**
 * All SQL of replies being written, once opened (opening/reply-opening.store.ts). A reply is a row from its first token;
 * only its owner (the process that holds its lease) writes it, and every write checks so. Times of the lease are
 * the database's.
 */
@Injectable()
export class ReplyStore {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

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
  async finish(id: string, ownerId: string, ending: ReplyEnding): Promise<ChatMessageEntity | null> {
    const [row] = await this.rows<MessageRow>(
      this.db.manager,
      `WITH reply AS (
         UPDATE chat_messages
         SET content = $3, sources = $4::jsonb, incomplete = $5, streaming = false, owner_id = NULL, heartbeat_at = NULL,
             usage = $7::jsonb, provenance = $8::jsonb, tool_calls = $9::jsonb
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
        this.clock.now(),
        ending.usage ? JSON.stringify(ending.usage) : null,
        ending.provenance ? JSON.stringify(ending.provenance) : null,
        ending.toolCalls?.length ? JSON.stringify(ending.toolCalls) : null,
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
      await releaseAttachments(tx, turn.userMessageId);
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
   * Takes a new version of the last exchange back whole (the model could not read its message): its reply's row
   * and its user message, and the version it replaced is the chosen one again, numbered as it was. Only while this
   * owner still writes the reply.
   */
  async withdrawVersion(turn: { replyId: string; userMessageId: string; ownerId: string; replaced: number | null }) {
    await this.db.transaction(async (tx) => {
      const [reply] = await this.rows<{ session_id: string }>(
        tx,
        `DELETE FROM chat_messages WHERE id = $1 AND streaming AND owner_id = $2 RETURNING session_id`,
        [turn.replyId, turn.ownerId],
      );
      if (!reply) return;
      const [user] = await this.rows<{ order: number }>(
        tx,
        `DELETE FROM chat_messages WHERE id = $1 AND session_id = $2 AND role = 'user' RETURNING "order"`,
        [turn.userMessageId, reply.session_id],
      );
      if (!user) return;
      // Opening the version numbered an exchange that had none as version 1.
      await this.rows(
        tx,
        `UPDATE chat_messages SET superseded = false, version = $3::int
         WHERE session_id = $1 AND "order" >= $2 AND version = COALESCE($3::int, 1)`,
        [reply.session_id, user.order, turn.replaced],
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

  private rows<T = unknown>(manager: EntityManager, sql: string, parameters: unknown[]): Promise<T[]> {
    return rowsOf<T>(this.db, manager, sql, parameters);
  }
}
