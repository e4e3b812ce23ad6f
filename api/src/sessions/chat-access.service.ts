import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatSharing } from '@mb/contracts/types/wire/chat-session';
import { ownerOf, PeopleRegistry, type Viewer } from '../access';
import { AgentRegistry, mayUse } from '../agents';
import { AppError } from '../common/app-error';
import type { ChatSessionEntity } from './chat-session.entity';
import { chatVisible, EVERY_CHAT, type ChatScope } from './chat-scope';

/** Reading a chat (GET), or changing it: adding to it, stopping or steering its reply, renaming, deleting. */
export type ChatUse = 'read' | 'change';

/** What the rule reads of a chat. */
export type ChatOwnership = Pick<ChatSessionEntity, 'owner' | 'shared' | 'sharedBy' | 'agentType'>;

interface AttachmentRow {
  uploader: string | null;
  agent_type: string;
  session_id: string | null;
  owner: string | null;
  shared: boolean | null;
  shared_by: string | null;
  session_agent: string | null;
}

/** The sentence a turn's files are refused with when one is missing: another's upload is refused the same way. */
export const UPLOAD_NOT_FOUND =
  'an attachment was not found (uploads not sent within a day are removed): attach the file again';

/**
 * The one place that decides who may reach a chat, as a function of the viewer (never of a cookie or a key): by id
 * (ChatAccessGuard calls it for every route that reads one) and as SQL for every list, search and sum (`scope`).
 * Another's private chat is refused exactly like a missing one (404); a chat the viewer may read but not change
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
  assertCanRead(viewer: Viewer, sessionId: string): Promise<void> {
    return this.assertChat(viewer, sessionId, 'read');
  }

  /** Refuses a chat the viewer may not change: 404 when they may not see it either, else 403. */
  assertCanWrite(viewer: Viewer, sessionId: string): Promise<void> {
    return this.assertChat(viewer, sessionId, 'change');
  }

  /** Refuses a chat the viewer may not reach for `use`; a chat that does not exist is left to the route. */
  async assertChat(viewer: Viewer, sessionId: string, use: ChatUse, missing = 'Chat session'): Promise<void> {
    if (viewer.kind === 'circle') return;
    const [chat] = await this.db.query<
      Array<{ owner: string | null; shared: boolean; shared_by: string | null; agent_type: string }>
    >('SELECT owner, shared, shared_by, agent_type FROM chat_sessions WHERE id = $1', [sessionId]);
    if (!chat) return;
    this.assertUse(
      viewer,
      { owner: chat.owner, shared: chat.shared, sharedBy: chat.shared_by, agentType: chat.agent_type },
      use,
      missing,
    );
  }

  /** The same for an attachment: its chat's rule once sent; until then only its uploader reaches it. */
  async assertAttachment(viewer: Viewer, attachmentId: string, use: ChatUse, missing: string): Promise<void> {
    if (viewer.kind === 'circle') return;
    const row = await this.attachmentRow(attachmentId);
    if (!row) return;
    if (row.session_id === null) {
      const agent = this.agents.get(row.agent_type);
      if (row.uploader !== ownerOf(viewer) || (agent && !mayUse(viewer, agent))) throw AppError.notFound(missing);
      return;
    }
    const chat = {
      owner: row.owner,
      shared: Boolean(row.shared),
      sharedBy: row.shared_by,
      agentType: row.session_agent!,
    };
    this.assertUse(viewer, chat, use, missing);
  }

  /** Files a turn is to send: each must be an upload of this viewer's, else it is refused as missing. */
  async assertUploads(viewer: Viewer, attachmentIds: string[]): Promise<void> {
    if (viewer.kind === 'circle') return;
    for (const id of attachmentIds) {
      const row = await this.attachmentRow(id);
      if (!row) continue;
      const chat =
        row.session_id === null
          ? null
          : { owner: row.owner, shared: Boolean(row.shared), sharedBy: row.shared_by, agentType: row.session_agent! };
      const reachable = chat ? this.canRead(viewer, chat) : row.uploader === ownerOf(viewer);
      if (!reachable) throw AppError.validation([UPLOAD_NOT_FOUND]);
    }
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

  private assertUse(viewer: Viewer, chat: ChatOwnership, use: ChatUse, missing: string): void {
    if (!this.canRead(viewer, chat)) throw AppError.notFound(missing);
    if (use === 'change' && !this.canWrite(viewer, chat)) throw this.changeRefused(viewer, chat);
  }

  private changeRefused(viewer: Viewer, chat: ChatOwnership): AppError {
    if (chat.owner === null)
      return new AppError('FORBIDDEN', 'Guests can read the chats shared with everyone, but not change them.');
    const name = this.firstName(chat.sharedBy ?? chat.owner);
    return new AppError('FORBIDDEN', `${name} shared this chat to be read: only ${name} can change it.`);
  }

  private async attachmentRow(id: string): Promise<AttachmentRow | undefined> {
    const [row] = await this.db.query<AttachmentRow[]>(
      `SELECT a.owner AS uploader, a.agent_type, a.session_id, s.owner, s.shared, s.shared_by, s.agent_type AS session_agent
         FROM chat_attachments a LEFT JOIN chat_sessions s ON s.id = a.session_id
        WHERE a.id = $1`,
      [id],
    );
    return row;
  }
}

export { chatVisible };
