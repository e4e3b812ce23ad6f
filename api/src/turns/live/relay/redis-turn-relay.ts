import { randomUUID } from 'node:crypto';
import { BeforeApplicationShutdown, Logger, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { MessageSource, ToolCallRecord } from '@mb/contracts/types/wire/chat-message';
import type { RedisConnection } from '../../../redis';
import { eventsOf, isFinal, OwnedTurn, type OwningRelay, type StreamEntry, TurnKeys } from './owned-turn';
import { type DecisionHandler, type Detach, type TurnBroadcast, TurnRelay, type TurnWatcher } from './turn-relay';

export interface RedisTurnRelayOptions {
  /** How long a reply stays findable after its owner's last sign of life. */
  leaseMs: number;
  /** How long events wait to be sent together (the final event never waits). */
  flushMs: number;
  /** How long an attached reader blocks before it checks that the owner is still there. */
  blockMs: number;
  /** How long a finished reply's keys stay, for readers still catching up. */
  endedTtlMs: number;
}

const DEFAULTS: RedisTurnRelayOptions = { leaseMs: 15_000, flushMs: 20, blockMs: 5_000, endedTtlMs: 60_000 };

/** Stream entries read at once by an attached reader. */
const READ_COUNT = 200;

/**
 * The turn relay across replicas, on Redis. Replies of this process are served from memory by the
 * local relay; Redis carries them to the others. Keys (under the app's prefix):
 * - `turn:<session id>`: the id of the chat's reply being written, leased by its owner (renewed a few
 *   times per lease); gone when the owner has been silent for a lease.
 * - `turn:<turn id>:text` and `:sources`: the reply so far (the snapshot); `:events`: a stream of its
 *   events, batched every few milliseconds, capped, ending with the final event and expiring soon after.
 * - channel `turn-stop`: session ids to stop; every process listens and stops the reply it owns.
 * Attaching reads the snapshot and the stream's last id in one transaction, then follows the stream
 * with XREAD BLOCK on a connection of its own.
 */
export class RedisTurnRelay extends TurnRelay implements OwningRelay, OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('TurnRelay');
  private readonly owned = new Map<string, OwnedTurn>();
  private readonly readers = new Set<Redis>();
  private subscriber: Redis | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private lastFailure = -Infinity;
  private closing = false;
  readonly options: RedisTurnRelayOptions;

  constructor(
    private readonly redis: RedisConnection,
    /** This process's own replies, in memory: attaching to or stopping one of them needs no round trip. */
    private readonly local: TurnRelay,
    options: Partial<RedisTurnRelayOptions> = {},
  ) {
    super();
    this.options = { ...DEFAULTS, ...options };
  }

  get client(): Redis {
    return this.redis.client;
  }

  private pointer(sessionId: string): string {
    return this.redis.key(`turn:${sessionId}`);
  }

  private get stopChannel(): string {
    return this.redis.key('turn-stop');
  }

  private get decisionChannel(): string {
    return this.redis.key('turn-decision');
  }

  /** Listens for stop requests before the app takes any request. */
  async onModuleInit(): Promise<void> {
    this.subscriber = this.redis.dedicatedConnection();
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.stopChannel) return this.owned.get(message)?.onStop();
      const { sessionId, callId, allow } = JSON.parse(message) as { sessionId: string; callId: string; allow: boolean };
      this.owned.get(sessionId)?.onDecision?.(callId, allow);
    });
    await this.subscriber.subscribe(this.stopChannel, this.decisionChannel);
    this.heartbeat = setInterval(() => this.renewLeases(), this.options.leaseMs / 3);
    this.heartbeat.unref();
  }

  /**
   * Readers attached here are let go (their browsers re-attach through another replica). The replies
   * this process writes are stopped meanwhile, and their final events still go out: the connection
   * for commands closes last (RedisModule).
   */
  beforeApplicationShutdown(): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    if (this.subscriber) this.redis.release(this.subscriber);
    for (const reader of this.readers) this.redis.release(reader);
    this.readers.clear();
  }

  open(sessionId: string, onStop: () => void, onDecision?: DecisionHandler): TurnBroadcast {
    const local = this.local.open(sessionId, onStop, onDecision);
    const turn = new OwnedTurn(this, sessionId, new TurnKeys(this.redis, randomUUID()), onStop, onDecision);
    this.owned.set(sessionId, turn);
    this.client
      .set(this.pointer(sessionId), turn.keys.turnId, 'PX', this.options.leaseMs)
      .catch((error: unknown) => this.failed('Announcing a reply', error));
    return {
      publish(event) {
        local.publish(event);
        turn.publish(event);
      },
    };
  }

  /** Called by a turn with its final event. */
  release(turn: OwnedTurn): void {
    if (this.owned.get(turn.sessionId) === turn) this.owned.delete(turn.sessionId);
  }

  /** False when Redis knows no such reply or cannot be reached: the caller then asks through the database. */
  async stop(sessionId: string): Promise<boolean> {
    if (await this.local.stop(sessionId)) return true;
    try {
      if (!(await this.liveSnapshot(sessionId))) return false;
      await this.client.publish(this.stopChannel, sessionId);
      return true;
    } catch (error) {
      this.failed('Stopping a reply', error);
      return false;
    }
  }

  /** Here, at once; else to whichever replica writes the reply, when Redis knows one. */
  async decide(sessionId: string, callId: string, allow: boolean): Promise<boolean> {
    if (await this.local.decide(sessionId, callId, allow)) return true;
    try {
      if (!(await this.liveSnapshot(sessionId))) return false;
      await this.client.publish(this.decisionChannel, JSON.stringify({ sessionId, callId, allow }));
      return true;
    } catch (error) {
      this.failed('Deciding a tool call', error);
      return false;
    }
  }

  async attach(sessionId: string, watcher: TurnWatcher): Promise<Detach | undefined> {
    const here = await this.local.attach(sessionId, watcher);
    if (here) return here;
    // Without Redis the reply can still be followed through its checkpoints in the database.
    const live = await this.liveSnapshot(sessionId).catch((error: unknown) => {
      this.failed('Re-attaching to a reply', error);
      return undefined;
    });
    if (!live) return undefined;
    watcher.event({
      type: 'snapshot',
      text: live.text,
      sources: live.sources,
      ...(live.toolCalls.length && { toolCalls: live.toolCalls }),
    });
    const reader = this.redis.dedicatedConnection();
    this.readers.add(reader);
    let attached = true;
    const detach = () => {
      if (!attached) return;
      attached = false;
      this.readers.delete(reader);
      this.redis.release(reader);
    };
    void this.follow(sessionId, live.keys, live.lastId, reader, watcher, () => attached).then(
      (ending) => {
        if (ending === 'lost' && attached) watcher.lost();
        detach();
      },
      (error: unknown) => {
        // Detaching closes the reader mid-read; anything else loses the reply for this watcher.
        if (attached) {
          if (!this.closing) this.failed('Following a reply', error);
          watcher.lost();
        }
        detach();
      },
    );
    return detach;
  }

  /** The reply being written in the chat, read at one instant: its text, sources and last stream id. */
  private async liveSnapshot(
    sessionId: string,
  ): Promise<
    { keys: TurnKeys; text: string; sources: MessageSource[]; toolCalls: ToolCallRecord[]; lastId: string } | undefined
  > {
    const turnId = await this.client.get(this.pointer(sessionId));
    if (!turnId) return undefined;
    const keys = new TurnKeys(this.redis, turnId);
    const results = await this.client
      .multi()
      .get(keys.text)
      .get(keys.sources)
      .get(keys.toolCalls)
      .xrevrange(keys.events, '+', '-', 'COUNT', 1)
      .exec();
    if (!results) return undefined;
    const failure = results.find(([error]) => error)?.[0];
    if (failure) throw failure;
    const [[, text], [, sources], [, toolCalls], [, last]] = results as [
      [null, string | null],
      [null, string | null],
      [null, string | null],
      [null, StreamEntry[]],
    ];
    const [lastEntry] = last;
    if (lastEntry && eventsOf(lastEntry).some(isFinal)) return undefined;
    return {
      keys,
      text: text ?? '',
      sources: sources ? (JSON.parse(sources) as MessageSource[]) : [],
      toolCalls: toolCalls ? (JSON.parse(toolCalls) as ToolCallRecord[]) : [],
      lastId: lastEntry?.[0] ?? '0-0',
    };
  }

  private async follow(
    sessionId: string,
    keys: TurnKeys,
    fromId: string,
    reader: Redis,
    watcher: TurnWatcher,
    attached: () => boolean,
  ): Promise<'ended' | 'lost' | 'detached'> {
    let lastId = fromId;
    while (attached()) {
      const answer = await reader.xread(
        'COUNT',
        READ_COUNT,
        'BLOCK',
        this.options.blockMs,
        'STREAMS',
        keys.events,
        lastId,
      );
      if (!attached()) return 'detached';
      if (!answer) {
        // Quiet for a while: still being written only if the chat still points at this reply.
        if ((await this.client.get(this.pointer(sessionId))) !== keys.turnId) return 'lost';
        continue;
      }
      for (const entry of answer[0][1]) {
        lastId = entry[0];
        for (const event of eventsOf(entry)) {
          watcher.event(event);
          if (isFinal(event)) return 'ended';
        }
      }
    }
    return 'detached';
  }

  private renewLeases(): void {
    if (!this.owned.size) return;
    const tx = this.client.multi();
    for (const turn of this.owned.values()) {
      tx.set(this.pointer(turn.sessionId), turn.keys.turnId, 'PX', this.options.leaseMs);
      for (const key of turn.keys.all) tx.pexpire(key, 2 * this.options.leaseMs);
    }
    tx.exec().catch((error: unknown) => this.failed('Renewing replies', error));
  }

  /** Redis going away must not flood the log: one line per problem every few seconds. */
  failed(what: string, error: unknown): void {
    const now = performance.now();
    if (now - this.lastFailure < 5_000) return;
    this.lastFailure = now;
    this.logger.warn(`${what} through Redis failed: ${this.redis.describe(error)}`);
  }
}
