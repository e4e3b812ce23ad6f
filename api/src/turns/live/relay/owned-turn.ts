import type { Redis } from 'ioredis';
import type { ToolCallRecord } from '@mb/contracts/types/wire/chat-message';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { RedisConnection } from '../../../redis';
import type { DecisionHandler, TurnBroadcast } from './turn-relay';

/** What a reply this process writes needs of the relay that owns it (RedisTurnRelay). */
export interface OwningRelay {
  readonly options: { leaseMs: number; flushMs: number; endedTtlMs: number };
  readonly client: Redis;
  /** Called by a turn with its final event. */
  release(turn: OwnedTurn): void;
  failed(what: string, error: unknown): void;
}

/** Stream entries kept per reply: attached readers only need what follows their snapshot. */
const STREAM_MAX_LENGTH = 1_000;

export const isFinal = (event: ChatTurnEvent) =>
  event.type === 'done' || event.type === 'stopped' || event.type === 'error';

/** One stream entry: the events of one flush, consecutive tokens joined. */
function packed(events: ChatTurnEvent[]): ChatTurnEvent[] {
  const out: ChatTurnEvent[] = [];
  for (const event of events) {
    const last = out.at(-1);
    if (event.type === 'token' && last?.type === 'token')
      out[out.length - 1] = { ...last, text: last.text + event.text };
    else out.push(event);
  }
  return out;
}

export type StreamEntry = [id: string, fields: string[]];

export const eventsOf = ([, fields]: StreamEntry): ChatTurnEvent[] =>
  JSON.parse(fields[fields.indexOf('e') + 1] ?? '[]') as ChatTurnEvent[];

/** The keys of one reply; its id is new for each reply, so a late write of one never lands in the next. */
export class TurnKeys {
  constructor(
    private readonly redis: RedisConnection,
    readonly turnId: string,
  ) {}
  get text() {
    return this.redis.key(`turn:${this.turnId}:text`);
  }
  get sources() {
    return this.redis.key(`turn:${this.turnId}:sources`);
  }
  get events() {
    return this.redis.key(`turn:${this.turnId}:events`);
  }
  get toolCalls() {
    return this.redis.key(`turn:${this.turnId}:tool-calls`);
  }
  get all() {
    return [this.text, this.sources, this.toolCalls, this.events];
  }
}

/** A reply this process writes: its events are batched into Redis, and its chat points at it while it is leased. */
export class OwnedTurn implements TurnBroadcast {
  private pending: ChatTurnEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Keys given an expiry: each gets one when first written and at the end; lease renewals keep them meanwhile. */
  private readonly expiring = new Set<string>();
  ended = false;

  constructor(
    private readonly relay: OwningRelay,
    readonly sessionId: string,
    readonly keys: TurnKeys,
    readonly onStop: () => void,
    readonly onDecision?: DecisionHandler,
  ) {}
  /** The reply's tool calls so far, for the snapshot of a reader who joins late. */
  private readonly toolCalls = new Map<string, ToolCallRecord>();

  publish(event: ChatTurnEvent): void {
    if (this.ended) return;
    this.pending.push(event);
    if (isFinal(event)) {
      this.ended = true;
      this.flush();
      this.relay.release(this);
    } else {
      this.timer ??= setTimeout(() => this.flush(), this.relay.options.flushMs);
    }
  }

  /** One transaction per flush: the snapshot (text, sources) and the stream stay consistent for readers. */
  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const events = packed(this.pending);
    this.pending = [];
    if (!events.length) return;
    const text = events.flatMap((event) => (event.type === 'token' ? [event.text] : [])).join('');
    const sources = events.findLast((event) => event.type === 'sources')?.sources;
    let toolCallsChanged = false;
    for (const event of events)
      if (event.type === 'tool-call' || event.type === 'tool-result') {
        this.toolCalls.set(event.call.id, event.call);
        toolCallsChanged = true;
      }
    const ttl = this.ended ? this.relay.options.endedTtlMs : 2 * this.relay.options.leaseMs;
    const tx = this.relay.client.multi();
    const written = [this.keys.events];
    if (text) {
      tx.append(this.keys.text, text);
      written.push(this.keys.text);
    }
    // SET replaces a key's expiry, so it gives its own.
    if (sources) tx.set(this.keys.sources, JSON.stringify(sources), 'PX', ttl);
    if (toolCallsChanged) tx.set(this.keys.toolCalls, JSON.stringify([...this.toolCalls.values()]), 'PX', ttl);
    tx.xadd(this.keys.events, 'MAXLEN', '~', STREAM_MAX_LENGTH, '*', 'e', JSON.stringify(events));
    for (const key of this.ended ? this.keys.all : written.filter((key) => !this.expiring.has(key))) {
      tx.pexpire(key, ttl);
      this.expiring.add(key);
    }
    tx.exec().catch((error: unknown) => this.relay.failed('Relaying a reply', error));
  }
}
