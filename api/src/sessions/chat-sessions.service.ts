import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AgentRegistry } from '../agents';
import { AppError } from '../common/app-error';
import type { CreateChatSessionRequest } from '@mb/contracts/types/wire/create-chat-session-request';
import type { UpdateChatSessionRequest } from '@mb/contracts/types/wire/update-chat-session-request';
import type { ChatSessionEntity } from './chat-session.entity';
import { SessionStore, type SessionChanges, type SessionCursor } from './session.store';

export const DEFAULT_SESSION_TITLE = 'New Chat';

@Injectable()
export class ChatSessions {
  constructor(
    private readonly store: SessionStore,
    private readonly agents: AgentRegistry,
    private readonly clock: Clock,
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
  async updateSession(id: string, input: UpdateChatSessionRequest, now = this.clock.now()): Promise<ChatSessionEntity> {
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
}
