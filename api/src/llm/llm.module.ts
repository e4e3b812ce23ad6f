import { Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { SearchModule } from '../search';
import { ChatModel } from './chat-model.service';
import { ModelClients } from './model-clients';
import { ModelKeyController } from './model-key.controller';
import { ModelWarmup } from './model-warmup';
import { ContextWindows } from './context/context-windows';
import { ModelVision } from './context/model-vision';
import { ReplyRouter } from './reply-router';
import { RETRY_TIMING, RetryPolicy, sleep } from './retry-policy';

@Module({
  imports: [SearchModule],
  controllers: [ModelKeyController],
  providers: [
    ModelClients,
    {
      provide: RetryPolicy,
      inject: [Clock],
      useFactory: (clock: Clock) => new RetryPolicy(RETRY_TIMING, sleep, Math.random, clock),
    },
    ChatModel,
    ReplyRouter,
    ContextWindows,
    ModelVision,
    ModelWarmup,
  ],
  exports: [ModelClients, ChatModel, ReplyRouter, ContextWindows, ModelVision, ModelWarmup, SearchModule],
})
export class LlmModule {}
