import { Injectable, Logger } from '@nestjs/common';
import { AgentRegistry } from '../agents';
import { AppError } from '../common/app-error';
import type { CreateChatMessageRequest } from '@mb/contracts/types/wire/create-chat-message-request';
import type { CreateChatSessionRequest } from '@mb/contracts/types/wire/create-chat-session-request';
import type { UpdateChatSessionRequest } from '@mb/contracts/types/wire/update-chat-session-request';
import type { ChatMessageEntity } from './chat-message.entity';
import type { ChatSessionEntity } from './chat-session.entity';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import { toMessageDto } from './chat-dto';
import { ChatStore, type ExchangeVersions, type SessionChanges, type SessionCursor } from './chat.store';
import { coerceContent, coerceRole } from './message-coercion';

export const DEFAULT_SESSION_TITLE = 'New Chat';

const versionRefusals = {
  'session-missing': () => AppError.notFound('Chat session'),
  'reply-in-progress': () =>
    new AppError('CONFLICT', 'A reply is still being written in this chat. Wait for it or stop it first.'),
  'version-missing': () => AppError.notFound('That version of the last exchange'),
} as const;

/** The messages of a page, the last exchange's marked with its versions. */
export const toMessageDtos = (items: ChatMessageEntity[], versions: ExchangeVersions | null): ChatMessage[] =>
  items.map((m) => toMessageDto(m, versions && m.order >= versions.from ? versions.count : undefined));

@Injectable()
export class ChatService {
  private readonly logger = new Logger('Chat');

  constructor(
    private readonly store: ChatStore,
    private readonly agents: AgentRegistry,
  ) {}

  createSession(input: CreateChatSessionRequest): Promise<ChatSessionEntity> {
    if (!this.agents.get(input.agentType)) {
      const known = this.agents
        .list()
        .map((a) => a.id)
        .join(', ');
      throw AppError.validation([`agentType "${input.agentType}" is not a known agent (known: ${known})`]);
    }
    return this.store.createSession({
      agentType: input.agentType,
      title: input.title?.trim() || DEFAULT_SESSION_TITLE,
      systemPrompt: input.systemPrompt ?? null,
      summary: input.summary ?? null,
    });
  }

  listSessions(options: { agentType?: string; limit: number; after?: SessionCursor }) {
    return this.store.listSessions(options);
  }

  async getSession(id: string): Promise<ChatSessionEntity> {
    const session = await this.store.findSession(id);
    if (!session) throw AppError.notFound('Chat session');
    return session;
  }

  /** Renames, pins or unpins; pinning a pinned chat keeps its place. Never moves updatedAt. */
  async updateSession(id: string, input: UpdateChatSessionRequest, now = new Date()): Promise<ChatSessionEntity> {
    const session = await this.getSession(id);
    const changes: SessionChanges = {};
    if (input.title !== undefined) {
      const title = input.title.trim();
      if (!title) throw AppError.validation(['title must not be blank']);
      changes.title = title;
    }
    if (input.pinned !== undefined) changes.pinnedAt = input.pinned ? (session.pinnedAt ?? now) : null;
    const updated = await this.store.updateSession(id, changes);
    if (!updated) throw AppError.notFound('Chat session');
    return updated;
  }

  async deleteSession(id: string): Promise<void> {
    if (!(await this.store.deleteSession(id))) throw AppError.notFound('Chat session');
  }

  async appendMessage(sessionId: string, input: CreateChatMessageRequest): Promise<ChatMessageEntity> {
    const result = await this.store.appendMessage(sessionId, {
      role: coerceRole(input.role, this.logger),
      content: coerceContent(input.content),
      order: input.order,
    });
    if (result.ok) return result.message;
    if (result.reason === 'session-missing') throw AppError.notFound('Chat session');
    if (result.reason === 'orders-exhausted')
      throw new AppError('CONFLICT', 'This session has no free message order left; start a new session');
    throw new AppError('CONFLICT', `order ${input.order} is already taken in this session`);
  }

  /** A page of messages; the latest page also says how many versions the last exchange has. */
  async listMessages(
    sessionId: string,
    options: { limit: number; beforeOrder?: number },
  ): Promise<{ items: ChatMessageEntity[]; more: boolean; versions: ExchangeVersions | null }> {
    await this.getSession(sessionId);
    const [page, versions] = await Promise.all([
      this.store.listMessages(sessionId, options),
      options.beforeOrder === undefined ? this.store.lastExchangeVersions(sessionId) : null,
    ]);
    return { ...page, versions };
  }

  /** Chooses the version of the last exchange that is shown and seen by the model; answers its messages. */
  async chooseVersion(sessionId: string, version: number): Promise<{ messages: ChatMessage[]; summaryReset: boolean }> {
    const result = await this.store.chooseVersion(sessionId, version);
    if (!result.ok) throw versionRefusals[result.reason]();
    return {
      messages: result.messages.map((m) => toMessageDto(m, result.versions.count)),
      summaryReset: result.summaryReset,
    };
  }
}
