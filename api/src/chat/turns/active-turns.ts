import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { MessageSource } from '../../../../schemas/types/wire/chat-message';
import type { ChatTurnEvent } from '../../../../schemas/types/wire/chat-turn-event';
import { AppError } from '../../common/app-error';

type Listener = (event: ChatTurnEvent) => void;

const isFinal = (event: ChatTurnEvent) => event.type === 'done' || event.type === 'stopped' || event.type === 'error';

/**
 * A reply being written. It lives apart from any HTTP response: listeners come and go (a browser
 * may disconnect or re-attach) while the reply is finished and saved regardless.
 */
export class ActiveTurn {
  private readonly controller = new AbortController();
  private readonly log: ChatTurnEvent[] = [];
  private readonly listeners = new Set<Listener>();
  text = '';
  sources: MessageSource[] = [];
  ended = false;

  constructor(readonly sessionId: string) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  emit(event: ChatTurnEvent): void {
    if (this.ended) return;
    if (event.type === 'token') this.text += event.text;
    if (event.type === 'sources') this.sources = event.sources;
    this.log.push(event);
    if (isFinal(event)) this.ended = true;
    for (const listener of this.listeners) listener(event);
    if (this.ended) this.listeners.clear();
  }

  /** From the start: every event so far, then the live ones. */
  subscribe(listener: Listener): () => void {
    for (const event of this.log) listener(event);
    if (!this.ended) this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Joining late: the reply so far as one snapshot, then the live events. */
  attach(listener: Listener): () => void {
    listener({ type: 'snapshot', text: this.text, sources: this.sources });
    const final = this.log.find(isFinal);
    if (final) listener(final);
    else this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.controller.abort();
  }
}

/** At most one reply per session at a time; on shutdown every reply is stopped and saved before the database closes. */
@Injectable()
export class ActiveTurns implements BeforeApplicationShutdown {
  private readonly bySession = new Map<string, { turn: ActiveTurn; work?: Promise<void> }>();

  get(sessionId: string): ActiveTurn | undefined {
    return this.bySession.get(sessionId)?.turn;
  }

  assertIdle(sessionId: string): void {
    if (this.bySession.has(sessionId)) {
      throw new AppError('CONFLICT', 'A reply is still being written in this chat. Wait for it or stop it first.');
    }
  }

  begin(sessionId: string): ActiveTurn {
    this.assertIdle(sessionId);
    const turn = new ActiveTurn(sessionId);
    this.bySession.set(sessionId, { turn });
    return turn;
  }

  /** Keeps the turn registered until its work settles. */
  run(turn: ActiveTurn, work: () => Promise<void>): void {
    const entry = this.bySession.get(turn.sessionId);
    if (!entry || entry.turn !== turn) throw new Error('run() needs a turn from begin()');
    entry.work = work().finally(() => this.bySession.delete(turn.sessionId));
  }

  /** For a turn that ends before it runs (its first save failed). */
  abandon(turn: ActiveTurn): void {
    if (this.bySession.get(turn.sessionId)?.turn === turn) this.bySession.delete(turn.sessionId);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const running = [...this.bySession.values()];
    for (const { turn } of running) turn.stop();
    await Promise.allSettled(running.flatMap(({ work }) => (work ? [work] : [])));
  }
}
