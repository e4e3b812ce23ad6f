import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import { agentIdsIn } from '../support/fixture-agents';
import { startTestApp, type TestApp } from '../support/test-app';
import { SteppingClock } from '../support/stepping-clock';

type Session = ChatSession;
type Message = ChatMessage;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UNKNOWN_ID = '6f1c2a4e-9b7d-4c3e-8a1f-0d2b3c4e5f60';

/** Fixture agents: any will do, as storage does not depend on what an agent does. */
const AGENT = 'completions-only';
const FIRST_OTHER = 'search-first-lower-case';
const SECOND_OTHER = 'assistant-falls-back-to-completions';
const PAGED = 'default-assistant';
const PAGED_FULL = 'tuned-model';

/** Lets the clock move on, so rows written afterwards get a later timestamp. */

describe('Chat storage (e2e)', () => {
  let sut: TestApp;
  let client: TestAgent;

  const createSession = async (body: Record<string, unknown> = {}): Promise<Session> =>
    (
      await client
        .post('/api/chat/sessions')
        .send({ agentType: AGENT, ...body })
        .expect(201)
    ).body as Session;

  const addMessage = async (sessionId: string, body: Record<string, unknown>): Promise<Message> =>
    (await client.post(`/api/chat/sessions/${sessionId}/messages`).send(body).expect(201)).body as Message;

  const listMessages = async (sessionId: string, query = ''): Promise<Message[]> =>
    (await client.get(`/api/chat/sessions/${sessionId}/messages${query}`).expect(200)).body as Message[];

  const listSessions = async (query = '?limit=200'): Promise<Session[]> =>
    (await client.get(`/api/chat/sessions${query}`).expect(200)).body as Session[];

  const storedMessageCount = async (sessionId: string): Promise<number> => {
    const [{ n }] = await sut.app
      .get(DataSource)
      .query('SELECT count(*)::int AS n FROM chat_messages WHERE session_id = $1', [sessionId]);
    return n as number;
  };

  beforeAll(async () => {
    sut = await startTestApp({ clock: new SteppingClock() });
    client = await sut.authorized();
  });
  afterAll(() => sut.close());

  describe('sessions', () => {
    it('creates a session with every field and answers 201 with it', async () => {
      const res = await client
        .post('/api/chat/sessions')
        .send({
          title: 'Crawlspace ROI',
          systemPrompt: 'You are an advisor.',
          summary: 'About vapour barriers',
          agentType: FIRST_OTHER,
        })
        .expect(201);

      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        title: 'Crawlspace ROI',
        systemPrompt: 'You are an advisor.',
        summary: 'About vapour barriers',
        agentType: FIRST_OTHER,
        persona: null,
        pinned: false,
        createdAt: expect.stringMatching(ISO_DATE),
        updatedAt: expect.stringMatching(ISO_DATE),
      });
      expect(res.body.updatedAt).toBe(res.body.createdAt);
    });

    it('returns a created session unchanged from GET and from the list', async () => {
      const created = await createSession({
        title: 'Round trip',
        systemPrompt: 'Prompt ✓ with ünïcode',
        summary: 'Line 1\nLine 2',
        agentType: SECOND_OTHER,
      });

      await client.get(`/api/chat/sessions/${created.id}`).expect(200, created);
      expect((await listSessions()).find((s) => s.id === created.id)).toEqual(created);
    });

    it('stores null for an omitted systemPrompt and summary', async () => {
      const created = await createSession({ title: 'Defaults' });

      expect(created).toMatchObject({ systemPrompt: null, summary: null });
      await client
        .get(`/api/chat/sessions/${created.id}`)
        .expect(200)
        .expect((res) => expect(res.body).toMatchObject({ systemPrompt: null, summary: null }));
    });

    it('keeps an explicit null systemPrompt and summary', async () => {
      const created = await createSession({ title: 'Nulls', systemPrompt: null, summary: null });

      expect(created).toMatchObject({ systemPrompt: null, summary: null });
    });

    it.each([
      ['is missing', {}],
      ['is empty', { title: '' }],
      ['is only whitespace', { title: ' \t\n ' }],
    ])("titles a session 'New Chat' when the title %s", async (_case, body) => {
      const created = await createSession(body);

      expect(created.title).toBe('New Chat');
      await client
        .get(`/api/chat/sessions/${created.id}`)
        .expect(200)
        .expect((res) => expect(res.body.title).toBe('New Chat'));
    });

    it('accepts a title of exactly 200 characters, counted as characters not bytes', async () => {
      const title = 'é'.repeat(199) + '😀';

      const created = await createSession({ title });

      await client
        .get(`/api/chat/sessions/${created.id}`)
        .expect(200)
        .expect((res) => expect(res.body.title).toBe(title));
    });

    it('records the agent for every known agent id', async () => {
      for (const agentType of agentIdsIn(sut.agentsDir)) {
        const created = await createSession({ agentType });
        await client
          .get(`/api/chat/sessions/${created.id}`)
          .expect(200)
          .expect((res) => expect(res.body.agentType).toBe(agentType));
      }
    });

    it('refuses an unknown agentType with 400 naming the known agents, and stores nothing', async () => {
      const before = (await listSessions()).length;

      const res = await client.post('/api/chat/sessions').send({ agentType: 'chef' }).expect(400);

      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('chef') });
      for (const id of agentIdsIn(sut.agentsDir)) {
        expect(res.body.message).toContain(id);
      }
      expect((await listSessions()).length).toBe(before);
    });

    it('answers 404 for a session that does not exist', async () => {
      const res = await client.get(`/api/chat/sessions/${UNKNOWN_ID}`).expect(404);

      expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Chat session was not found' });
    });

    it('deletes a session with 204 and an empty body; it is gone from GET and the list', async () => {
      const created = await createSession({ title: 'To delete' });

      const res = await client.delete(`/api/chat/sessions/${created.id}`).expect(204);

      expect(res.text).toBe('');
      await client.get(`/api/chat/sessions/${created.id}`).expect(404);
      expect((await listSessions()).map((s) => s.id)).not.toContain(created.id);
    });

    it('answers 404 when deleting a session twice', async () => {
      const created = await createSession();
      await client.delete(`/api/chat/sessions/${created.id}`).expect(204);

      const res = await client.delete(`/api/chat/sessions/${created.id}`).expect(404);

      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('leaves other sessions in place when one is deleted', async () => {
      const kept = await createSession({ title: 'Kept' });
      const removed = await createSession({ title: 'Removed' });

      await client.delete(`/api/chat/sessions/${removed.id}`).expect(204);

      await client.get(`/api/chat/sessions/${kept.id}`).expect(200, kept);
    });
  });

  describe('session list', () => {
    it('filters by agentType', async () => {
      const wanted = await createSession({ agentType: FIRST_OTHER, title: 'Wanted' });
      const other = await createSession({ agentType: SECOND_OTHER, title: 'Other' });

      const listed = await listSessions(`?agentType=${FIRST_OTHER}&limit=200`);

      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((s) => s.agentType === FIRST_OTHER)).toBe(true);
      expect(listed.map((s) => s.id)).toContain(wanted.id);
      expect(listed.map((s) => s.id)).not.toContain(other.id);
    });

    it('lists every agent when agentType is empty', async () => {
      const first = await createSession({ agentType: FIRST_OTHER });
      const second = await createSession({ agentType: SECOND_OTHER });

      const ids = (await listSessions('?agentType=&limit=200')).map((s) => s.id);

      expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    });

    it('answers an empty list for an agent with no sessions', async () => {
      await client.get('/api/chat/sessions?agentType=no-such-agent').expect(200, []);
    });

    it('lists newest first', async () => {
      const first = await createSession({ title: 'first' });
      const second = await createSession({ title: 'second' });
      const third = await createSession({ title: 'third' });

      const listed = await listSessions();

      expect(listed.slice(0, 3).map((s) => s.id)).toEqual([third.id, second.id, first.id]);
      const times = listed.map((s) => Date.parse(s.updatedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('moves a session to the top when a message is added, and bumps its updatedAt to the message time', async () => {
      const older = await createSession({ title: 'older' });
      const newer = await createSession({ title: 'newer' });

      const message = await addMessage(older.id, { role: 'user', content: 'Still here' });

      const listed = await listSessions();
      expect(listed.slice(0, 2).map((s) => s.id)).toEqual([older.id, newer.id]);
      const bumped = listed[0];
      expect(bumped.updatedAt).toBe(message.createdAt);
      expect(Date.parse(bumped.updatedAt)).toBeGreaterThan(Date.parse(older.updatedAt));
      expect(bumped.createdAt).toBe(older.createdAt);
    });

    it('pages through 7 sessions with limit 3: each exactly once, newest first, no cursor on the last page', async () => {
      // Created in parallel, so several may share a timestamp: the id must break those ties.
      const created = await Promise.all(
        Array.from({ length: 7 }, (_, i) => createSession({ agentType: PAGED, title: `page ${i}` })),
      );
      const ids = new Set(created.map((s) => s.id));

      const pages: Session[][] = [];
      let cursor: string | undefined;
      do {
        const res = await client
          .get('/api/chat/sessions')
          .query({ agentType: PAGED, limit: 3, ...(cursor ? { cursor } : {}) })
          .expect(200);
        pages.push(res.body as Session[]);
        cursor = res.headers['x-next-cursor'];
      } while (cursor && pages.length < 10);

      const all = await listSessions(`?agentType=${PAGED}&limit=200`);
      expect(pages.flat().map((s) => s.id)).toEqual(all.map((s) => s.id));
      const seen = pages.flat().map((s) => s.id);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of ids) expect(seen).toContain(id);
      expect(pages.slice(0, -1).every((page) => page.length === 3)).toBe(true);
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
      expect(pages.at(-1)!.length).toBeLessThanOrEqual(3);
    });

    it('sends X-Next-Cursor only while more sessions exist, also when the last page is exactly full', async () => {
      const existing = (await listSessions(`?agentType=${PAGED_FULL}&limit=200`)).length;
      const toCreate = 3 + ((3 - (existing % 3)) % 3);
      for (let i = 0; i < toCreate; i++) await createSession({ agentType: PAGED_FULL, title: `full ${i}` });
      const total = (await listSessions(`?agentType=${PAGED_FULL}&limit=200`)).length;
      expect(total % 3).toBe(0);

      let cursor: string | undefined;
      const headers: Array<string | undefined> = [];
      let count = 0;
      do {
        const res = await client
          .get('/api/chat/sessions')
          .query({ agentType: PAGED_FULL, limit: 3, ...(cursor ? { cursor } : {}) })
          .expect(200);
        count += res.body.length;
        cursor = res.headers['x-next-cursor'];
        headers.push(cursor);
      } while (cursor && headers.length < 100);

      expect(count).toBe(total);
      expect(headers.length).toBe(total / 3);
      expect(headers.at(-1)).toBeUndefined();
      expect(headers.slice(0, -1).every((h) => typeof h === 'string' && h.length > 0)).toBe(true);
    });

    it('sends no X-Next-Cursor when everything fits on one page', async () => {
      const res = await client.get('/api/chat/sessions?agentType=no-such-agent&limit=3').expect(200);

      expect(res.headers['x-next-cursor']).toBeUndefined();
    });
  });

  describe('messages', () => {
    it('assigns orders 0, 1, 2 when none is given, and answers 201 with the message', async () => {
      const session = await createSession();

      const first = await client
        .post(`/api/chat/sessions/${session.id}/messages`)
        .send({ role: 'user', content: 'Hello' })
        .expect(201);
      const second = await addMessage(session.id, { role: 'assistant', content: 'Hi, how can I help?' });
      const third = await addMessage(session.id, { role: 'user', content: 'Thanks' });

      expect(first.body).toEqual({
        id: expect.any(String),
        role: 'user',
        content: 'Hello',
        order: 0,
        incomplete: false,
        sources: [],
        createdAt: expect.stringMatching(ISO_DATE),
      });
      expect([first.body.order, second.order, third.order]).toEqual([0, 1, 2]);
      expect(new Set([first.body.id, second.id, third.id]).size).toBe(3);
    });

    it('returns the stored messages with every field as created', async () => {
      const session = await createSession();
      const a = await addMessage(session.id, { role: 'system', content: 'You are helpful.' });
      const b = await addMessage(session.id, { role: 'user', content: '**markdown** _kept_ as is\n\n- 1' });

      expect(await listMessages(session.id)).toEqual([a, b]);
    });

    it('stores a message at an explicit order', async () => {
      const session = await createSession();

      const message = await addMessage(session.id, { role: 'assistant', content: 'At seven', order: 7 });

      expect(message.order).toBe(7);
      expect(await listMessages(session.id)).toEqual([message]);
    });

    it('continues after the highest order when none is given', async () => {
      const session = await createSession();
      await addMessage(session.id, { content: 'x', order: 4 });

      const next = await addMessage(session.id, { content: 'y' });

      expect(next.order).toBe(5);
    });

    it('answers 409 CONFLICT for an order that is taken and leaves the existing message unchanged', async () => {
      const session = await createSession();
      const original = await addMessage(session.id, { role: 'user', content: 'original', order: 0 });
      const before = (await client.get(`/api/chat/sessions/${session.id}`).expect(200)).body as Session;

      const res = await client
        .post(`/api/chat/sessions/${session.id}/messages`)
        .send({ role: 'assistant', content: 'intruder', order: 0 })
        .expect(409);

      expect(res.body).toMatchObject({
        statusCode: 409,
        code: 'CONFLICT',
        message: expect.stringContaining('order 0'),
      });
      expect(await listMessages(session.id)).toEqual([original]);
      await client.get(`/api/chat/sessions/${session.id}`).expect(200, before);
    });

    it('lets exactly one of two concurrent writes to the same order win', async () => {
      const session = await createSession();

      const results = await Promise.all(
        ['a', 'b'].map((content) =>
          client.post(`/api/chat/sessions/${session.id}/messages`).send({ content, order: 3 }),
        ),
      );

      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const stored = await listMessages(session.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toEqual(results.find((r) => r.status === 201)!.body);
    });

    it('returns messages sorted by order even when inserted out of order', async () => {
      const session = await createSession();
      for (const order of [5, 2, 9]) await addMessage(session.id, { content: `order ${order}`, order });

      const listed = await listMessages(session.id);

      expect(listed.map((m) => m.order)).toEqual([2, 5, 9]);
      expect(listed.map((m) => m.content)).toEqual(['order 2', 'order 5', 'order 9']);
    });

    it('gives 20 concurrent appends 20 distinct consecutive orders 0..19', async () => {
      const session = await createSession();

      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          client.post(`/api/chat/sessions/${session.id}/messages`).send({ content: `parallel ${i}` }),
        ),
      );

      expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
      const orders = results.map((r) => r.body.order as number).sort((a, b) => a - b);
      expect(orders).toEqual(Array.from({ length: 20 }, (_, i) => i));
      const listed = await listMessages(session.id);
      expect(listed.map((m) => m.order)).toEqual(orders);
      expect(listed.map((m) => m.content).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `parallel ${i}`).sort());
    });

    it.each([
      ['a missing role', undefined],
      ["'tool'", 'tool'],
      ['42', 42],
      ['null', null],
      ["'User' in another letter case", 'User'],
      ['an object', { name: 'assistant' }],
    ])('stores %s as role user', async (_case, role) => {
      const session = await createSession();

      const message = await addMessage(session.id, role === undefined ? { content: 'hi' } : { role, content: 'hi' });

      expect(message.role).toBe('user');
      expect((await listMessages(session.id))[0].role).toBe('user');
    });

    it.each(['system', 'assistant', 'user'])("keeps the role '%s'", async (role) => {
      const session = await createSession();

      const message = await addMessage(session.id, { role, content: 'hi' });

      expect(message.role).toBe(role);
      expect((await listMessages(session.id))[0].role).toBe(role);
    });

    it.each([
      ['an integer', 42, '42'],
      ['a decimal', 1.5, '1.5'],
      ['zero', 0, '0'],
      ['a boolean', true, 'true'],
      ['an object', { a: 1, b: ['x'] }, '{"a":1,"b":["x"]}'],
      ['an array', [1, 'two', null], '[1,"two",null]'],
      ['an empty object', {}, '{}'],
    ])('stores content given as %s as its text', async (_case, content, text) => {
      const session = await createSession();

      const message = await addMessage(session.id, { content });

      expect(message.content).toBe(text);
      expect((await listMessages(session.id))[0].content).toBe(text);
    });

    it('keeps string content exactly, surrounding whitespace and unicode included', async () => {
      const session = await createSession();
      const content = '  indented\n\ttab ✓ 😀 <b>not html</b>  ';

      await addMessage(session.id, { content });

      expect((await listMessages(session.id))[0].content).toBe(content);
    });

    it('accepts content of exactly 100000 characters', async () => {
      const session = await createSession();
      const content = 'x'.repeat(100_000);

      await addMessage(session.id, { content });

      expect((await listMessages(session.id))[0].content).toBe(content);
    });

    it.each([
      ['empty', ''],
      ['only whitespace', ' \n\t '],
      ['longer than 100000 characters', 'x'.repeat(100_001)],
    ])('refuses content that is %s with 400 and stores nothing', async (_case, content) => {
      const session = await createSession();

      const res = await client.post(`/api/chat/sessions/${session.id}/messages`).send({ content }).expect(400);

      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('content') });
      expect(await storedMessageCount(session.id)).toBe(0);
    });

    it('answers 404 when adding a message to a session that does not exist', async () => {
      const res = await client.post(`/api/chat/sessions/${UNKNOWN_ID}/messages`).send({ content: 'hi' }).expect(404);

      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'Chat session was not found' });
    });

    it('answers 404 when listing the messages of a session that does not exist', async () => {
      await client.get(`/api/chat/sessions/${UNKNOWN_ID}/messages`).expect(404);
    });

    it('answers an empty list for a session without messages', async () => {
      const session = await createSession();

      const res = await client.get(`/api/chat/sessions/${session.id}/messages`).expect(200, []);

      expect(res.headers['x-next-cursor']).toBeUndefined();
    });
  });

  describe('message paging', () => {
    let session: Session;

    beforeAll(async () => {
      session = await createSession({ title: 'paging' });
      for (let i = 0; i < 5; i++) await addMessage(session.id, { content: `m${i}` });
    });

    const page = async (query: string) => {
      const res = await client.get(`/api/chat/sessions/${session.id}/messages${query}`).expect(200);
      return {
        orders: (res.body as Message[]).map((m) => m.order),
        next: res.headers['x-next-cursor'] as string | undefined,
      };
    };

    it('returns the last `limit` messages in ascending order, with the smallest order as X-Next-Cursor', async () => {
      expect(await page('?limit=2')).toEqual({ orders: [3, 4], next: '3' });
    });

    it('continues with `before` from the cursor until the oldest message, where the header disappears', async () => {
      expect(await page('?limit=2&before=3')).toEqual({ orders: [1, 2], next: '1' });
      expect(await page('?limit=2&before=1')).toEqual({ orders: [0], next: undefined });
    });

    it('walks all messages exactly once by following X-Next-Cursor', async () => {
      const seen: number[][] = [];
      let query = '?limit=2';
      for (;;) {
        const { orders, next } = await page(query);
        seen.unshift(orders);
        if (!next) break;
        query = `?limit=2&before=${next}`;
      }

      expect(seen.flat()).toEqual([0, 1, 2, 3, 4]);
    });

    it('returns everything before `before` when no limit is given', async () => {
      expect(await page('?before=3')).toEqual({ orders: [0, 1, 2], next: undefined });
    });

    it('sends no X-Next-Cursor when the limit covers every message', async () => {
      expect(await page('?limit=5')).toEqual({ orders: [0, 1, 2, 3, 4], next: undefined });
      expect(await page('?limit=50')).toEqual({ orders: [0, 1, 2, 3, 4], next: undefined });
    });

    it('returns nothing before order 0', async () => {
      expect(await page('?limit=2&before=0')).toEqual({ orders: [], next: undefined });
    });

    it('pages by order, not by position, across gaps', async () => {
      const gappy = await createSession({ title: 'gaps' });
      for (const order of [10, 20, 30, 40]) await addMessage(gappy.id, { content: `at ${order}`, order });

      const res = await client.get(`/api/chat/sessions/${gappy.id}/messages?limit=2&before=35`).expect(200);

      expect((res.body as Message[]).map((m) => m.order)).toEqual([20, 30]);
      expect(res.headers['x-next-cursor']).toBe('20');
    });
  });

  describe('deletion and isolation', () => {
    it('deletes the messages with their session', async () => {
      const session = await createSession();
      for (let i = 0; i < 3; i++) await addMessage(session.id, { content: `doomed ${i}` });
      expect(await storedMessageCount(session.id)).toBe(3);

      await client.delete(`/api/chat/sessions/${session.id}`).expect(204);

      const res = await client.get(`/api/chat/sessions/${session.id}/messages`).expect(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
      expect(await storedMessageCount(session.id)).toBe(0);
    });

    it('refuses new messages for a deleted session with 404 and stores none', async () => {
      const session = await createSession();
      await client.delete(`/api/chat/sessions/${session.id}`).expect(204);

      await client.post(`/api/chat/sessions/${session.id}/messages`).send({ content: 'too late' }).expect(404);

      expect(await storedMessageCount(session.id)).toBe(0);
    });

    it("keeps each session's messages and orders to itself", async () => {
      const a = await createSession({ title: 'A' });
      const b = await createSession({ title: 'B' });
      const a0 = await addMessage(a.id, { content: 'A zero' });
      const a1 = await addMessage(a.id, { content: 'A one' });

      const b0 = await addMessage(b.id, { content: 'B zero' });
      const bExplicit = await addMessage(b.id, { content: 'B one', order: 1 });

      expect(b0.order).toBe(0);
      expect(bExplicit.order).toBe(1);
      expect(await listMessages(a.id)).toEqual([a0, a1]);
      expect(await listMessages(b.id)).toEqual([b0, bExplicit]);
    });

    it("leaves another session's messages in place when one session is deleted", async () => {
      const a = await createSession({ title: 'A' });
      const b = await createSession({ title: 'B' });
      const kept = await addMessage(a.id, { content: 'kept' });
      await addMessage(b.id, { content: 'removed' });

      await client.delete(`/api/chat/sessions/${b.id}`).expect(204);

      expect(await listMessages(a.id)).toEqual([kept]);
    });
  });
});
