import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { APP_CONFIG, type AppConfig } from '../config';
import { LlmModule } from '../llm';
import { MessagesModule } from '../messages';
import { PersonasModule } from '../personas';
import { RedisConnection } from '../redis';
import { SessionsModule } from '../sessions';
import { SummariesModule } from '../summaries';
import { OneShotRepliesController } from './replies/one-shot-replies.controller';
import { OneShotReplies } from './replies/one-shot-replies.service';
import { ActiveTurns } from './active-turns';
import { ChatTurnsController } from './chat-turns.controller';
import { ChatTurns } from './chat-turns.service';
import { CheckpointFollower } from './checkpoint-follower';
import { ReplyLeases } from './reply-leases';
import { ReplyStore } from './reply-store';
import { RedisTurnRelay } from './relay/redis-turn-relay';
import { InMemoryTurnRelay, TurnRelay } from './relay/turn-relay';

/** One process: its own memory. Replicas (REDIS_URL): Redis, with this process's own replies still served from memory. */
function turnRelay(active: ActiveTurns, config: AppConfig, redis: RedisConnection | null): TurnRelay {
  const local = new InMemoryTurnRelay(active);
  return redis ? new RedisTurnRelay(redis, local, { leaseMs: config.replies.leaseMs }) : local;
}

@Module({
  imports: [AgentsModule, LlmModule, SessionsModule, MessagesModule, SummariesModule, PersonasModule],
  controllers: [ChatTurnsController, OneShotRepliesController],
  providers: [
    ActiveTurns,
    ReplyStore,
    ReplyLeases,
    CheckpointFollower,
    {
      provide: TurnRelay,
      inject: [ActiveTurns, APP_CONFIG, { token: RedisConnection, optional: true }],
      useFactory: turnRelay,
    },
    ChatTurns,
    OneShotReplies,
  ],
})
export class TurnsModule {}
