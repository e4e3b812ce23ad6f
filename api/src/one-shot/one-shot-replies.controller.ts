import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { AssistantChatRequest } from '@mb/contracts/types/wire/assistant-chat-request';
import type { ChatCompletionRequest } from '@mb/contracts/types/wire/chat-completion-request';
import type { ChatCompletionResponse } from '@mb/contracts/types/wire/chat-completion-response';
import type { SerperSearchRequest } from '@mb/contracts/types/wire/serper-search-request';
import type { SerperSearchResponse } from '@mb/contracts/types/wire/serper-search-response';
import { CurrentViewer, type Viewer } from '../access';
import { Answers } from '../common/route-docs';
import { validBody } from '../common/schema-body.pipe';
import { MODEL_CALL_ERRORS, ModelKey } from '../llm';
import { OneShotReplies } from './one-shot-replies.service';

/** The spec's API table: POST /api/chat/completions, /api/assistant/chat and /api/serper-search. */
@Controller()
export class OneShotRepliesController {
  constructor(private readonly replies: OneShotReplies) {}

  @Post('chat/completions')
  @HttpCode(200)
  @Answers({
    summary: 'One reply to the given conversation (nothing is stored)',
    json: 'wire/chat-completion-response',
    errors: [...MODEL_CALL_ERRORS, 'MESSAGE_TOO_LONG', 'NOT_FOUND', 'FORBIDDEN'],
  })
  completions(
    @Body(validBody('chat-completion-request')) body: ChatCompletionRequest,
    @CurrentViewer() viewer: Viewer,
    @ModelKey() apiKey?: string,
  ): Promise<ChatCompletionResponse> {
    return this.replies.completions(body, viewer, apiKey);
  }

  @Post('assistant/chat')
  @HttpCode(200)
  @Answers({
    summary: "One reply in an agent's persona over the last messages of the conversation",
    json: 'wire/chat-completion-response',
    errors: [...MODEL_CALL_ERRORS, 'ASSISTANT_API_UNAVAILABLE', 'MESSAGE_TOO_LONG', 'NOT_FOUND', 'FORBIDDEN'],
  })
  assistant(
    @Body(validBody('assistant-chat-request')) body: AssistantChatRequest,
    @CurrentViewer() viewer: Viewer,
    @ModelKey() apiKey?: string,
  ): Promise<ChatCompletionResponse> {
    return this.replies.assistant(body, viewer, apiKey);
  }

  @Post('serper-search')
  @HttpCode(200)
  @Answers({
    summary: "A web search on the user's message, then an answer grounded in its results",
    json: 'wire/serper-search-response',
    errors: [...MODEL_CALL_ERRORS, 'SEARCH_UNAVAILABLE', 'SEARCH_FAILED', 'MESSAGE_TOO_LONG', 'NOT_FOUND', 'FORBIDDEN'],
  })
  webSearch(
    @Body(validBody('serper-search-request')) body: SerperSearchRequest,
    @CurrentViewer() viewer: Viewer,
    @ModelKey() apiKey?: string,
  ): Promise<SerperSearchResponse> {
    return this.replies.webSearch(body, viewer, apiKey);
  }
}
