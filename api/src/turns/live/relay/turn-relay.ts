import { Injectable } from '@nestjs/common';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { ActiveTurns } from '../active-turns';

/** Stops the delivery to one watcher. */
export type Detach = () => void;

/** A re-attached listener of a reply in progress. */
export interface TurnWatcher {
  /** The snapshot of the reply so far first, then each live event; the last one is final (done, stopped or error). */
  event(event: ChatTurnEvent): void;
  /**
   * No more events will come although none was final (this process shuts down, a connection was
   * lost, the owner went silent). The stream ends; the browser reloads the messages and re-attaches.
   */
  lost(): void;
}

/** The owner's side of one reply: every event of the turn, in order, the final one last. */
export interface TurnBroadcast {
  publish(event: ChatTurnEvent): void;
}

/**
 * Where a reply's live events and stop requests travel between the process that writes it and the
 * process a browser asks. Whether a chat may start a reply is not the relay's business: the database
 * decides that (one streaming row per session), and the text is checkpointed there too.
 *
 * - `open(sessionId, onStop)`: called once per turn by the process that writes it, after its row is
 *   stored and before its first event; every event of the turn is then published to the broadcast.
 *   A stop request for the session, from any process, ends in `onStop()` (the reply is saved).
 * - `attach(sessionId, watcher)`: resolves to a Detach, or to undefined when it knows no reply in
 *   progress in the session (the route then follows the stored checkpoints, or answers 204). It calls
 *   the watcher only when it resolves to a Detach, beginning with a `snapshot` event.
 * - `stop(sessionId)`: resolves true when a reply in progress was asked to stop.
 * - `decide(sessionId, callId, allow)`: the user's answer to a tool call that waits for it, carried to
 *   the writer's `onDecision`; resolves true when a reply in progress could take it.
 *
 * The default, InMemoryTurnRelay, keeps to this process's turns (one replica); a relay across replicas
 * is provided as TurnRelay in TurnsModule instead.
 */
export abstract class TurnRelay {
  abstract open(sessionId: string, onStop: () => void, onDecision?: DecisionHandler): TurnBroadcast;
  abstract attach(sessionId: string, watcher: TurnWatcher): Promise<Detach | undefined>;
  abstract stop(sessionId: string): Promise<boolean>;
  abstract decide(sessionId: string, callId: string, allow: boolean): Promise<boolean>;
}

/** The writer's side of a decision: true when a call of that id waited for it. */
export type DecisionHandler = (callId: string, allow: boolean) => boolean;

const unheard: TurnBroadcast = { publish: () => undefined };

/** One process: ActiveTurns already holds each turn's events and its stop. */
@Injectable()
export class InMemoryTurnRelay extends TurnRelay {
  constructor(private readonly active: ActiveTurns) {
    super();
  }

  open(): TurnBroadcast {
    return unheard;
  }

  attach(sessionId: string, watcher: TurnWatcher): Promise<Detach | undefined> {
    const turn = this.active.get(sessionId);
    return Promise.resolve(turn?.attach((event) => watcher.event(event)));
  }

  stop(sessionId: string): Promise<boolean> {
    const turn = this.active.get(sessionId);
    turn?.stop();
    return Promise.resolve(Boolean(turn));
  }

  decide(sessionId: string, callId: string, allow: boolean): Promise<boolean> {
    return Promise.resolve(this.active.get(sessionId)?.decide(callId, allow) ?? false);
  }
}
