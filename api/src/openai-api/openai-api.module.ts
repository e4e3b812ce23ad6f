import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { ApiKeysModule } from '../api-keys';
import { OPENAI_API_ROOT } from '../common/api-prefix';
import { ERROR_SHAPES } from '../common/app-exception.filter';
import { TurnsModule } from '../turns';
import { ApiChatStore } from './api-chat.store';
import { ApiChats } from './api-chats.service';
import { ApiCompletions } from './api-completions.service';
import { ApiKeyGuard } from './api-key.guard';
import { OpenAiApiController } from './openai-api.controller';
import { openAiErrorShape } from './openai-error';

/**
 * The agents as an OpenAI-compatible API at /v1 (outside /api): a named key opens it, its turns go through ChatTurns
 * like the chat page's, and its errors are in OpenAI's shape.
 */
@Module({
  imports: [AgentsModule, ApiKeysModule, TurnsModule],
  controllers: [OpenAiApiController],
  providers: [
    ApiChatStore,
    ApiChats,
    ApiCompletions,
    ApiKeyGuard,
    { provide: ERROR_SHAPES, useValue: [openAiErrorShape(`/${OPENAI_API_ROOT}/`)] },
  ],
  // AppModule makes the guard global, after the access guard and before the body is read; the filter reads the shape.
  exports: [ApiKeyGuard, ERROR_SHAPES],
})
export class OpenAiApiModule {}
