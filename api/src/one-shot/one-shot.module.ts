import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { LlmModule } from '../llm';
import { SessionsModule } from '../sessions';
import { OneShotRepliesController } from './one-shot-replies.controller';
import { OneShotReplies } from './one-shot-replies.service';

/**
 * The spec's one-shot replies (POST /api/chat/completions, /api/assistant/chat, /api/serper-search): the client
 * sends the conversation, one reply comes back, nothing is stored. They share the routing and the model with chat
 * turns (llm/), not a turn's life cycle.
 */
@Module({
  imports: [AgentsModule, LlmModule, SessionsModule],
  controllers: [OneShotRepliesController],
  providers: [OneShotReplies],
})
export class OneShotModule {}
