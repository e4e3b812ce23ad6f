import { Module } from '@nestjs/common';
import { SearchModule } from '../search';
import { ChatModel } from './chat-model.service';
import { ModelClients } from './model-clients';
import { ModelKeyController } from './model-key.controller';
import { ReplyRouter } from './reply-router';
import { RetryPolicy } from './retry-policy';

@Module({
  imports: [SearchModule],
  controllers: [ModelKeyController],
  providers: [ModelClients, { provide: RetryPolicy, useFactory: () => new RetryPolicy() }, ChatModel, ReplyRouter],
  exports: [ModelClients, ChatModel, ReplyRouter, SearchModule],
})
export class LlmModule {}
