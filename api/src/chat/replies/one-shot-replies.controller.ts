import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { AssistantChatRequest } from '../../../../schemas/types/wire/assistant-chat-request';
import type { ChatCompletionRequest } from '../../../../schemas/types/wire/chat-completion-request';
import type { ChatCompletionResponse } from '../../../../schemas/types/wire/chat-completion-response';
import type { SerperSearchRequest } from '../../../../schemas/types/wire/serper-search-request';
import type { SerperSearchResponse } from '../../../../schemas/types/wire/serper-search-response';
import { validBody } from '../../common/schema-body.pipe';
import { ModelKey } from '../../llm';
import { OneShotReplies } from './one-shot-replies.service';

/** The spec's API table: POST /api/chat/completions, /api/assistant/chat and /api/serper-search. */
@Controller()
export class OneShotRepliesController {
  constructor(private readonly replies: OneShotReplies) {}

  @Post('chat/completions')
  @HttpCode(200)
  completions(
    @Body(validBody('chat-completion-request')) body: ChatCompletionRequest,
    @ModelKey() apiKey?: string,
  ): Promise<ChatCompletionResponse> {
    return this.replies.completions(body, apiKey);
  }

  @Post('assistant/chat')
  @HttpCode(200)
  assistant(
    @Body(validBody('assistant-chat-request')) body: AssistantChatRequest,
    @ModelKey() apiKey?: string,
  ): Promise<ChatCompletionResponse> {
    return this.replies.assistant(body, apiKey);
  }

  @Post('serper-search')
  @HttpCode(200)
  webSearch(
    @Body(validBody('serper-search-request')) body: SerperSearchRequest,
    @ModelKey() apiKey?: string,
  ): Promise<SerperSearchResponse> {
    return this.replies.webSearch(body, apiKey);
  }
}
