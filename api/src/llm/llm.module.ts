import { Module } from '@nestjs/common';
import { SearchModule } from '../search';
import { ChatModel } from './chat-model.service';
import { ModelClients } from './model-clients';
import { ModelKeyController } from './model-key.controller';
import { ModelWarmup } from './model-warmup';
import { ContextWindows } from './context/context-windows';
import { ModelVision } from './context/model-vision';
import { ReplyRouter } from './reply-router';
import { RetryPolicy } from './retry-policy';

@Module({
  imports: [SearchModule],
  controllers: [ModelKeyController],
  providers: [
    ModelClients,
    { provide: RetryPolicy, useFactory: () => new RetryPolicy() },
    ChatModel,
    ReplyRouter,
    ContextWindows,
    ModelVision,
    ModelWarmup,
  ],
  exports: [ModelClients, ChatModel, ReplyRouter, ContextWindows, ModelVision, ModelWarmup, SearchModule],
})
export class LlmModule {}
