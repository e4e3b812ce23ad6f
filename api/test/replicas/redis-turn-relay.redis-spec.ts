import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { isolatedRedis, type IsolatedRedis } from '../support/test-redis';
import { RedisConnection } from '../../src/redis';
import { RedisTurnRelay, type RedisTurnRelayOptions } from '../../src/turns/relay/redis-turn-relay';
import { type Detach, type TurnBroadcast, TurnRelay, type TurnWatcher } from '../../src/turns/relay/turn-relay';

/** A process's own replies are none of these tests' business: everything goes through Redis. */
class NothingLocal extends TurnRelay {
  open(): TurnBroadcast {
    return { publish: () => undefined };
  }
  attach(): Promise<Detach | undefined> {
    return Promise.resolve(undefined);
  }
  stop(): Promise<boolean> {
    return Promise.resolve(false);
  }
}

/** What a watcher saw, and a way to wait for it. */
class Recorder implements TurnWatcher {
  readonly events: ChatTurnEvent[] = [];
  lostAt: number | undefined;
  event(event: ChatTurnEvent): void {
    this.events.push(event);
  }
  lost(): void {
    this.lostAt = Date.now();
  }
  text(): string {
    return this.events.map((e) => (e.type === 'token' ? e.text : e.type === 'snapshot' ? e.text : '')).join('');
  }
  async until(done: (recorder: Recorder) => boolean, what: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done(this)) {
      if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(this.events)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

const done: ChatTurnEvent = {
  type: 'done',
  message: {
    id: '2',
    role: 'assistant',
    content: 'x',
    order: 1,
    createdAt: new Date(0).toISOString(),
    incomplete: false,
    sources: [],
  },
};
const SESSION = '6f1c1a52-7a0e-4b55-9a55-4d8c1b1e8f00';
const sources = [{ title: 'A page', link: 'https://example.com/a' }];
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(RedisTurnRelay.name, () => {
  let redis: IsolatedRedis;
  const processes: Array<{ connection: RedisConnection; sut: RedisTurnRelay }> = [];

  /** One app process's relay; several share the Redis as replicas do. */
  async function replica(options: Partial<RedisTurnRelayOptions> = {}): Promise<RedisTurnRelay> {
    const connection = new RedisConnection({ url: redis.url, keyPrefix: redis.prefix });
    await connection.connect();
    const sut = new RedisTurnRelay(connection, new NothingLocal(), options);
    await sut.onModuleInit();
    processes.push({ connection, sut });
    return sut;
  }

  /** A process that dies: no final event, no lease renewal, no goodbye. */
  function crash(sut: RedisTurnRelay): void {
    const found = processes.find((p) => p.sut === sut)!;
    sut.beforeApplicationShutdown();
    found.connection.client.disconnect();
  }

  beforeEach(async () => (redis = await isolatedRedis()));
  afterEach(async () => {
    for (const { connection, sut } of processes.splice(0)) {
      sut.beforeApplicationShutdown();
      await connection.close();
    }
    await redis.flush();
    await redis.close();
  });

  it('re-attaches from another process: the reply so far as one snapshot with its sources, then the live events to the end', async () => {
    const [owner, other] = [await replica(), await replica()];
    const turn = owner.open(SESSION, () => undefined);
    turn.publish({ type: 'sources', sources });
    for (const word of ['Three ', 'quiet ', 'nights']) turn.publish({ type: 'token', text: word });
    await tick(60);

    const watcher = new Recorder();
    expect(await other.attach(SESSION, watcher)).toEqual(expect.any(Function));
    expect(watcher.events).toEqual([{ type: 'snapshot', text: 'Three quiet nights', sources }]);
    turn.publish({ type: 'token', text: ' by' });
    turn.publish({ type: 'token', text: ' the sea.' });
    turn.publish(done);
    await watcher.until((w) => w.events.at(-1)?.type === 'done', 'the end');

    expect(watcher.text()).toBe('Three quiet nights by the sea.');
    expect(watcher.events.slice(1, -1).every((e) => e.type === 'token')).toBe(true);
    expect(watcher.events.at(-1)).toEqual(done);
    expect(watcher.lostAt).toBeUndefined();
  });

  it('delivers a reply that has not produced a token yet from its first event on', async () => {
    const [owner, other] = [await replica(), await replica()];
    const turn = owner.open(SESSION, () => undefined);
    await tick(20);
    const watcher = new Recorder();
    await other.attach(SESSION, watcher);
    turn.publish({ type: 'token', text: 'Hello' });
    turn.publish(done);
    await watcher.until((w) => w.events.at(-1)?.type === 'done', 'the end');
    expect(watcher.events).toEqual([
      { type: 'snapshot', text: '', sources: [] },
      { type: 'token', text: 'Hello' },
      done,
    ]);
  });

  it('knows no reply in a chat that has none, or whose reply has ended', async () => {
    const [owner, other] = [await replica(), await replica()];
    expect(await other.attach(SESSION, new Recorder())).toBeUndefined();
    expect(await other.stop(SESSION)).toBe(false);

    const turn = owner.open(SESSION, () => undefined);
    turn.publish({ type: 'token', text: 'Done soon' });
    turn.publish(done);
    await tick(50);
    expect(await other.attach(SESSION, new Recorder())).toBeUndefined();
    expect(await other.stop(SESSION)).toBe(false);
  });

  it('carries a stop asked on another process to the owner within a second', async () => {
    const [owner, other] = [await replica(), await replica()];
    let stoppedAt: number | undefined;
    const turn = owner.open(SESSION, () => (stoppedAt ??= Date.now()));
    turn.publish({ type: 'token', text: 'Writing' });
    await tick(50);

    const askedAt = Date.now();
    expect(await other.stop(SESSION)).toBe(true);
    for (let i = 0; i < 100 && stoppedAt === undefined; i++) await tick(10);
    expect(stoppedAt).toBeDefined();
    expect(stoppedAt! - askedAt).toBeLessThan(1000);
  });

  it('stops only the reply of the chat it was asked for', async () => {
    const [owner, other] = [await replica(), await replica()];
    const stopped: string[] = [];
    owner.open(SESSION, () => stopped.push('this chat')).publish({ type: 'token', text: 'a' });
    owner.open('another-chat', () => stopped.push('another chat')).publish({ type: 'token', text: 'b' });
    await tick(50);
    await other.stop(SESSION);
    await tick(200);
    expect(stopped).toEqual(['this chat']);
  });

  it('tells a watcher the reply is lost when its owner goes silent past the lease', async () => {
    const options = { leaseMs: 600, blockMs: 200 };
    const [owner, other] = [await replica(options), await replica(options)];
    owner.open(SESSION, () => undefined).publish({ type: 'token', text: 'Half a sent' });
    await tick(50);
    const watcher = new Recorder();
    await other.attach(SESSION, watcher);
    await tick(700);
    expect(watcher.lostAt).toBeUndefined();

    const crashedAt = Date.now();
    crash(owner);
    await watcher.until((w) => w.lostAt !== undefined, 'the loss', 3000);
    expect(watcher.lostAt! - crashedAt).toBeLessThan(600 + 200 + 500);
    expect(watcher.events).toEqual([{ type: 'snapshot', text: 'Half a sent', sources: [] }]);
    expect(await other.attach(SESSION, new Recorder())).toBeUndefined();
  });

  it('keeps a chat’s next reply apart from a late event of the previous one', async () => {
    const [first, second, other] = [await replica(), await replica(), await replica()];
    const old = first.open(SESSION, () => undefined);
    old.publish({ type: 'token', text: 'Old reply' });
    const next = second.open(SESSION, () => undefined);
    next.publish({ type: 'token', text: 'New reply' });
    old.publish(done);
    await tick(60);

    const watcher = new Recorder();
    await other.attach(SESSION, watcher);
    expect(watcher.events).toEqual([{ type: 'snapshot', text: 'New reply', sources: [] }]);
  });

  it('knows no reply (so the caller falls back to the database) when Redis cannot be reached', async () => {
    const [owner, other] = [await replica(), await replica()];
    owner.open(SESSION, () => undefined).publish({ type: 'token', text: 'Written' });
    await tick(50);
    crash(other);
    const watcher = new Recorder();
    expect(await other.attach(SESSION, watcher)).toBeUndefined();
    expect(watcher.events).toEqual([]);
  });

  it('stops following when the watcher detaches, and closes the reader it opened', async () => {
    const [owner, other] = [await replica(), await replica()];
    const turn = owner.open(SESSION, () => undefined);
    await tick(20);
    const watcher = new Recorder();
    const detach = (await other.attach(SESSION, watcher))!;
    await tick(50);
    const readers = async () =>
      String(await other.client.client('LIST'))
        .split('\n')
        .filter((line) => line.includes(` name=${redis.prefix}dedicated `)).length;
    const clientsBefore = await readers();
    detach();
    await tick(100);
    const clientsAfter = await readers();
    turn.publish({ type: 'token', text: 'unseen' });
    turn.publish(done);
    await tick(100);
    expect(watcher.events).toEqual([{ type: 'snapshot', text: '', sources: [] }]);
    expect(watcher.lostAt).toBeUndefined();
    expect(clientsAfter).toBe(clientsBefore - 1);
  });

  it('keeps its keys under the prefix, batches tokens into few stream entries, and lets them expire after the end', async () => {
    const owner = await replica({ endedTtlMs: 5_000 });
    const turn = owner.open(SESSION, () => undefined);
    turn.publish({ type: 'sources', sources });
    await tick(50);
    for (let i = 0; i < 50; i++) turn.publish({ type: 'token', text: `t${i} ` });
    await tick(50);
    // A process that dies now leaves nothing behind for good.
    const whileWriting = await redis.keys();
    expect(whileWriting).toHaveLength(4);
    for (const key of whileWriting) expect(await owner.client.pttl(key)).toBeGreaterThan(0);
    turn.publish(done);
    await tick(50);

    const keys = await redis.keys();
    expect(keys.every((key) => key.startsWith(redis.prefix))).toBe(true);
    const events = keys.find((key) => key.endsWith(':events'))!;
    expect(await owner.client.xlen(events)).toBeLessThan(5);
    for (const key of keys.filter((k) => !k.endsWith(`turn:${SESSION}`))) {
      const ttl = await owner.client.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(5_000);
    }
  });
});
