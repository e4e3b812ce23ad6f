import { Injectable } from '@nestjs/common';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { ChatTurnRequest } from '@mb/contracts/types/wire/chat-turn-request';
import { toTurnMessageDto } from '../messages';
import type { Viewer } from '../access';
import { ChatAccess, toSessionDto } from '../sessions';
import type { KeptTurnRequest, UnkeptTurnRequest } from './opening/external-turn';
import { TurnOpening } from './opening/turn-opening.service';
import type { OpenedTurn } from './run/opened-turn';
import { ReplyRun } from './run/reply-run.service';
import { ActiveTurn, ActiveTurns } from './live/active-turns';
import { CheckpointFollower } from './live/checkpoint-follower';
import { TurnRelay, type Detach, type TurnWatcher } from './live/relay/turn-relay';
import { ReplyStore } from './rows/reply.store';

export interface StartedTurn {
  /** Events already settled when the stream opens (the session, the saved user message). */
  opening: ChatTurnEvent[];
  /** The reply in progress; absent when the turn needed no model call (a reconfiguration). */
  turn?: ActiveTurn;
}

/**
 * One user message in, one streamed reply out: the orchestration behind POST /api/chat/turns. A turn is opened
 * (opening/: refused, or its rows stored), then its reply runs detached from the request (run/), reachable while
 * it is written (live/).
 */
@Injectable()
export class ChatTurns {
  constructor(
    private readonly opening: TurnOpening,
    private readonly runs: ReplyRun,
    private readonly active: ActiveTurns,
    private readonly relay: TurnRelay,
    private readonly follower: CheckpointFollower,
    private readonly replies: ReplyStore,
    private readonly access: ChatAccess,
  ) {}

  /**
   * Everything that can refuse the turn happens before the stream opens and before anything is saved. A new chat
   * belongs to `viewer` (ownerOf).
   */
  async start(request: ChatTurnRequest, viewer: Viewer, apiKey?: string): Promise<StartedTurn> {
    const opened = await this.opening.open(request, viewer, apiKey);
    return opened.kind === 'reconfigured' ? { opening: opened.events } : this.launch(opened, apiKey, viewer);
  }

  /** A program's message (the OpenAI-compatible API) in the stored chat it goes on: kept and reachable like any turn. */
  async startKept(request: KeptTurnRequest, apiKey?: string): Promise<ActiveTurn> {
    return this.launch(await this.opening.openKept(request, apiKey), apiKey, request.viewer).turn!;
  }

  /** A program's message that nothing is kept of (store: false): the reply runs and is told, and no row is written. */
  startUnkept(request: UnkeptTurnRequest, apiKey?: string): ActiveTurn {
    const opened = { ...this.opening.openUnkept(request, apiKey), viewer: request.viewer };
    const turn = new ActiveTurn(opened.session.id, opened.reply.id);
    this.active.runUnlisted(turn, () => this.runs.reply(turn, opened, apiKey));
    return turn;
  }

  /**
   * Regenerate: the chat's last question asked again. The reply it had is kept as a version of the exchange;
   * the new one streams like any turn (stop, re-attach, errors).
   */
  async regenerate(sessionId: string, viewer: Viewer, apiKey?: string): Promise<StartedTurn> {
    return this.launch(await this.opening.openRegeneration(sessionId, apiKey), apiKey, viewer);
  }

  /**
   * Asks the reply in progress in the session to stop, wherever it is written: through the relay, at once,
   * else through the database, whose flag the owner reads with its next checkpoint (within a second). The
   * database is the way when Redis is down or does not link this replica to the owner.
   */
  async stop(sessionId: string): Promise<boolean> {
    return (await this.relay.stop(sessionId)) || this.replies.requestStop(sessionId);
  }

  /** The user's Allow or Deny of a tool call that waits in the session's reply, wherever it is written. */
  decide(sessionId: string, callId: string, allow: boolean): Promise<boolean> {
    return this.relay.decide(sessionId, callId, allow);
  }

  /**
   * Re-attaches a watcher to the reply in progress in the session: through the relay, or, when the relay
   * knows none, through the checkpoints of a reply still streaming in the database. Undefined: no reply.
   */
  async attach(sessionId: string, watcher: TurnWatcher): Promise<Detach | undefined> {
    return (await this.relay.attach(sessionId, watcher)) ?? this.follower.follow(sessionId, watcher);
  }

  /**
   * The reply's turn, once its rows are stored: followed by the relay and run detached from the request. Its session
   * event says how the chat stands to `viewer`.
   */
  private launch(opened: OpenedTurn, apiKey?: string, viewer?: Viewer): StartedTurn {
    const { session } = opened;
    // The reply reads and keeps the memory of whoever sent the message.
    if (viewer) opened.viewer = viewer;
    const turn = new ActiveTurn(session.id, opened.reply.id);
    const broadcast = this.relay.open(
      session.id,
      () => turn.stop(),
      (callId, allow) => turn.decide(callId, allow),
    );
    turn.subscribe((event) => broadcast.publish(event));
    this.active.run(turn, () => this.runs.reply(turn, opened, apiKey));
    return {
      opening: [
        {
          type: 'session',
          session: toSessionDto(session, viewer && this.access.sharingOf(viewer, session)),
          created: opened.kind === 'new-chat',
        },
        { type: 'user-message', message: toTurnMessageDto(opened.userMessage) },
      ],
      turn,
    };
  }
}
