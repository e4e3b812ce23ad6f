import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CurrentViewer, type Viewer } from '../access';
import { AppError } from '../common/app-error';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { CreateChatSessionRequest } from '@mb/contracts/types/wire/create-chat-session-request';
import type { UpdateChatSessionRequest } from '@mb/contracts/types/wire/update-chat-session-request';
import type { ChatSessionEntity } from './chat-session.entity';
import { ChatAccess } from './chat-access.service';
import { ChatSessions } from './chat-sessions.service';
import { decodeSessionCursor, encodeSessionCursor, NEXT_CURSOR_HEADER, parseLimit } from './paging';
import { toSessionDto } from './session-dto';
import { sessionIdPipe } from './chat-id.pipe';

@Controller('chat/sessions')
export class ChatSessionsController {
  constructor(
    private readonly chat: ChatSessions,
    private readonly access: ChatAccess,
  ) {}

  private dto(viewer: Viewer, session: ChatSessionEntity): ChatSession {
    return toSessionDto(session, this.access.sharingOf(viewer, session));
  }

  @Get()
  @Answers({
    summary: 'Chat sessions: pinned ones first (newest pinned first), then the most recently updated',
    description:
      'Once people are configured, only the chats the viewer may see: their own, those shared with the circle, and ' +
      'those from before people. ' +
      "Every pinned session is answered on the first page (no cursor), ahead of that page's `limit` unpinned " +
      'sessions; later pages hold unpinned sessions only, so paging never repeats or skips one.',
    json: 'wire/chat-session',
    list: true,
    query: {
      agentType: "Only this agent's sessions.",
      limit: 'At most this many (1 to 200; default 50).',
      cursor: 'The X-Next-Cursor of the previous page, for the next one.',
    },
    headers: { 'X-Next-Cursor': 'Present when there are more sessions: the cursor of the next page.' },
  })
  async list(
    @Query('agentType') agentType: unknown,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Res({ passthrough: true }) res: Response,
    @CurrentViewer() viewer: Viewer,
  ): Promise<ChatSession[]> {
    if (agentType !== undefined && typeof agentType !== 'string')
      throw AppError.validation(['agentType must be given once']);
    const page = await this.chat.listSessions({
      agentType: agentType || undefined,
      limit: parseLimit(limit, 50, 200),
      after: decodeSessionCursor(cursor),
      scope: this.access.scope(viewer),
    });
    const last = page.items.at(-1);
    if (page.more && last) res.setHeader(NEXT_CURSOR_HEADER, encodeSessionCursor(last));
    return [...page.pinned, ...page.items].map((session) => this.dto(viewer, session));
  }

  @Post()
  @Answers({ summary: 'Start a chat session with an agent', json: 'wire/chat-session', errors: ['FORBIDDEN'] })
  async create(
    @Body(validBody('create-chat-session-request')) body: CreateChatSessionRequest,
    @CurrentViewer() viewer: Viewer,
  ): Promise<ChatSession> {
    return this.dto(viewer, await this.chat.createSession(body, viewer));
  }

  @Get(':id')
  @Answers({ summary: 'One chat session', json: 'wire/chat-session', errors: ['NOT_FOUND'] })
  async get(@Param('id', sessionIdPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<ChatSession> {
    return this.dto(viewer, await this.chat.getSession(id));
  }

  @Patch(':id')
  @Answers({
    summary: 'Rename a chat (title trimmed, 1 to 200 characters), pin it (pinned: true) or unpin it, or share it',
    description:
      'With people configured, `shared: true` shows the chat to the whole circle, marked with who shared it, and ' +
      '`false` makes it private again; only the person who started it may do either, and only they may change a ' +
      'shared chat (403 FORBIDDEN for others).',
    json: 'wire/chat-session',
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  async update(
    @Param('id', sessionIdPipe) id: string,
    @Body(validBody('update-chat-session-request')) body: UpdateChatSessionRequest,
    @CurrentViewer() viewer: Viewer,
  ): Promise<ChatSession> {
    return this.dto(viewer, await this.chat.updateSession(id, body, viewer));
  }

  @Delete(':id')
  @HttpCode(204)
  @Answers({
    summary: 'Delete a chat session and its messages',
    description: 'With people configured, only the person who started the chat may (403 FORBIDDEN for others).',
    empty: true,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
  })
  async remove(@Param('id', sessionIdPipe) id: string): Promise<void> {
    await this.chat.deleteSession(id);
  }
}
