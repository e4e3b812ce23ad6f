import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChooseVersionRequest } from '@mb/contracts/types/wire/choose-version-request';
import type { CreateChatMessageRequest } from '@mb/contracts/types/wire/create-chat-message-request';
import { ModelKey } from '../llm';
import { NEXT_CURSOR_HEADER, parseLimit, parseOrderCursor, sessionIdPipe } from '../sessions';
import { SessionSummaries } from '../summaries';
import { ChatMessages } from './chat-messages.service';
import { toMessageDto, toMessageDtos } from './message-dto';

/** A chat's messages, and the versions of its last exchange. */
@Controller('chat/sessions')
export class ChatMessagesController {
  constructor(
    private readonly messages: ChatMessages,
    private readonly summaries: SessionSummaries,
  ) {}

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
    const page = await this.messages.listMessages(id, {
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
    const { messages, summaryReset } = await this.messages.chooseVersion(id, body.version);
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
    return toMessageDto(await this.messages.appendMessage(id, body));
  }
}
