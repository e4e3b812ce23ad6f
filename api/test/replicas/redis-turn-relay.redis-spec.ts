import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { eventually } from '../support/eventually';
import { isolatedRedis, type IsolatedRedis } from '../support/test-redis';
import { RedisConnection } from '../../src/redis';
import { RedisTurnRelay, type RedisTurnRelayOptions } from '../../src/turns/live/relay/redis-turn-relay';
import { type Detach, type TurnBroadcast, TurnRelay, type TurnWatcher } from '../../src/turns/live/relay/turn-relay';

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
  decide(): Promise<boolean> {
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
    await eventually(() => done(this), what, { timeoutMs, intervalMs: 10 }).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(this.events)}`);
    });
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
const isFinal = (event: ChatTurnEvent) => event.type === 'done' || event.type === 'stopped' || event.type === 'error';

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

  /**
   * A chat's reply as Redis holds it for the other processes (undefined: none announced): its text so far,
   * and whether its final event is in. The relay writes in the background; the tests wait for this.
   */
  async function inRedis(sessionId = SESSION): Promise<{ text: string; ended: boolean } | undefined> {
    const turnId = await redis.admin.get(`${redis.prefix}turn:${sessionId}`);
    if (!turnId) return undefined;
    const key = (part: string) => `${redis.prefix}turn:${turnId}:${part}`;
    const [text, last] = await Promise.all([
      redis.admin.get(key('text')),
      redis.admin.xrevrange(key('events'), '+', '-', 'COUNT', 1),
    ]);
    const fields = last[0]?.[1] ?? [];
    const events = JSON.parse(fields[fields.indexOf('e') + 1] ?? '[]') as ChatTurnEvent[];
    return { text: text ?? '', ended: events.some(isFinal) };
  }
  const announced = (sessionId = SESSION) =>
    eventually(async () => (await inRedis(sessionId)) !== undefined, `the reply of ${sessionId} announced`);
  const written = (text: string) => eventually(async () => (await inRedis())?.text === text, `"${text}" in Redis`);
  const ended = () => eventually(async () => (await inRedis())?.ended, 'the final event in Redis');

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
    await written('Three quiet nights');

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
    await announced();
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
    await ended();
    expect(await other.attach(SESSION, new Recorder())).toBeUndefined();
    expect(await other.stop(SESSION)).toBe(false);
  });

  it('carries a stop asked on another process to the owner', async () => {
    const [owner, other] = [await replica(), await replica()];
    let stopped = 0;
    const turn = owner.open(SESSION, () => stopped++);
    turn.publish({ type: 'token', text: 'Writing' });
    await written('Writing');

    expect(await other.stop(SESSION)).toBe(true);
    await eventually(() => stopped === 1, 'the stop at the owner', { intervalMs: 10 });
  });

  it('stops only the reply of the chat it was asked for', async () => {
    const [owner, other] = [await replica(), await replica()];
    const stopped: string[] = [];
    owner.open(SESSION, () => stopped.push('this chat')).publish({ type: 'token', text: 'a' });
    owner.open('another-chat', () => stopped.push('another chat')).publish({ type: 'token', text: 'b' });
    await Promise.all([announced(), announced('another-chat')]);
    await other.stop(SESSION);
    // The one stop message sent has been handled once this chat's reply is stopped.
    await eventually(() => stopped.length > 0, 'the stop at the owner');
    expect(stopped).toEqual(['this chat']);
  });

  it('tells a watcher the reply is lost when its owner goes silent past the lease', async () => {
    const options = { leaseMs: 600, blockMs: 200 };
    const [owner, other] = [await replica(options), await replica(options)];
    const renewals = jest.spyOn(owner as unknown as { renewLeases(): void }, 'renewLeases');
    const pointerReads = jest.spyOn(other.client, 'get');
    owner.open(SESSION, () => undefined).publish({ type: 'token', text: 'Half a sent' });
    await written('Half a sent');
    const watcher = new Recorder();
    await other.attach(SESSION, watcher);
    // A silent but living owner renews its lease (every third of it): once it has renewed four times the first lease
    // is long past, and once the watcher has asked for the reply after that, it has seen the lease held, not lost.
    await eventually(() => renewals.mock.calls.length >= 4, 'four renewals', { intervalMs: 10 });
    const readsBefore = pointerReads.mock.calls.length;
    await eventually(() => pointerReads.mock.calls.length > readsBefore, 'a quiet read after them', { intervalMs: 10 });
    expect(watcher.lostAt).toBeUndefined();

    crash(owner);
    await watcher.until((w) => w.lostAt !== undefined, 'the loss');
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
    await written('New reply');
    // The old reply's final write is in too (two replies' streams, one of them ended).
    await eventually(async () => {
      const streams = (await redis.keys()).filter((key) => key.endsWith(':events'));
      const lasts = await Promise.all(streams.map((key) => redis.admin.xrevrange(key, '+', '-', 'COUNT', 1)));
      return streams.length === 2 && lasts.some(([entry]) => entry?.[1].join(' ').includes('"done"'));
    }, 'the late final event of the old reply');

    const watcher = new Recorder();
    await other.attach(SESSION, watcher);
    expect(watcher.events).toEqual([{ type: 'snapshot', text: 'New reply', sources: [] }]);
  });

  it('knows no reply (so the caller falls back to the database) when Redis cannot be reached', async () => {
    const [owner, other] = [await replica(), await replica()];
    owner.open(SESSION, () => undefined).publish({ type: 'token', text: 'Written' });
    await written('Written');
    crash(other);
    const watcher = new Recorder();
    expect(await other.attach(SESSION, watcher)).toBeUndefined();
    expect(watcher.events).toEqual([]);
  });

  it('stops following when the watcher detaches, and closes the reader it opened', async () => {
    const [owner, other] = [await replica(), await replica()];
    const turn = owner.open(SESSION, () => undefined);
    await announced();
    const readers = async () =>
      String(await other.client.client('LIST'))
        .split('\n')
        .filter((line) => line.includes(` name=${redis.prefix}dedicated `)).length;
    const readersBefore = await readers();
    const watcher = new Recorder();
    const detach = (await other.attach(SESSION, watcher))!;
    await eventually(async () => (await readers()) === readersBefore + 1, 'the reader attached');
    detach();
    await eventually(async () => (await readers()) === readersBefore, 'the reader closed');
    turn.publish({ type: 'token', text: 'unseen' });
    turn.publish(done);
    // Written to the stream, and no one left to read it to the watcher.
    await ended();
    expect(watcher.events).toEqual([{ type: 'snapshot', text: '', sources: [] }]);
    expect(watcher.lostAt).toBeUndefined();
  });

  it('keeps its keys under the prefix, batches tokens into few stream entries, and lets them expire after the end', async () => {
    const owner = await replica({ endedTtlMs: 5_000 });
    const turn = owner.open(SESSION, () => undefined);
    turn.publish({ type: 'sources', sources });
    await eventually(async () => (await redis.keys()).some((key) => key.endsWith(':sources')), 'the sources in Redis');
    const tokens = Array.from({ length: 50 }, (_, i) => `t${i} `);
    for (const text of tokens) turn.publish({ type: 'token', text });
    await written(tokens.join(''));
    // A process that dies now leaves nothing behind for good.
    const whileWriting = await redis.keys();
    expect(whileWriting).toHaveLength(4);
    for (const key of whileWriting) expect(await owner.client.pttl(key)).toBeGreaterThan(0);
    turn.publish(done);
    await ended();

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
