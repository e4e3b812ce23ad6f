import { Client } from 'pg';
import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { streamedCalls, type FakeOpenAI } from '../fakes/fake-openai';
import { sidewaysPhotoWithGps } from '../fixtures/files/make-images';
import { eventually } from '../support/eventually';
import { ReplicaSet, type Replica as ReplicaProcess } from '../support/replica-set';
import { TEST_ACCESS_CODE } from '../support/test-app';
import type { IsolatedDatabase } from '../support/test-database';
import type { IsolatedRedis } from '../support/test-redis';
import { only, openStream, readToFirstToken, replyText, sendTurn, type TurnHost } from '../support/turn-client';

/** Fixture agent whose calculator calls wait for the user. */
const CONFIRMS_TOOLS = 'confirms-tool-calls';
/** Fixture agent that takes photos (its model sees them). */
const PHOTO_AGENT = 'takes-photos-and-documents';
/** Fixture agent: plain completions. */
const AGENT = 'completions-only';
/** Short, so a dead owner's reply is given up within seconds rather than the default 15 s. */
const LEASE_MS = 4000;
const WORDS = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');

type Replica = ReplicaProcess & TurnHost;

/**
 * Several real server processes (the built api/dist/main.js) on one PostgreSQL schema and one Redis
 * key prefix, as replicas behind a proxy would run: a browser's requests may reach any of them.
 */
describe('Replicas on one PostgreSQL and one Redis (real processes)', () => {
  const replicaSet = new ReplicaSet('mb-replica');
  let openai: FakeOpenAI;
  let redis: IsolatedRedis;
  let database: IsolatedDatabase;
  let cookie: string;
  let a: Replica, b: Replica, c: Replica;

  async function startReplica(name: string, env: Record<string, string> = {}): Promise<Replica> {
    const replica = await replicaSet.start(name, {
      REPLY_LEASE_MS: String(LEASE_MS),
      REPLY_SWEEP_MS: '500',
      ...env,
    });
    return {
      ...replica,
      url: () => Promise.resolve(replica.baseUrl),
      accessCookie: () => Promise.resolve(cookie),
    };
  }

  const api = (replica: Replica, path: string, init: RequestInit = {}) =>
    fetch(`${replica.baseUrl}${path}`, {
      ...init,
      headers: { cookie, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    });
  const messagesOn = async (replica: Replica, sessionId: string): Promise<ChatMessage[]> =>
    (await api(replica, `/api/chat/sessions/${sessionId}/messages`)).json() as Promise<ChatMessage[]>;
  /** The text of the chat's reply so far as Redis holds it for the other replicas (undefined: no reply there). */
  const textInRedis = async (sessionId: string): Promise<string | undefined> => {
    const turnId = await redis.admin.get(`${redis.prefix}turn:${sessionId}`);
    return turnId ? ((await redis.admin.get(`${redis.prefix}turn:${turnId}:text`)) ?? '') : undefined;
  };
  /** The reply's row as its last checkpoint left it (the listing leaves a reply in progress out). */
  const checkpointOf = async (sessionId: string): Promise<string | undefined> => {
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ content: string }>(
        `SELECT content FROM chat_messages WHERE session_id = $1 AND role = 'assistant'`,
        [sessionId],
      );
      return rows[0]?.content;
    } finally {
      await db.end();
    }
  };
  const grant = (replica: Replica, passcode: string, client: string) =>
    fetch(`${replica.baseUrl}/api/auth/grant-access`, {
      method: 'POST',
      // Each replica trusts its local proxy (TRUST_PROXY=loopback): this is the client it counts.
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ passcode }),
    });

  beforeAll(async () => {
    await replicaSet.open();
    ({ openai, redis, database } = replicaSet);
    // Started together on a database no one has migrated yet.
    [a, b, c] = await Promise.all(['A', 'B', 'C'].map((name) => startReplica(name)));
    const granted = await grant(a, TEST_ACCESS_CODE, '198.51.100.1');
    cookie = (granted.headers.get('set-cookie') ?? '').split(';')[0];
  }, 120_000);

  afterAll(() => replicaSet.close());

  beforeEach(() => replicaSet.resetModel());

  it('boots three replicas started together on one fresh database, each migrating nothing twice', async () => {
    for (const replica of [a, b, c]) {
      expect((await fetch(`${replica.baseUrl}/api/health`)).status).toBe(200);
      expect(replica.server.output()).not.toMatch(/Could not start|duplicate key/);
    }
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ name: string; times: number }>(
        'SELECT name, count(*)::int AS times FROM migrations GROUP BY name',
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.times === 1)).toBe(true);
    } finally {
      await admin.end();
    }
    // One cookie, signed by A, is good on every replica.
    for (const replica of [b, c]) expect((await api(replica, '/api/chat/sessions')).status).toBe(200);
  });

  it('counts wrong access codes across replicas: 3 on A and 2 on B, and C refuses the next with 429', async () => {
    const client = '203.0.113.9';
    for (const [replica, times] of [
      [a, 3],
      [b, 2],
    ] as const) {
      for (let i = 0; i < times; i++) expect((await grant(replica, 'wrong-code', client)).status).toBe(401);
    }
    const refused = await grant(c, 'wrong-code', client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(((await refused.json()) as { code: string }).code).toBe('TOO_MANY_ATTEMPTS');
    // Even the right code, on any replica; another client is not concerned.
    expect((await grant(a, TEST_ACCESS_CODE, client)).status).toBe(429);
    expect((await grant(b, TEST_ACCESS_CODE, '203.0.113.10')).status).toBe(200);
  });

  it('re-attaches on B to a reply written on A: the text so far, then the live tokens to done; B answers 409 to a second message meanwhile', async () => {
    openai.script({ match: streamedCalls, text: WORDS, tokenDelayMs: 60 });
    const started = await sendTurn(a, { agentType: AGENT, content: 'Write forty words' });
    const fromA = started.events();
    const session = await readToFirstToken(fromA);
    const restOfA = (async () => {
      const events: ChatTurnEvent[] = [];
      for await (const event of fromA) events.push(event);
      return events;
    })();
    // B's snapshot comes from Redis: some text is there.
    await eventually(async () => Boolean(await textInRedis(session.id)), 'the text so far in Redis');

    const second = await sendTurn(b, { agentType: AGENT, sessionId: session.id, content: 'And another thing' });
    expect(second.status).toBe(409);
    expect(second.error?.code).toBe('CONFLICT');

    const attached = await openStream(b, 'GET', `/api/chat/sessions/${session.id}/turn`);
    expect(attached.status).toBe(200);
    const events = await attached.all();
    const snapshot = events[0];
    if (snapshot?.type !== 'snapshot') throw new Error(`expected a snapshot first: ${JSON.stringify(events[0])}`);
    expect(snapshot.text.length).toBeGreaterThan(0);
    expect(WORDS.startsWith(snapshot.text)).toBe(true);
    expect(snapshot.text.length).toBeLessThan(WORDS.length);
    expect(events.slice(1, -1).every((event) => event.type === 'token')).toBe(true);
    expect(snapshot.text + replyText(events)).toBe(WORDS);
    const done = only(events, 'done').message;
    expect(done).toMatchObject({ role: 'assistant', content: WORDS, incomplete: false });
    expect(only(await restOfA, 'done').message).toEqual(done);

    expect((await messagesOn(c, session.id)).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Write forty words'],
      ['assistant', WORDS],
    ]);
    // Over: nothing to re-attach to, on any replica.
    expect((await api(c, `/api/chat/sessions/${session.id}/turn`)).status).toBe(204);
  });

  /** A slow reply written on A, stopped from `from` once it is under way: A's stream ends with the reply cut short. */
  async function stopFrom(from: Replica, content: string) {
    openai.script({ match: streamedCalls, text: WORDS, tokenDelayMs: 80 });
    const started = await sendTurn(a, { agentType: AGENT, content });
    const fromA = started.events();
    const session = await readToFirstToken(fromA);
    const endOfA = (async () => {
      const events: ChatTurnEvent[] = [];
      for await (const event of fromA) events.push(event);
      return events;
    })();
    // Under way: announced in Redis (its row in the database was written before its first token).
    await eventually(async () => (await textInRedis(session.id)) !== undefined, 'the reply announced in Redis');

    const stop = await api(from, `/api/chat/sessions/${session.id}/turn/stop`, { method: 'POST' });
    expect(await stop.json()).toEqual({ stopped: true });
    const events = await endOfA;
    const stopped = only(events, 'stopped').message;
    expect(stopped).toMatchObject({ role: 'assistant', incomplete: true });
    expect(WORDS.startsWith(stopped!.content)).toBe(true);
    expect(stopped!.content.length).toBeLessThan(WORDS.length);
    return { session, stopped };
  }

  it("stops from B a reply written on A: A's call to the model is aborted and what arrived is kept", async () => {
    const { session, stopped } = await stopFrom(b, 'Write slowly');
    await eventually(() => openai.abortedByClient === 1, 'the aborted call', { timeoutMs: 2000 });

    expect((await messagesOn(b, session.id)).at(-1)).toEqual(stopped);
    // The chat is free again, on any replica.
    const next = await sendTurn(c, { agentType: AGENT, sessionId: session.id, content: 'Shorter, please' });
    expect(next.status).toBe(200);
    only(await next.all(), 'done');
  });

  it('stops a reply written on A from a replica that Redis does not link to A, through the database, within a checkpoint', async () => {
    // Its own key prefix: to this replica's Redis, no reply is being written anywhere (as with Redis down).
    const unlinked = await startReplica('E', { REDIS_PREFIX: `${redis.prefix}unlinked:` });
    // A reads the request with its next checkpoint, once a second.
    const { session, stopped } = await stopFrom(unlinked, 'Write slowly, again');
    expect((await messagesOn(unlinked, session.id)).at(-1)).toEqual(stopped);
    // Nothing is being written any more: a second stop finds nothing.
    const again = await api(unlinked, `/api/chat/sessions/${session.id}/turn/stop`, { method: 'POST' });
    expect(await again.json()).toEqual({ stopped: false });
  });

  it('keeps the text of a reply whose replica is killed (kill -9) mid-way, and frees its chat on the others within 30 s', async () => {
    const doomed = await startReplica('D');
    openai.script({ match: streamedCalls, text: WORDS, tokenDelayMs: 100 });
    const started = await sendTurn(doomed, { agentType: AGENT, content: 'Write until I pull the plug' });
    let tokens = 0;
    let text = '';
    let session: ChatSession | undefined;
    const reading = (async () => {
      try {
        for await (const event of started.events()) {
          if (event.type === 'session') session = event.session;
          if (event.type === 'token') {
            text += event.text;
            tokens++;
          }
        }
      } catch {
        // The connection dies with the process, as it does for a browser.
      }
    })();
    await eventually(() => tokens > 0, 'the first token', { timeoutMs: 10_000 });
    if (!session) throw new Error('a turn stream opens with its session');
    const sessionId = session.id;
    const watcher = await openStream(b, 'GET', `/api/chat/sessions/${sessionId}/turn`);
    expect(watcher.status).toBe(200);
    const watched = watcher.all();
    // Killed once a checkpoint holds some of the text: what it holds is safe.
    await eventually(async () => Boolean(await checkpointOf(sessionId)), 'a checkpoint with text', {
      timeoutMs: 5000,
      intervalMs: 100,
    });
    const safe = (await checkpointOf(sessionId))!;

    const killedAt = performance.now();
    doomed.server.child.kill('SIGKILL');
    await doomed.server.exited;
    await reading;
    const seenByBrowser = text;

    const kept = await eventually(
      async () => (await messagesOn(b, sessionId)).find((m) => m.role === 'assistant'),
      'the interrupted reply',
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    const freedAfterMs = Math.round(performance.now() - killedAt);
    expect(kept.incomplete).toBe(true);
    // Both are the start of the reply; the row may even hold a little more than the browser had read.
    expect(WORDS.startsWith(seenByBrowser)).toBe(true);
    expect(WORDS.startsWith(kept.content)).toBe(true);
    expect(kept.content.startsWith(safe)).toBe(true);
    expect(safe.length).toBeGreaterThan(0);

    // The browser watching from B is not left hanging: its stream ends, and a reload shows the kept text.
    const watchedEvents = await watched;
    expect(watchedEvents[0]?.type).toBe('snapshot');
    expect(watchedEvents.some((event) => event.type === 'done')).toBe(false);

    const next = await sendTurn(c, { agentType: AGENT, sessionId: session.id, content: 'Are you back?' });
    expect(next.status).toBe(200);
    expect(only(await next.all(), 'done').message.content).toBe('Echo: Are you back?');
    console.info(
      `kill -9 mid-reply: the browser saw ${seenByBrowser.length} characters, ${kept.content.length} were kept, ` +
        `the chat was free again ${freedAfterMs} ms after the kill`,
    );
  }, 60_000);
  it('a photo uploaded on A is served by B and sent to the model by a turn on C', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sidewaysPhotoWithGps())]), 'crawlspace.jpg');
    const uploaded = await fetch(`${a.baseUrl}/api/chat/attachments?agentType=${PHOTO_AGENT}`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const attachment = (await uploaded.json()) as ChatAttachment;
    const served = await fetch(`${b.baseUrl}/api/chat/attachments/${attachment.id}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());

    const events = await (
      await sendTurn(c, { agentType: PHOTO_AGENT, content: 'Is this damp?', attachments: [attachment.id] })
    ).all();
    expect(events.at(-1)?.type).toBe('done');
    const call = openai.streamedRequests().at(-1)!.body as { messages: { role: string; content: unknown }[] };
    const parts = call.messages.at(-1)!.content as Array<{ type: string; image_url?: { url: string } }>;
    const image = parts.find((part) => part.type === 'image_url')!;
    expect(Buffer.from(image.image_url!.url.split(',')[1], 'base64').equals(bytes)).toBe(true);
  });
  it('a tool call waiting on A shows in the snapshot B re-attaches to, and a decision sent to C runs it on A', async () => {
    openai.script(
      {
        match: streamedCalls,
        text: 'Let me work it out.',
        toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }],
      },
      { match: streamedCalls, text: 'It is 42.' },
    );
    const started = await sendTurn(a, { agentType: CONFIRMS_TOOLS, content: 'What is 6*7?' });
    const events: ChatTurnEvent[] = [];
    const fromA = (async () => {
      for await (const event of started.events()) events.push(event);
      return events;
    })();
    const waiting = await eventually(
      () => events.find((event) => event.type === 'tool-call' && event.call.status === 'awaiting-confirmation'),
      'the call awaiting confirmation on A',
    );
    const sessionId = only(events, 'session').session.id;
    // Redis holds the calls so far once the owner has flushed them.
    const attached = await eventually(async () => {
      const stream = await openStream(b, 'GET', `/api/chat/sessions/${sessionId}/turn`);
      const first = (await stream.events().next()).value;
      stream.disconnect();
      return first?.type === 'snapshot' && first.toolCalls?.length ? first : undefined;
    }, 'a snapshot on B with the waiting call');
    expect(attached.toolCalls?.[0]).toMatchObject({ tool: 'calculator', status: 'awaiting-confirmation' });

    if (waiting.type !== 'tool-call') throw new Error('expected a tool call');
    const decided = await api(c, `/api/chat/sessions/${sessionId}/turn/tool-calls/${waiting.call.id}`, {
      method: 'POST',
      body: JSON.stringify({ allow: true }),
    });
    expect(await decided.json()).toEqual({ accepted: true });
    const done = only(await fromA, 'done').message;
    expect(done.toolCalls?.[0]).toMatchObject({ status: 'done', result: '42' });
    expect((await messagesOn(b, sessionId))[1].toolCalls?.[0]).toMatchObject({ result: '42' });
  });
});
