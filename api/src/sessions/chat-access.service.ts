import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatSharing } from '@mb/contracts/types/wire/chat-session';
import { ownerOf, PeopleRegistry, type Viewer } from '../access';
import { AgentRegistry, mayUse } from '../agents';
import { AppError } from '../common/app-error';
import type { ChatSessionEntity } from './chat-session.entity';
import { EVERY_CHAT, type ChatScope } from './chat-scope';

/** Reading a chat (GET), or changing it: adding to it, stopping or steering its reply, renaming, deleting. */
export type ChatUse = 'read' | 'change';

/** What the rule reads of a chat. */
export type ChatOwnership = Pick<ChatSessionEntity, 'owner' | 'shared' | 'sharedBy' | 'agentType'>;

/** What a viewer finds at an id: nothing, a chat it may not see (which must look like nothing), or one it may reach. */
export type Reach = 'missing' | 'hidden' | 'reachable';

interface ChatRow {
  owner: string | null;
  shared: boolean;
  shared_by: string | null;
  agent_type: string;
}

type AttachmentRow = { uploader: string | null; upload_agent: string; session_id: string | null } & ChatRow;

const toOwnership = (row: ChatRow): ChatOwnership => ({
  owner: row.owner,
  shared: row.shared,
  sharedBy: row.shared_by,
  agentType: row.agent_type,
});

/** The sentence a turn's files are refused with when one is missing. */
export const UPLOAD_NOT_FOUND =
  'an attachment was not found (uploads not sent within a day are removed): attach the file again';

/**
 * The one place that decides who may reach a chat, as a function of the viewer (never of a cookie or a key): by id
 * (ChatAccessGuard asks it for every route that reads one) and as SQL for every list, search and sum (`scope`, with
 * chatVisible). Another's private chat looks exactly like a missing one; a chat the viewer may read but not change
 * (shared by someone else) is 403 with a sentence saying whose it is.
 */
@Injectable()
export class ChatAccess {
  constructor(
    private readonly db: DataSource,
    private readonly agents: AgentRegistry,
    private readonly people: PeopleRegistry,
  ) {}

  /** The chats a viewer may see, for chatVisible() in a query. */
  scope(viewer: Viewer): ChatScope {
    if (viewer.kind === 'circle') return EVERY_CHAT;
    const hiddenAgents = this.agents
      .list()
      .filter((agent) => !mayUse(viewer, agent))
      .map((agent) => agent.id);
    return { owner: ownerOf(viewer), hiddenAgents };
  }

  /** Whether the viewer sees the chat (the same rule as chatVisible). */
  canRead(viewer: Viewer, chat: ChatOwnership): boolean {
    if (viewer.kind === 'circle') return true;
    const agent = this.agents.get(chat.agentType);
    if (agent && !mayUse(viewer, agent)) return false;
    return chat.owner === null || chat.shared || chat.owner === ownerOf(viewer);
  }

  /** Whether the viewer may change the chat: its owner, or any person for a chat from before people. */
  canWrite(viewer: Viewer, chat: ChatOwnership): boolean {
    if (viewer.kind === 'circle') return true;
    if (!this.canRead(viewer, chat)) return false;
    return chat.owner === ownerOf(viewer) || (chat.owner === null && viewer.kind === 'person');
  }

  /** Refuses (404, as if missing) a chat the viewer may not see; a chat that does not exist is left to the caller. */
  async assertCanRead(viewer: Viewer, sessionId: string): Promise<void> {
    if ((await this.reachChat(viewer, sessionId, 'read')) === 'hidden') throw AppError.notFound('Chat session');
  }

  /** Refuses a chat the viewer may not change: 404 when they may not see it either, else 403. */
  async assertCanWrite(viewer: Viewer, sessionId: string): Promise<void> {
    if ((await this.reachChat(viewer, sessionId, 'change')) === 'hidden') throw AppError.notFound('Chat session');
  }

  /**
   * What the viewer finds at a chat's id for `use`: nothing, a chat it may not see (which must look like nothing to
   * it), or one it may reach. A chat it sees but may not change is refused here (403), saying whose it is.
   */
  async reachChat(viewer: Viewer, sessionId: string, use: ChatUse): Promise<Reach> {
    if (viewer.kind === 'circle') return 'reachable';
    const [row] = await this.db.query<ChatRow[]>(
      'SELECT owner, shared, shared_by, agent_type FROM chat_sessions WHERE id = $1',
      [sessionId],
    );
    return row ? this.reach(viewer, toOwnership(row), use) : 'missing';
  }

  /** The same for an attachment: its chat's rule once sent; until then only its uploader reaches it. */
  async reachAttachment(viewer: Viewer, attachmentId: string, use: ChatUse): Promise<Reach> {
    if (viewer.kind === 'circle') return 'reachable';
    const [row] = await this.db.query<AttachmentRow[]>(
      `SELECT a.owner AS uploader, a.agent_type AS upload_agent, a.session_id, s.owner, s.shared, s.shared_by, s.agent_type
         FROM chat_attachments a LEFT JOIN chat_sessions s ON s.id = a.session_id
        WHERE a.id = $1`,
      [attachmentId],
    );
    if (!row) return 'missing';
    if (row.session_id !== null) return this.reach(viewer, toOwnership(row), use);
    const agent = this.agents.get(row.upload_agent);
    return row.uploader === ownerOf(viewer) && (!agent || mayUse(viewer, agent)) ? 'reachable' : 'hidden';
  }

  /** How the chat stands to the viewer, for its wire form; undefined without people. */
  sharingOf(viewer: Viewer, chat: ChatOwnership & Pick<ChatSessionEntity, 'sharedAt'>): ChatSharing | undefined {
    if (!this.people.configured || viewer.kind === 'circle') return undefined;
    const yours = chat.owner === ownerOf(viewer);
    return {
      yours,
      shared: chat.owner === null || chat.shared,
      sharedBy: chat.shared && chat.sharedBy ? this.firstName(chat.sharedBy) : null,
      sharedAt: chat.shared && chat.sharedAt ? chat.sharedAt.toISOString() : null,
      canChange: this.canWrite(viewer, chat),
      canShare: yours && viewer.kind === 'person',
    };
  }

  /** A person's first name as the file gives it now; their id once they are no longer in it. */
  firstName(personId: string): string {
    return this.people.get(personId)?.firstName ?? personId;
  }

  private reach(viewer: Viewer, chat: ChatOwnership, use: ChatUse): Reach {
    if (!this.canRead(viewer, chat)) return 'hidden';
    if (use === 'change' && !this.canWrite(viewer, chat)) throw this.changeRefused(chat);
    return 'reachable';
  }

  private changeRefused(chat: ChatOwnership): AppError {
    if (chat.owner === null)
      return new AppError('FORBIDDEN', 'Guests can read the chats shared with everyone, but not change them.');
    const name = this.firstName(chat.sharedBy ?? chat.owner);
    return new AppError('FORBIDDEN', `${name} shared this chat to be read: only ${name} can change it.`);
  }
}
