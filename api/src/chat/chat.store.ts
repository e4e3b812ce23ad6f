import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ChatMessageEntity, type MessageRole } from './chat-message.entity';
import { ChatSessionEntity } from './chat-session.entity';
import type { MessageSource } from '@mb/contracts/types/wire/chat-message';

/** Far beyond any real conversation, and far enough below int4's limit that MAX + 1 never overflows. */
export const MAX_MESSAGE_ORDER = 1_000_000;

/** The chosen (not superseded) messages at the end of a chat, newest first. */
export const LIVE_TAIL = `SELECT * FROM chat_messages WHERE session_id = $1 AND NOT superseded AND NOT streaming ORDER BY "order" DESC LIMIT 2`;

/**
 * The chat's last exchange, as chosen: its user message and the reply to it (when there is one). Null when
 * the chat does not end with a user message or a reply to one.
 */
export function lastExchange<T extends { role: MessageRole }>(newestFirst: T[]): { user: T; reply: T | null } | null {
  const [last, before] = newestFirst;
  if (last?.role === 'user') return { user: last, reply: null };
  if (last?.role === 'assistant' && before?.role === 'user') return { user: before, reply: last };
  return null;
}

/** A summary that covers a message no longer chosen is dropped, to be made again (nothing superseded leaks into memory). */
export const DROP_SUMMARY_FROM = `
  WITH old AS (SELECT summary_through FROM chat_sessions WHERE id = $1)
  UPDATE chat_sessions AS s
  SET summary = CASE WHEN s.summary_through >= $2 THEN NULL ELSE s.summary END,
      summary_through = CASE WHEN s.summary_through >= $2 THEN NULL ELSE s.summary_through END
  FROM old
  WHERE s.id = $1
  RETURNING COALESCE(old.summary_through >= $2, false) AS dropped`;

/** The versions of a chat's last exchange (its messages are those from order `from`). */
export interface ExchangeVersions {
  from: number;
  count: number;
}

export type ChooseVersionResult =
  | { ok: true; messages: ChatMessageEntity[]; versions: ExchangeVersions; summaryReset: boolean }
  | { ok: false; reason: 'session-missing' | 'reply-in-progress' | 'version-missing' };

/** A message row as raw SQL answers it (the columns this file reads). */
interface ChatMessageRow {
  id: string;
  role: MessageRole;
  content: string;
  order: number;
  version: number | null;
}

export interface NewSession {
  agentType: string;
  title: string;
  systemPrompt: string | null;
  summary: string | null;
}

export interface NewMessage {
  role: MessageRole;
  content: string;
  order?: number;
  incomplete?: boolean;
  sources?: MessageSource[] | null;
}

export type SessionChanges = Partial<
  Pick<ChatSessionEntity, 'title' | 'systemPrompt' | 'summary' | 'summaryThrough' | 'persona' | 'pinnedAt'>
>;

/** A chat brought in whole (an import): the session and its messages, written in one transaction. */
export interface ImportedChat {
  session: NewSession & { summaryThrough: number | null; persona: ChatSessionEntity['persona'] };
  messages: (Required<Omit<NewMessage, 'sources'>> & {
    sources: MessageSource[];
    createdAt: Date;
    usage: ChatMessageEntity['usage'];
    provenance: ChatMessageEntity['provenance'];
  })[];
}

/** Rows per INSERT of an import: well below PostgreSQL's 65535 bind parameters. */
const IMPORT_CHUNK = 500;

export interface SessionCursor {
  updatedAt: Date;
  id: string;
}

export type AppendResult =
  | { ok: true; message: ChatMessageEntity }
  | { ok: false; reason: 'session-missing' | 'order-taken' | 'orders-exhausted' };

/**
 * All SQL of sessions and their messages; a reply being written has its own (turns/reply-store.ts).
 * Lists use keyset queries on indexes, so they stay flat as history grows.
 */
@Injectable()
export class ChatStore {
  constructor(private readonly db: DataSource) {}

  private get sessions() {
    return this.db.getRepository(ChatSessionEntity);
  }

  async createSession(input: NewSession, now = new Date()): Promise<ChatSessionEntity> {
    const session = this.sessions.create({
      id: randomUUID(),
      persona: null,
      pinnedAt: null,
      ...input,
      createdAt: now,
      updatedAt: now,
    });
    await this.sessions.insert(session);
    return session;
  }

  /** Creates the session and every message at once, or nothing. */
  importChat(chat: ImportedChat, now = new Date()): Promise<ChatSessionEntity> {
    return this.db.transaction(async (tx) => {
      const sessions = tx.getRepository(ChatSessionEntity);
      const session = sessions.create({
        id: randomUUID(),
        ...chat.session,
        pinnedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      await sessions.insert(session);
      const messages = tx.getRepository(ChatMessageEntity);
      const rows = chat.messages.map((m) =>
        messages.create({
          sessionId: session.id,
          role: m.role,
          content: m.content,
          order: m.order,
          incomplete: m.incomplete,
          sources: m.sources.length ? m.sources : null,
          createdAt: m.createdAt,
          usage: m.usage,
          provenance: m.provenance,
          streaming: false,
          ownerId: null,
          heartbeatAt: null,
        }),
      );
      for (let i = 0; i < rows.length; i += IMPORT_CHUNK) await messages.insert(rows.slice(i, i + IMPORT_CHUNK));
      return session;
    });
  }

  /** Every message of a session in order, a reply still being written and versions not chosen left out (an export). */
  allMessages(sessionId: string): Promise<ChatMessageEntity[]> {
    return this.db
      .getRepository(ChatMessageEntity)
      .createQueryBuilder('m')
      .where('m.session_id = :sessionId', { sessionId })
      .andWhere('NOT m.streaming')
      .andWhere('NOT m.superseded')
      .orderBy('m.order', 'ASC')
      .getMany();
  }

  findSession(id: string): Promise<ChatSessionEntity | null> {
    return this.sessions.findOneBy({ id });
  }

  /**
   * Newest first; `after` continues a previous page. Fetches one extra row to tell whether more exist.
   * Pinned chats are all answered on the first page (`pinned`, newest pinned first), ahead of it; the keyset
   * pages (`items`, on updated_at and id) hold only the others, so paging never repeats or skips a chat.
   */
  async listSessions(options: {
    agentType?: string;
    limit: number;
    after?: SessionCursor;
  }): Promise<{ pinned: ChatSessionEntity[]; items: ChatSessionEntity[]; more: boolean }> {
    const query = this.sessions
      .createQueryBuilder('s')
      .where('s.pinned_at IS NULL')
      .orderBy('s.updated_at', 'DESC')
      .addOrderBy('s.id', 'DESC')
      .limit(options.limit + 1);
    if (options.agentType) query.andWhere('s.agent_type = :agentType', { agentType: options.agentType });
    if (options.after) query.andWhere('(s.updated_at, s.id) < (:updatedAt, :id)', options.after);
    const [pinned, rows] = await Promise.all([
      options.after ? [] : this.pinnedSessions(options.agentType),
      query.getMany(),
    ]);
    return { pinned, items: rows.slice(0, options.limit), more: rows.length > options.limit };
  }

  private pinnedSessions(agentType?: string): Promise<ChatSessionEntity[]> {
    const query = this.sessions
      .createQueryBuilder('s')
      .where('s.pinned_at IS NOT NULL')
      .orderBy('s.pinned_at', 'DESC')
      .addOrderBy('s.id', 'DESC');
    if (agentType) query.andWhere('s.agent_type = :agentType', { agentType });
    return query.getMany();
  }

  /** Returns the session as changed, or null when it no longer exists. */
  async updateSession(id: string, changes: SessionChanges): Promise<ChatSessionEntity | null> {
    await this.sessions.update({ id }, changes);
    return this.findSession(id);
  }

  /**
   * Stores a summary made from `madeFrom` (the messages read) on top of the summary through `since`, unless a
   * version change overtook it: one of those messages is no longer chosen, or the summary it built on was
   * dropped. 'stale' then (nothing is written); null when the session is gone. Otherwise the last writer wins,
   * as before versions (a background refresh and one asked for may overlap).
   */
  async saveSummary(
    sessionId: string,
    summary: string,
    through: number,
    madeFrom: string[],
    since: number | undefined,
  ): Promise<ChatSessionEntity | null | 'stale'> {
    const runner = this.db.createQueryRunner();
    let written: boolean;
    try {
      const result = await runner.query(
        `UPDATE chat_sessions SET summary = $2, summary_through = $3
         WHERE id = $1
           AND ($5::int IS NULL OR summary_through IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM chat_messages WHERE id = ANY($4::bigint[]) AND superseded)
         RETURNING id`,
        [sessionId, summary, through, madeFrom, since ?? null],
        true,
      );
      written = (result.records as unknown[]).length > 0;
    } finally {
      // Before the next query: the embedded database has one connection.
      await runner.release();
    }
    const session = await this.findSession(sessionId);
    return written ? session : session && 'stale';
  }

  async deleteSession(id: string): Promise<boolean> {
    const result = await this.sessions.delete({ id });
    return (result.affected ?? 0) > 0;
  }

  /** Locks the session row so concurrent appends take consecutive orders without retries. */
  appendMessage(sessionId: string, input: NewMessage, now = new Date()): Promise<AppendResult> {
    return this.db.transaction(async (tx): Promise<AppendResult> => {
      const locked: unknown[] = await tx.query('SELECT id FROM chat_sessions WHERE id = $1 FOR UPDATE', [sessionId]);
      if (!locked.length) return { ok: false, reason: 'session-missing' };
      const messages = tx.getRepository(ChatMessageEntity);
      let order = input.order;
      if (order === undefined) {
        const [{ next }] = await tx.query<{ next: number }[]>(
          'SELECT COALESCE(MAX("order") + 1, 0)::int AS next FROM chat_messages WHERE session_id = $1',
          [sessionId],
        );
        order = next;
        if (order > MAX_MESSAGE_ORDER) return { ok: false, reason: 'orders-exhausted' };
      } else if (await messages.existsBy({ sessionId, order })) {
        return { ok: false, reason: 'order-taken' };
      }
      const message = messages.create({
        sessionId,
        role: input.role,
        content: input.content,
        order,
        incomplete: input.incomplete ?? false,
        sources: input.sources?.length ? input.sources : null,
        createdAt: now,
        streaming: false,
        ownerId: null,
        heartbeatAt: null,
      });
      await messages.insert(message);
      await tx.getRepository(ChatSessionEntity).update({ id: sessionId }, { updatedAt: now });
      return { ok: true, message };
    });
  }

  /**
   * The last `limit` messages before `beforeOrder` (and after `afterOrder`), returned in ascending order. A reply still being
   * written is not a message yet: it is left out (its live text is what re-attaching to the turn shows).
   */
  async listMessages(
    sessionId: string,
    options: { limit: number; beforeOrder?: number; afterOrder?: number },
  ): Promise<{ items: ChatMessageEntity[]; more: boolean }> {
    const query = this.db
      .getRepository(ChatMessageEntity)
      .createQueryBuilder('m')
      .where('m.session_id = :sessionId', { sessionId })
      .andWhere('NOT m.streaming')
      .andWhere('NOT m.superseded')
      .orderBy('m.order', 'DESC')
      .limit(options.limit + 1);
    if (options.beforeOrder !== undefined) query.andWhere('m.order < :before', { before: options.beforeOrder });
    if (options.afterOrder !== undefined) query.andWhere('m.order > :after', { after: options.afterOrder });
    const rows = await query.getMany();
    return { items: rows.slice(0, options.limit).reverse(), more: rows.length > options.limit };
  }

  /**
   * The versions of the chat's last exchange: from which order its messages are, and how many versions it
   * has (1 when it was never regenerated or edited). Null when the chat has no exchange.
   */
  async lastExchangeVersions(sessionId: string): Promise<ExchangeVersions | null> {
    const exchange = lastExchange(await this.db.query<ChatMessageRow[]>(LIVE_TAIL, [sessionId]));
    if (!exchange) return null;
    return {
      from: exchange.user.order,
      count: await this.versionCount(this.db.manager, sessionId, exchange.user.order),
    };
  }

  private async versionCount(manager: EntityManager, sessionId: string, from: number): Promise<number> {
    const [{ count }] = await manager.query<{ count: number }[]>(
      `SELECT COALESCE(MAX(version), 1)::int AS count FROM chat_messages WHERE session_id = $1 AND "order" >= $2`,
      [sessionId, from],
    );
    return count;
  }

  /**
   * Makes one version of the last exchange the chosen one (what listings and the model see from now on),
   * in one transaction; a summary that covered the version left is dropped. Refused while a reply is written.
   */
  chooseVersion(sessionId: string, version: number): Promise<ChooseVersionResult> {
    return this.db.transaction(async (tx): Promise<ChooseVersionResult> => {
      const locked: unknown[] = await tx.query('SELECT id FROM chat_sessions WHERE id = $1 FOR UPDATE', [sessionId]);
      if (!locked.length) return { ok: false, reason: 'session-missing' };
      const streaming: unknown[] = await tx.query('SELECT id FROM chat_messages WHERE session_id = $1 AND streaming', [
        sessionId,
      ]);
      if (streaming.length) return { ok: false, reason: 'reply-in-progress' };
      const exchange = lastExchange(await tx.query<ChatMessageRow[]>(LIVE_TAIL, [sessionId]));
      if (!exchange) return { ok: false, reason: 'version-missing' };
      const from = exchange.user.order;
      const count = await this.versionCount(tx, sessionId, from);
      if (version > count) return { ok: false, reason: 'version-missing' };
      let summaryReset = false;
      if ((exchange.user.version ?? 1) !== version) {
        // Two statements: the chosen orders must be free before the other version takes them.
        await tx.query(
          `UPDATE chat_messages SET superseded = true WHERE session_id = $1 AND "order" >= $2 AND NOT superseded`,
          [sessionId, from],
        );
        await tx.query(
          `UPDATE chat_messages SET superseded = false WHERE session_id = $1 AND "order" >= $2 AND version = $3`,
          [sessionId, from, version],
        );
        // UPDATE … RETURNING: TypeORM gives its rows only as the structured result.
        const dropped = await tx.queryRunner!.query(DROP_SUMMARY_FROM, [sessionId, from], true);
        summaryReset = Boolean((dropped.records as { dropped: boolean }[])[0]?.dropped);
      }
      const messages = await tx
        .getRepository(ChatMessageEntity)
        .createQueryBuilder('m')
        .where('m.session_id = :sessionId', { sessionId })
        .andWhere('NOT m.superseded')
        .andWhere('m.order >= :from', { from })
        .orderBy('m.order', 'ASC')
        .getMany();
      return { ok: true, messages, versions: { from, count }, summaryReset };
    });
  }
}
