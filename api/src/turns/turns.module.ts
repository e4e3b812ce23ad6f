import { Module } from '@nestjs/common';
import { AgentsModule } from '../agents';
import { AttachmentsModule } from '../attachments';
import { APP_CONFIG, type AppConfig } from '../config';
import { KnowledgeModule } from '../knowledge';
import { LlmModule } from '../llm';
import { MemoryModule } from '../memory';
import { MessagesModule } from '../messages';
import { PersonasModule } from '../personas';
import { RedisConnection } from '../redis';
import { SessionsModule } from '../sessions';
import { SummariesModule } from '../summaries';
import { ToolsModule } from '../tools';
import { ChatTurnsController } from './chat-turns.controller';
import { ChatTurns } from './chat-turns.service';
import { ReplyOpeningStore } from './opening/reply-opening.store';
import { TurnModels } from './opening/turn-models';
import { TurnOpening } from './opening/turn-opening.service';
import { TurnReconfiguration } from './opening/turn-reconfiguration.service';
import { TurnRows } from './opening/turn-rows.service';
import { ReplyContexts } from './run/reply-contexts.service';
import { TurnGrounding } from './run/turn-grounding';
import { ReplyRun } from './run/reply-run.service';
import { ReplyEndings } from './ending/reply-endings.service';
import { UnstoredEndings } from './ending/unstored-endings';
import { ActiveTurns } from './live/active-turns';
import { CheckpointFollower } from './live/checkpoint-follower';
import { RedisTurnRelay } from './live/relay/redis-turn-relay';
import { InMemoryTurnRelay, TurnRelay } from './live/relay/turn-relay';
import { ReplyLeases } from './live/reply-leases';
import { ReplyStore } from './rows/reply.store';

/** One process: its own memory. Replicas (REDIS_URL): Redis, with this process's own replies still served from memory. */
function turnRelay(active: ActiveTurns, config: AppConfig, redis: RedisConnection | null): TurnRelay {
  const local = new InMemoryTurnRelay(active);
  return redis ? new RedisTurnRelay(redis, local, { leaseMs: config.replies.leaseMs }) : local;
}

/**
 * Streaming turns (POST /api/chat/turns, regenerate, re-attach, stop, tool decisions), a folder per stage, each using
 * only the ones below it: ChatTurns → opening/ (refusals, the model read once, the rows stored) → run/ (the context,
 * routing, streaming, tools) → ending/ (finished, cut short, taken back) → live/ (replies in progress: leases, relay,
 * checkpoints) → rows/ (the reply row's SQL).
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
    KnowledgeModule,
    MemoryModule,
  ],
  controllers: [ChatTurnsController],
  providers: [
    TurnModels,
    ReplyOpeningStore,
    TurnRows,
    TurnReconfiguration,
    TurnOpening,
    ReplyContexts,
    TurnGrounding,
    ReplyRun,
    ReplyEndings,
    UnstoredEndings,
    ActiveTurns,
    ReplyLeases,
    CheckpointFollower,
    {
      provide: TurnRelay,
      inject: [ActiveTurns, APP_CONFIG, { token: RedisConnection, optional: true }],
      useFactory: turnRelay,
    },
    ReplyStore,
    ChatTurns,
  ],
  // For the OpenAI-compatible API, whose turns go the same way as the chat page's.
  exports: [ChatTurns],
})
export class TurnsModule {}
