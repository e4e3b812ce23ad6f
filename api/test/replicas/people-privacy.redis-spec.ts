import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { streamedCalls, type FakeOpenAI } from '../fakes/fake-openai';
import { eventually } from '../support/eventually';
import { ANNA, BEN, writePeople, type TestPerson } from '../support/people';
import { ReplicaSet, type Replica } from '../support/replica-set';
import type { IsolatedRedis } from '../support/test-redis';
import { only, openStream, sendTurn, type TurnHost } from '../support/turn-client';

/** Fixture agents: plain completions, and one whose audience is Anna alone. */
const AGENT = 'completions-only';
const MEANT_FOR_ANNA = 'meant-for-anna';

/** What a route answered. */
interface Answer {
  status: number;
  body: unknown;
}

/**
 * Two real server processes (the built api/dist/main.js) on one PostgreSQL schema, one Redis key prefix and one
 * people file: what one person may not reach on one replica they may not reach on the other, whichever replica
 * wrote the chat or is writing its reply.
 */
describe('People across replicas (real processes)', () => {
  const replicaSet = new ReplicaSet('mb-people-replica');
  let openai: FakeOpenAI;
  let redis: IsolatedRedis;
  let peopleFile: string;
  let a: Replica, b: Replica;
  const cookies = new Map<string, string>();

  const startReplica = (name: string) => replicaSet.start(name, { PEOPLE_FILE: peopleFile });

  /** Signs a person in on a replica; the cookie is good on every replica. */
  async function signIn(replica: Replica, person: TestPerson): Promise<string> {
    const res = await fetch(`${replica.baseUrl}/api/auth/grant-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ passcode: person.code }),
    });
    expect(res.status).toBe(200);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    cookies.set(person.id, cookie);
    return cookie;
  }

  const cookieOf = (person: TestPerson) => cookies.get(person.id) ?? '';
  const host = (replica: Replica, person: TestPerson): TurnHost => ({
    url: () => Promise.resolve(replica.baseUrl),
    accessCookie: () => Promise.resolve(cookieOf(person)),
  });
  async function call(replica: Replica, person: TestPerson, method: string, path: string, body?: unknown) {
    const res = await fetch(`${replica.baseUrl}${path}`, {
      method,
      headers: { cookie: cookieOf(person), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    return { status: res.status, body: parsed } satisfies Answer;
  }
  const listed = async (replica: Replica, person: TestPerson) =>
    ((await call(replica, person, 'GET', '/api/chat/sessions')).body as ChatSession[]).map((chat) => chat.id);

  /** Ben's answer for Anna's chat on `replica`, which must be his answer for a chat nothing has: 404. */
  async function likeMissing(replica: Replica, method: string, path: (id: string) => string, id: string) {
    const annas = await call(replica, BEN, method, path(id));
    expect(annas).toEqual(await call(replica, BEN, method, path(randomUUID())));
    expect(annas.status).toBe(404);
  }

  beforeAll(async () => {
    await replicaSet.open();
    ({ openai, redis } = replicaSet);
    peopleFile = join(replicaSet.newDir('mb-people-file-'), 'people.json');
    await writePeople(peopleFile, [ANNA, BEN]);
    a = await startReplica('A');
    b = await startReplica('B');
    await signIn(a, ANNA);
    await signIn(b, BEN);
  }, 120_000);

  afterAll(() => replicaSet.close());

  beforeEach(() => replicaSet.resetModel());

  it('keeps a reply Anna’s chat is writing on A from Ben on B: no re-attaching, no Stop, no listing; Anna follows and stops it on B', async () => {
    openai.script({ match: streamedCalls, hang: true });
    const started = await sendTurn(host(a, ANNA), { agentType: AGENT, content: 'Write forty words' });
    const fromA = started.events();
    const first = (await fromA.next()).value;
    if (first?.type !== 'session') throw new Error('a turn opens with its session');
    const session = first.session;
    const restOfA = (async () => {
      const events: ChatTurnEvent[] = [first];
      for await (const event of fromA) events.push(event);
      return events;
    })();
    // Under way for every replica: announced in Redis.
    await eventually(
      async () => Boolean(await redis.admin.get(`${redis.prefix}turn:${session.id}`)),
      'the reply in Redis',
    );

    const reattach = async (id: string): Promise<Answer> => {
      const stream = await openStream(host(b, BEN), 'GET', `/api/chat/sessions/${id}/turn`);
      return { status: stream.status, body: stream.error ?? (await stream.all()).map((event) => event.type) };
    };
    const refused = await reattach(session.id);
    expect(refused).toEqual(await reattach(randomUUID()));
    expect(refused.status).toBe(404);
    await likeMissing(b, 'POST', (id) => `/api/chat/sessions/${id}/turn/stop`, session.id);
    await likeMissing(b, 'GET', (id) => `/api/chat/sessions/${id}/messages`, session.id);
    expect(await listed(b, BEN)).not.toContain(session.id);

    const followed = await openStream(host(b, ANNA), 'GET', `/api/chat/sessions/${session.id}/turn`);
    expect(followed.status).toBe(200);
    expect(await call(b, ANNA, 'POST', `/api/chat/sessions/${session.id}/turn/stop`)).toEqual({
      status: 200,
      body: { stopped: true },
    });
    expect((await followed.all()).at(-1)?.type).toBe('stopped');
    // Nothing had arrived: nothing is kept of the reply, and A's stream ends as B's does.
    expect((await restOfA).at(-1)?.type).toBe('stopped');
  });

  it('shares on A and Ben reads on B, marked as Anna’s, to read only; unshared on B, A hides it from Ben again', async () => {
    const started = await sendTurn(host(a, ANNA), { agentType: AGENT, content: 'Shared across replicas?' });
    const session = only(await started.all(), 'session').session;
    await likeMissing(b, 'GET', (id) => `/api/chat/sessions/${id}`, session.id);

    expect((await call(a, ANNA, 'PATCH', `/api/chat/sessions/${session.id}`, { shared: true })).status).toBe(200);
    const seen = await call(b, BEN, 'GET', `/api/chat/sessions/${session.id}`);
    expect(seen).toMatchObject({ status: 200, body: { sharing: { yours: false, shared: true, sharedBy: 'Anna' } } });
    expect(await call(b, BEN, 'DELETE', `/api/chat/sessions/${session.id}`)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });

    expect((await call(b, ANNA, 'PATCH', `/api/chat/sessions/${session.id}`, { shared: false })).status).toBe(200);
    await likeMissing(a, 'GET', (id) => `/api/chat/sessions/${id}`, session.id);
    expect(await listed(a, BEN)).not.toContain(session.id);
  });

  it('refuses Ben an agent meant for Anna on either replica', async () => {
    for (const replica of [a, b]) {
      expect(await call(replica, BEN, 'GET', `/api/agents/${MEANT_FOR_ANNA}`)).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
      const turn = await sendTurn(host(replica, BEN), { agentType: MEANT_FOR_ANNA, content: 'Hello?' });
      expect({ status: turn.status, code: turn.error?.code }).toEqual({ status: 403, code: 'FORBIDDEN' });
      expect((await call(replica, ANNA, 'GET', `/api/agents/${MEANT_FOR_ANNA}`)).status).toBe(200);
    }
  });

  it('signs Ben out on both replicas once the file no longer lists him, and keeps Anna in', async () => {
    const signedOut = async (replica: Replica) =>
      ((await call(replica, BEN, 'GET', '/api/auth/check-access')).body as { authorized: boolean }).authorized ===
      false;
    await writePeople(peopleFile, [ANNA]);
    for (const replica of [a, b]) {
      await eventually(() => signedOut(replica), `Ben signed out on ${replica.name}`);
      expect((await call(replica, BEN, 'GET', '/api/chat/sessions')).status).toBe(401);
      expect((await call(replica, ANNA, 'GET', '/api/chat/sessions')).status).toBe(200);
    }
  });
});
