import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AttachmentsModule } from '../attachments';
import { APP_CONFIG, type AppConfig } from '../config';
import { LlmModule } from '../llm';
import { MessagesModule } from '../messages';
import { PersonasModule } from '../personas';
import { RedisConnection } from '../redis';
import { SessionsModule } from '../sessions';
import { SummariesModule } from '../summaries';
import { ToolsModule } from '../tools';
import { ActiveTurns } from './live/active-turns';
import { ChatTurnsController } from './chat-turns.controller';
import { ChatTurns } from './chat-turns.service';
import { CheckpointFollower } from './live/checkpoint-follower';
import { RedisTurnRelay } from './live/relay/redis-turn-relay';
import { InMemoryTurnRelay, TurnRelay } from './live/relay/turn-relay';
import { OneShotRepliesController } from './replies/one-shot-replies.controller';
import { OneShotReplies } from './replies/one-shot-replies.service';
import { ReplyContexts } from './run/reply-contexts.service';
import { ReplyEndings } from './ending/reply-endings.service';
import { ReplyLeases } from './live/reply-leases';
import { ReplyOpeningStore } from './opening/reply-opening.store';
import { ReplyRun } from './run/reply-run.service';
import { ReplyStore } from './rows/reply.store';
import { TurnModels } from './opening/turn-models';
import { TurnOpening } from './opening/turn-opening.service';
import { TurnReconfiguration } from './opening/turn-reconfiguration.service';
import { TurnRows } from './opening/turn-rows.service';

/** One process: its own memory. Replicas (REDIS_URL): Redis, with this process's own replies still served from memory. */
function turnRelay(active: ActiveTurns, config: AppConfig, redis: RedisConnection | null): TurnRelay {
  const local = new InMemoryTurnRelay(active);
  return redis ? new RedisTurnRelay(redis, local, { leaseMs: config.replies.leaseMs }) : local;
}

/**
 * Streaming turns (POST /api/chat/turns, regenerate, re-attach, stop) and the spec's one-shot replies. A turn flows
 * down: ChatTurns → TurnOpening (refusals, fit, TurnRows storing its rows) → ReplyRun (routing, streaming) →
 * ReplyEndings (finish, stop, withdraw) → the reply stores.
 */
@Module({
  imports: [
    AgentsModule,
    AttachmentsModule,
    LlmModule,
    SessionsModule,
    MessagesModule,
    SummariesModule,
    PersonasModule,
    ToolsModule,
  ],
  controllers: [ChatTurnsController, OneShotRepliesController],
  providers: [
    ActiveTurns,
    ReplyOpeningStore,
    ReplyStore,
    ReplyLeases,
    CheckpointFollower,
    {
      provide: TurnRelay,
      inject: [ActiveTurns, APP_CONFIG, { token: RedisConnection, optional: true }],
      useFactory: turnRelay,
    },
    TurnModels,
    ReplyContexts,
    TurnRows,
    TurnReconfiguration,
    TurnOpening,
    ReplyEndings,
    ReplyRun,
    ChatTurns,
    OneShotReplies,
  ],
})
export class TurnsModule {}
