import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ownerOf, type Viewer } from '../access';
import { agentRefused, AgentRegistry, mayUse } from '../agents';
import { AppError } from '../common/app-error';
import type { CreateChatSessionRequest } from '@mb/contracts/types/wire/create-chat-session-request';
import type { UpdateChatSessionRequest } from '@mb/contracts/types/wire/update-chat-session-request';
import { ChatAccess } from './chat-access.service';
import type { ChatSessionEntity } from './chat-session.entity';
import { EVERY_CHAT, type ChatScope } from './chat-scope';
import { SessionStore, type SessionChanges, type SessionCursor } from './session.store';

export const DEFAULT_SESSION_TITLE = 'New Chat';

@Injectable()
export class ChatSessions {
  constructor(
    private readonly store: SessionStore,
    private readonly agents: AgentRegistry,
    private readonly access: ChatAccess,
    private readonly clock: Clock,
  ) {}

  createSession(input: CreateChatSessionRequest, viewer?: Viewer): Promise<ChatSessionEntity> {
    const agent = this.agents.get(input.agentType);
    if (!agent) {
      const known = this.agents
        .list()
        .map((a) => a.id)
        .join(', ');
      throw AppError.validation([`agentType "${input.agentType}" is not a known agent (known: ${known})`]);
    }
    if (viewer && !mayUse(viewer, agent)) throw agentRefused(agent);
    return this.store.createSession({
      agentType: input.agentType,
      title: input.title?.trim() || DEFAULT_SESSION_TITLE,
      systemPrompt: input.systemPrompt ?? null,
      summary: input.summary ?? null,
      owner: viewer ? ownerOf(viewer) : null,
    });
  }

  /** The chats `scope` sees (ChatAccess.scope of the viewer); every chat without one. */
  listSessions(options: { agentType?: string; limit: number; after?: SessionCursor; scope?: ChatScope }) {
    return this.store.listSessions({ ...options, scope: options.scope ?? EVERY_CHAT });
  }

  async getSession(id: string): Promise<ChatSessionEntity> {
    const session = await this.store.findSession(id);
    if (!session) throw AppError.notFound('Chat session');
    return session;
  }

  /**
   * Renames, pins or unpins; pinning a pinned chat keeps its place. Never moves updatedAt. Sharing or making private
   * again is the person's who started it (ChatAccessGuard has let only someone who may change the chat this far).
   */
  async updateSession(
    id: string,
    input: UpdateChatSessionRequest,
    viewer?: Viewer,
    now = this.clock.now(),
  ): Promise<ChatSessionEntity> {
    const session = await this.getSession(id);
    const changes: SessionChanges = {};
    if (input.title !== undefined) {
      const title = input.title.trim();
      if (!title) throw AppError.validation(['title must not be blank']);
      changes.title = title;
    }
    if (input.pinned !== undefined) changes.pinnedAt = input.pinned ? (session.pinnedAt ?? now) : null;
    if (input.shared !== undefined) Object.assign(changes, this.sharing(session, input.shared, viewer, now));
    const updated = await this.store.updateSession(id, changes);
    if (!updated) throw AppError.notFound('Chat session');
    return updated;
  }

  private sharing(session: ChatSessionEntity, shared: boolean, viewer: Viewer | undefined, now: Date): SessionChanges {
    if (!viewer || !this.access.sharingOf(viewer, session)?.canShare) {
      const why =
        session.owner === null
          ? 'this chat is from before people were set up: everyone in the circle already sees it'
          : 'only the person who started a chat can share it or make it private again';
      throw new AppError('FORBIDDEN', `Sharing was not changed: ${why}.`);
    }
    if (shared === session.shared) return {};
    return shared ? { shared, sharedBy: session.owner, sharedAt: now } : { shared, sharedBy: null, sharedAt: null };
  }

  async deleteSession(id: string): Promise<void> {
    if (!(await this.store.deleteSession(id))) throw AppError.notFound('Chat session');
  }
}
