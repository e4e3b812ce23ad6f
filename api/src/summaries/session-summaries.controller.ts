import { Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import { CurrentViewer, type Viewer } from '../access';
import { Answers } from '../common/route-docs';
import { MODEL_CALL_ERRORS, ModelKey } from '../llm';
import { ChatAccess, type ChatSessionEntity, sessionIdPipe, toSessionDto } from '../sessions';
import { SessionSummaries } from './session-summaries.service';

@Controller('chat/sessions/:id')
export class SessionSummariesController {
  constructor(
    private readonly summaries: SessionSummaries,
    private readonly access: ChatAccess,
  ) {}

  private dto(viewer: Viewer, session: ChatSessionEntity): ChatSession {
    return toSessionDto(session, this.access.sharingOf(viewer, session));
  }

  /** The history panel's Summarize button. */
  @Post('summarize')
  @HttpCode(200)
  @Answers({
    summary: 'Summarize a session with the model; answers the session with its new summary',
    json: 'wire/chat-session',
    errors: [...MODEL_CALL_ERRORS, 'NOT_FOUND', 'CONFLICT'],
  })
  async summarize(
    @Param('id', sessionIdPipe) id: string,
    @CurrentViewer() viewer: Viewer,
    @ModelKey() apiKey?: string,
  ): Promise<ChatSession> {
    return this.dto(viewer, await this.summaries.summarize(id, apiKey));
  }

  /** The spec's refresh after replies; the streaming turn does this by itself in the background. */
  @Put('summary')
  @Answers({
    summary: "Refresh a session's summary after replies (as summarize)",
    json: 'wire/chat-session',
    errors: [...MODEL_CALL_ERRORS, 'NOT_FOUND', 'CONFLICT'],
  })
  async refresh(
    @Param('id', sessionIdPipe) id: string,
    @CurrentViewer() viewer: Viewer,
    @ModelKey() apiKey?: string,
  ): Promise<ChatSession> {
    return this.dto(viewer, await this.summaries.summarize(id, apiKey));
  }
}
