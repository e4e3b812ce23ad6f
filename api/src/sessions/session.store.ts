import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { ChatMessageEntity, type MessageRole } from './chat-message.entity';
import { ChatSessionEntity } from './chat-session.entity';
import { chatVisible, EVERY_CHAT, type ChatScope } from './chat-scope';
import type { MessageSource } from '@mb/contracts/types/wire/chat-message';

export interface NewSession {
  agentType: string;
  title: string;
  systemPrompt: string | null;
  summary: string | null;
  /** ownerOf(viewer) of whoever starts it; absent: no owner (no people configured). */
  owner?: string | null;
}

export type SessionChanges = Partial<
  Pick<
    ChatSessionEntity,
    | 'title'
    | 'systemPrompt'
    | 'summary'
    | 'summaryThrough'
    | 'persona'
    | 'pinnedAt'
    | 'shared'
    | 'sharedBy'
    | 'sharedAt'
  >
>;

/** A chat brought in whole (an import): the session and its messages, written in one transaction. */
export interface ImportedChat {
  session: NewSession & { summaryThrough: number | null; persona: ChatSessionEntity['persona'] };
  messages: {
    role: MessageRole;
    content: string;
    order: number;
    incomplete: boolean;
    sources: MessageSource[];
    toolCalls?: ChatMessageEntity['toolCalls'];
    createdAt: Date;
    usage: ChatMessageEntity['usage'];
    provenance: ChatMessageEntity['provenance'];
  }[];
  /** Written in the same transaction once the messages have their ids (given in the order of `messages`). */
  alongside?: (tx: EntityManager, sessionId: string, messageIds: string[]) => Promise<void>;
}

const unshared = (owner: string | null | undefined) => ({
  owner: owner ?? null,
  shared: false,
  sharedBy: null,
  sharedAt: null,
});

const VISIBLE = chatVisible('s', ':scopeOwner', ':scopeHidden');
const visibleParams = (scope: ChatScope) => ({ scopeOwner: scope.owner, scopeHidden: scope.hiddenAgents });

/** Rows per INSERT of an import: well below PostgreSQL's 65535 bind parameters. */
const IMPORT_CHUNK = 500;

export interface SessionCursor {
  updatedAt: Date;
  id: string;
}

/**
 * The SQL of sessions: a chat's messages have their own (messages/), and so has a reply being written (turns/).
 * Lists use keyset queries on indexes, so they stay flat as history grows.
 */
@Injectable()
export class SessionStore {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  private get sessions() {
    return this.db.getRepository(ChatSessionEntity);
  }

  async createSession(input: NewSession, now = this.clock.now()): Promise<ChatSessionEntity> {
    const session = this.sessions.create({
      id: randomUUID(),
      persona: null,
      pinnedAt: null,
      ...unshared(input.owner),
      ...input,
      createdAt: now,
      updatedAt: now,
    });
    await this.sessions.insert(session);
    return session;
  }

  /** Creates the session and every message at once, or nothing. */
  importChat(chat: ImportedChat, now = this.clock.now()): Promise<ChatSessionEntity> {
    return this.db.transaction(async (tx) => {
      const sessions = tx.getRepository(ChatSessionEntity);
      const session = sessions.create({
        id: randomUUID(),
        ...unshared(chat.session.owner),
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
          toolCalls: m.toolCalls ?? null,
          createdAt: m.createdAt,
          usage: m.usage,
          provenance: m.provenance,
          streaming: false,
          ownerId: null,
          heartbeatAt: null,
        }),
      );
      for (let i = 0; i < rows.length; i += IMPORT_CHUNK) await messages.insert(rows.slice(i, i + IMPORT_CHUNK));
      await chat.alongside?.(
        tx,
        session.id,
        rows.map((row) => row.id),
      );
      return session;
    });
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
    scope?: ChatScope;
  }): Promise<{ pinned: ChatSessionEntity[]; items: ChatSessionEntity[]; more: boolean }> {
    const scope = options.scope ?? EVERY_CHAT;
    const query = this.sessions
      .createQueryBuilder('s')
      .where('s.pinned_at IS NULL')
      .andWhere(VISIBLE, visibleParams(scope))
      .orderBy('s.updated_at', 'DESC')
      .addOrderBy('s.id', 'DESC')
      .limit(options.limit + 1);
    if (options.agentType) query.andWhere('s.agent_type = :agentType', { agentType: options.agentType });
    if (options.after) query.andWhere('(s.updated_at, s.id) < (:updatedAt, :id)', options.after);
    const [pinned, rows] = await Promise.all([
      options.after ? [] : this.pinnedSessions(scope, options.agentType),
      query.getMany(),
    ]);
    return { pinned, items: rows.slice(0, options.limit), more: rows.length > options.limit };
  }

  private pinnedSessions(scope: ChatScope, agentType?: string): Promise<ChatSessionEntity[]> {
    const query = this.sessions
      .createQueryBuilder('s')
      .where('s.pinned_at IS NOT NULL')
      .andWhere(VISIBLE, visibleParams(scope))
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

  async deleteSession(id: string): Promise<boolean> {
    const result = await this.sessions.delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
