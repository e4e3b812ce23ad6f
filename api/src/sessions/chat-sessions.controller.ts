import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '../common/app-error';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { CreateChatSessionRequest } from '@mb/contracts/types/wire/create-chat-session-request';
import type { UpdateChatSessionRequest } from '@mb/contracts/types/wire/update-chat-session-request';
import { ChatSessions } from './chat-sessions.service';
import { decodeSessionCursor, encodeSessionCursor, NEXT_CURSOR_HEADER, parseLimit } from './paging';
import { toSessionDto } from './session-dto';
import { sessionIdPipe } from './chat-id.pipe';

@Controller('chat/sessions')
export class ChatSessionsController {
  constructor(private readonly chat: ChatSessions) {}

  @Get()
  @Answers({
    summary: 'Chat sessions: pinned ones first (newest pinned first), then the most recently updated',
    description:
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
  ): Promise<ChatSession[]> {
    if (agentType !== undefined && typeof agentType !== 'string')
      throw AppError.validation(['agentType must be given once']);
    const page = await this.chat.listSessions({
      agentType: agentType || undefined,
      limit: parseLimit(limit, 50, 200),
      after: decodeSessionCursor(cursor),
    });
    const last = page.items.at(-1);
    if (page.more && last) res.setHeader(NEXT_CURSOR_HEADER, encodeSessionCursor(last));
    return [...page.pinned, ...page.items].map(toSessionDto);
  }

  @Post()
  @Answers({ summary: 'Start a chat session with an agent', json: 'wire/chat-session' })
  async create(@Body(validBody('create-chat-session-request')) body: CreateChatSessionRequest): Promise<ChatSession> {
    return toSessionDto(await this.chat.createSession(body));
  }

  @Get(':id')
  @Answers({ summary: 'One chat session', json: 'wire/chat-session', errors: ['NOT_FOUND'] })
  async get(@Param('id', sessionIdPipe) id: string): Promise<ChatSession> {
    return toSessionDto(await this.chat.getSession(id));
  }

  @Patch(':id')
  @Answers({
    summary: 'Rename a chat (title trimmed, 1 to 200 characters) or pin it (pinned: true) or unpin it',
    json: 'wire/chat-session',
    errors: ['NOT_FOUND'],
  })
  async update(
    @Param('id', sessionIdPipe) id: string,
    @Body(validBody('update-chat-session-request')) body: UpdateChatSessionRequest,
  ): Promise<ChatSession> {
    return toSessionDto(await this.chat.updateSession(id, body));
  }

  @Delete(':id')
  @HttpCode(204)
  @Answers({ summary: 'Delete a chat session and its messages', empty: true, errors: ['NOT_FOUND'] })
  async remove(@Param('id', sessionIdPipe) id: string): Promise<void> {
    await this.chat.deleteSession(id);
  }
}
