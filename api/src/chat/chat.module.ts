import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { LlmModule } from '../llm';
import { ChatSessionsController } from './chat-sessions.controller';
import { ChatService } from './chat.service';
import { ChatStore } from './chat.store';
import { OneShotRepliesController } from './replies/one-shot-replies.controller';
import { OneShotReplies } from './replies/one-shot-replies.service';
import { SessionSummariesController } from './summaries/session-summaries.controller';
import { SessionSummaries } from './summaries/session-summaries.service';
import { ActiveTurns } from './turns/active-turns';
import { ChatTurnsController } from './turns/chat-turns.controller';
import { ChatTurns } from './turns/chat-turns.service';
import { CheckpointFollower } from './turns/checkpoint-follower';
import { ReplyLeases } from './turns/reply-leases';
import { ReplyStore } from './turns/reply-store';
import { InMemoryTurnRelay, TurnRelay } from './turns/turn-relay';

@Module({
  imports: [AgentsModule, LlmModule],
  controllers: [ChatSessionsController, SessionSummariesController, ChatTurnsController, OneShotRepliesController],
  providers: [
    ChatStore,
    ChatService,
    SessionSummaries,
    ActiveTurns,
    ReplyStore,
    ReplyLeases,
    CheckpointFollower,
    { provide: TurnRelay, useClass: InMemoryTurnRelay },
    ChatTurns,
    OneShotReplies,
  ],
  exports: [ChatService],
})
export class ChatModule {}
