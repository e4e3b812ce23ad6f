import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { MessageSource, ToolCallRecord } from '@mb/contracts/types/wire/chat-message';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';

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
  /** The reply's tool calls so far, by id, as their last event left them. */
  readonly toolCalls = new Map<string, ToolCallRecord>();
  private readonly decisions = new Map<string, (allow: boolean) => void>();
  ended = false;

  constructor(
    readonly sessionId: string,
    /** The id of its streaming row. */
    readonly replyId: string,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  emit(event: ChatTurnEvent): void {
    if (this.ended) return;
    if (event.type === 'token') this.text += event.text;
    if (event.type === 'sources') this.sources = event.sources;
    if (event.type === 'tool-call' || event.type === 'tool-result') this.toolCalls.set(event.call.id, event.call);
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
    listener({ type: 'snapshot', text: this.text, sources: this.sources, ...this.toolCallsSoFar() });
    const final = this.log.find(isFinal);
    if (final) listener(final);
    else this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.controller.abort();
  }

  toolCallsSoFar(): { toolCalls?: ToolCallRecord[] } {
    return this.toolCalls.size ? { toolCalls: [...this.toolCalls.values()] } : {};
  }

  /** Waits for the user's Allow or Deny of a call; a stop answers Deny. */
  decision(callId: string): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const answer = (allow: boolean) => {
        this.decisions.delete(callId);
        this.signal.removeEventListener('abort', denied);
        resolve(allow);
      };
      const denied = () => answer(false);
      if (this.signal.aborted) return resolve(false);
      this.decisions.set(callId, answer);
      this.signal.addEventListener('abort', denied, { once: true });
    });
  }

  /** The user's answer to a call that waits for it: false when no such call waits. */
  decide(callId: string, allow: boolean): boolean {
    const answer = this.decisions.get(callId);
    answer?.(allow);
    return Boolean(answer);
  }
}

/**
 * This process's replies in progress, by session: for their listeners, stop, checkpoints and shutdown.
 * Whether a chat may start a reply is the database's call (one streaming row per session), not this
 * map's; on shutdown every reply is stopped and saved before the database closes.
 */
@Injectable()
export class ActiveTurns implements BeforeApplicationShutdown {
  private readonly bySession = new Map<string, ActiveTurn>();
  private readonly running = new Set<Promise<void>>();
  /** Replies with no row (nothing of them is kept): no checkpoint, no chat reaches them; stopped with the process. */
  private readonly unlisted = new Set<ActiveTurn>();

  get(sessionId: string): ActiveTurn | undefined {
    return this.bySession.get(sessionId);
  }

  /** Every reply this process is writing. */
  all(): ActiveTurn[] {
    return [...this.bySession.values()];
  }

  /** Registers the turn until its work settles. */
  run(turn: ActiveTurn, work: () => Promise<void>): void {
    // A reply that has just ended may still be settling when the next one in its chat starts.
    this.bySession.set(turn.sessionId, turn);
    const running: Promise<void> = work().finally(() => {
      if (this.bySession.get(turn.sessionId) === turn) this.bySession.delete(turn.sessionId);
      this.running.delete(running);
    });
    this.running.add(running);
  }

  /** A reply nothing is kept of: run until its work settles, stopped on shutdown, never listed. */
  runUnlisted(turn: ActiveTurn, work: () => Promise<void>): void {
    this.unlisted.add(turn);
    const running: Promise<void> = work().finally(() => {
      this.unlisted.delete(turn);
      this.running.delete(running);
    });
    this.running.add(running);
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const turn of [...this.bySession.values(), ...this.unlisted]) turn.stop();
    await Promise.allSettled([...this.running]);
  }
}
