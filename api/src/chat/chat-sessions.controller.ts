import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AppError } from '../common/app-error';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { ChooseVersionRequest } from '@mb/contracts/types/wire/choose-version-request';
import { ModelKey } from '../llm';
import type { CreateChatMessageRequest } from '@mb/contracts/types/wire/create-chat-message-request';
import type { CreateChatSessionRequest } from '@mb/contracts/types/wire/create-chat-session-request';
import type { UpdateChatSessionRequest } from '@mb/contracts/types/wire/update-chat-session-request';
import { toMessageDto, toSessionDto } from './chat-dto';
import { ChatService, toMessageDtos } from './chat.service';
import { SessionSummaries } from './summaries/session-summaries.service';
import { decodeSessionCursor, encodeSessionCursor, NEXT_CURSOR_HEADER, parseLimit, parseOrderCursor } from './paging';
import { sessionIdPipe } from './session-id.pipe';

@Controller('chat/sessions')
export class ChatSessionsController {
  constructor(
    private readonly chat: ChatService,
    private readonly summaries: SessionSummaries,
  ) {}

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

  @Get(':id/messages')
  @Answers({
    summary: "A session's messages, in order",
    json: 'wire/chat-message',
    list: true,
    query: {
      limit: 'At most this many, the latest (1 to 1000; default 1000).',
      before: 'Only messages whose order is below this one (the X-Next-Cursor of the previous page).',
    },
    headers: { 'X-Next-Cursor': 'Present when there are older messages: the `before` of the next page.' },
    errors: ['NOT_FOUND'],
  })
  async listMessages(
    @Param('id', sessionIdPipe) id: string,
    @Query('limit') limit: unknown,
    @Query('before') before: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChatMessage[]> {
    const page = await this.chat.listMessages(id, {
      limit: parseLimit(limit, 1000, 1000),
      beforeOrder: parseOrderCursor(before),
    });
    const first = page.items[0];
    if (page.more && first) res.setHeader(NEXT_CURSOR_HEADER, String(first.order));
    return toMessageDtos(page.items, page.versions);
  }

  @Put(':id/version')
  @Answers({
    summary: "Choose the version of the chat's last exchange that is shown and seen by the model",
    description:
      'Regenerate and Edit message keep the earlier versions of the last exchange. The choice is kept (a reload ' +
      'shows it) and is what the model reads from now on; a summary that covered the version left is made again. ' +
      "Answers the last exchange's messages as now chosen. Once another message is sent, that exchange keeps its choice.",
    json: 'wire/chat-message',
    list: true,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async chooseVersion(
    @Param('id', sessionIdPipe) id: string,
    @Body(validBody('choose-version-request')) body: ChooseVersionRequest,
    @ModelKey() apiKey: string | undefined,
  ): Promise<ChatMessage[]> {
    const { messages, summaryReset } = await this.chat.chooseVersion(id, body.version);
    if (summaryReset) this.summaries.refreshLater(id, apiKey);
    return messages;
  }

  @Post(':id/messages')
  @Answers({
    summary: 'Store a message in a session',
    json: 'wire/chat-message',
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async addMessage(
    @Param('id', sessionIdPipe) id: string,
    @Body(validBody('create-chat-message-request')) body: CreateChatMessageRequest,
  ): Promise<ChatMessage> {
    return toMessageDto(await this.chat.appendMessage(id, body));
  }
}
