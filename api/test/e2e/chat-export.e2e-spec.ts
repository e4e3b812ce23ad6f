import type TestAgent from 'supertest/lib/agent';
import { MessageStore as ChatStore } from '../../src/messages/message.store';
import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import { startTestApp, type TestApp } from '../support/test-app';
import { SteppingClock } from '../support/stepping-clock';

/** Fixture agents: any will do; a second one keeps the listing tests apart from the rest. */
const AGENT = 'completions-only';
const PIN_AGENT = 'tuned-model';
const UNKNOWN_ID = '6f1c2a4e-9b7d-4c3e-8a1f-0d2b3c4e5f60';

/** A message as an export and an import keep it: everything but its id. */
const withoutId = ({ id: _id, ...rest }: ChatMessage) => rest;

describe('Chat export, import, rename and pin (e2e)', () => {
  let sut: TestApp;
  let client: TestAgent;

  const createSession = async (body: Record<string, unknown> = {}): Promise<ChatSession> =>
    (
      await client
        .post('/api/chat/sessions')
        .send({ agentType: AGENT, ...body })
        .expect(201)
    ).body as ChatSession;

  const patch = (id: string, body: unknown) => client.patch(`/api/chat/sessions/${id}`).send(body as object);

  const messagesOf = async (id: string): Promise<ChatMessage[]> =>
    (await client.get(`/api/chat/sessions/${id}/messages`).expect(200)).body as ChatMessage[];

  /** A chat with a user message, a search-backed reply, and a reply cut short. */
  async function richChat(title: string): Promise<ChatSession> {
    const session = await createSession({ title, systemPrompt: 'Be brief.', summary: 'About gutters' });
    const store = sut.app.get(ChatStore);
    await store.appendMessage(session.id, { role: 'user', content: 'How do I clean gutters?\nSafely, please.' });
    await store.appendMessage(session.id, {
      role: 'assistant',
      content: 'Use a **stable ladder** and gloves.',
      sources: [
        { title: 'Gutter [guide]', link: 'https://example.com/gutters_(1)' },
        { title: 'Ladders', link: 'https://example.org/ladders' },
      ],
    });
    await store.appendMessage(session.id, { role: 'user', content: 'And downspouts?' });
    await store.appendMessage(session.id, { role: 'assistant', content: 'Flush them with', incomplete: true });
    return session;
  }

  const exportOf = (id: string, format: string) => client.get(`/api/chat/sessions/${id}/export?format=${format}`);

  beforeAll(async () => {
    sut = await startTestApp({ clock: new SteppingClock() });
    client = await sut.authorized();
  });
  afterAll(() => sut.close());

  describe('rename', () => {
    it('renames a chat, trimming the title, and keeps its place in time', async () => {
      const session = await createSession({ title: 'Old name' });
      const res = await patch(session.id, { title: '  New name  ' }).expect(200);
      expect(res.body).toEqual({ ...session, title: 'New name' });
      expect((await client.get(`/api/chat/sessions/${session.id}`).expect(200)).body).toMatchObject({
        title: 'New name',
        updatedAt: session.updatedAt,
      });
    });

    it.each([
      ['blank', { title: '   ' }, /title must not be blank/],
      ['empty', { title: '' }, /title/],
      ['too long', { title: 'x'.repeat(201) }, /title/],
      ['not a string', { title: 42 }, /title/],
      ['empty body', {}, /body/],
      ['an unknown field', { name: 'x' }, /name is not an allowed property/],
    ])('refuses a %s rename with 400 VALIDATION_FAILED', async (_case, body, detail) => {
      const session = await createSession({ title: 'Stays' });
      const res = await patch(session.id, body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect((res.body.details as string[]).join('\n')).toMatch(detail);
      expect((await client.get(`/api/chat/sessions/${session.id}`).expect(200)).body.title).toBe('Stays');
    });

    it('accepts a title of exactly 200 characters', async () => {
      const session = await createSession();
      await patch(session.id, { title: 'y'.repeat(200) }).expect(200);
    });

    it('answers 404 for an unknown chat', async () => {
      expect((await patch(UNKNOWN_ID, { title: 'x' }).expect(404)).body.code).toBe('NOT_FOUND');
    });
  });

  describe('pin', () => {
    const listIds = async (query: string) => {
      const res = await client.get(`/api/chat/sessions?agentType=${PIN_AGENT}&${query}`).expect(200);
      return {
        ids: (res.body as ChatSession[]).map((s) => s.title),
        pinned: (res.body as ChatSession[]).filter((s) => s.pinned).map((s) => s.title),
        cursor: res.headers['x-next-cursor'] as string | undefined,
      };
    };

    it('lists pinned chats first, newest pinned first, then the rest across pages without repeats', async () => {
      const made: ChatSession[] = [];
      for (let i = 0; i < 7; i++) {
        made.push(await createSession({ agentType: PIN_AGENT, title: `chat ${i}` }));
      }
      // Newest first: chat 6 .. chat 0. Pin chat 1, then chat 4 (newest pinned), then chat 0.
      for (const i of [1, 4, 0]) {
        const res = await patch(made[i].id, { pinned: true }).expect(200);
        expect(res.body).toMatchObject({ pinned: true, title: `chat ${i}`, updatedAt: made[i].updatedAt });
      }

      const first = await listIds('limit=2');
      expect(first.ids).toEqual(['chat 0', 'chat 4', 'chat 1', 'chat 6', 'chat 5']);
      expect(first.pinned).toEqual(['chat 0', 'chat 4', 'chat 1']);
      const second = await listIds(`limit=2&cursor=${first.cursor}`);
      expect(second.ids).toEqual(['chat 3', 'chat 2']);
      expect(second.cursor).toBeUndefined();

      // Pinning again keeps the place; unpinning puts it back among the rest by its update time.
      await patch(made[1].id, { pinned: true }).expect(200);
      await patch(made[4].id, { pinned: false }).expect(200);
      const after = await listIds('limit=200');
      expect(after.ids).toEqual(['chat 0', 'chat 1', 'chat 6', 'chat 5', 'chat 4', 'chat 3', 'chat 2']);
      expect(after.pinned).toEqual(['chat 0', 'chat 1']);
    });

    it('renames and pins in one request', async () => {
      const session = await createSession({ title: 'Both' });
      const res = await patch(session.id, { title: 'Renamed', pinned: true }).expect(200);
      expect(res.body).toMatchObject({ title: 'Renamed', pinned: true });
    });

    it('refuses a pinned that is not a boolean', async () => {
      const session = await createSession();
      expect((await patch(session.id, { pinned: 'yes' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('export', () => {
    it('downloads Markdown: title, speakers, text, sources as links, incomplete replies marked', async () => {
      const session = await richChat('Gutters: spring / fall?');
      const res = await exportOf(session.id, 'markdown').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/markdown; charset=utf-8/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="gutters-spring-fall.md"');
      const text = res.text;
      expect(text).toMatch(/^# Gutters: spring \/ fall\?\n\nStarted \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      expect(text).toContain('**You**\n\nHow do I clean gutters?\nSafely, please.\n');
      expect(text).toContain('**Assistant**\n\nUse a **stable ladder** and gloves.\n');
      expect(text).toContain('1. [Gutter \\[guide\\]](https://example.com/gutters_%281%29)');
      expect(text).toContain('2. [Ladders](https://example.org/ladders)');
      expect(text).toContain('**Assistant**\n\nFlush them with\n\n*This reply is incomplete: it was cut short.*');
      expect(text.indexOf('How do I clean')).toBeLessThan(text.indexOf('And downspouts?'));
    });

    it('defaults to Markdown and names a title without letters "chat"', async () => {
      const session = await createSession({ title: '???' });
      const res = await client.get(`/api/chat/sessions/${session.id}/export`).expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="chat.md"');
    });

    it('downloads a versioned JSON document', async () => {
      const session = await richChat('Round trip');
      const res = await exportOf(session.id, 'json').expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="round-trip.json"');
      const doc = res.body as ChatExport;
      expect(doc).toMatchObject({
        version: 1,
        exportedAt: expect.any(String),
        session: { title: 'Round trip', agentType: AGENT, systemPrompt: 'Be brief.', summary: 'About gutters' },
      });
      expect(doc.messages.map((m) => m.order)).toEqual([0, 1, 2, 3]);
    });

    it('refuses an unknown format with 400 and an unknown chat with 404', async () => {
      const session = await createSession();
      expect((await exportOf(session.id, 'pdf').expect(400)).text).toMatch(/format must be one of markdown, json/);
      await exportOf(UNKNOWN_ID, 'json').expect(404);
    });
  });

  describe('import', () => {
    const exportJson = async (id: string) => (await exportOf(id, 'json').expect(200)).body as ChatExport;

    it('brings a JSON export back as a new chat with equal messages', async () => {
      const original = await richChat('Imported chat');
      const doc = await exportJson(original.id);

      const res = await client.post('/api/chat/import').send(doc).expect(201);
      const imported = res.body as ChatSession;
      expect(imported.id).not.toBe(original.id);
      expect(imported).toMatchObject({
        title: 'Imported chat',
        agentType: AGENT,
        systemPrompt: 'Be brief.',
        summary: 'About gutters',
        persona: null,
        pinned: false,
      });

      const before = await messagesOf(original.id);
      const after = await messagesOf(imported.id);
      expect(after.map(withoutId)).toEqual(before.map(withoutId));
      expect(after.map((m) => m.id)).not.toEqual(before.map((m) => m.id));

      // Exporting the copy gives the same document, but for when it was exported and made.
      const again = await exportJson(imported.id);
      expect(again.messages).toEqual(doc.messages);
      expect({ ...again.session, createdAt: 0, updatedAt: 0 }).toEqual({ ...doc.session, createdAt: 0, updatedAt: 0 });
    });

    it('imports a chat with no messages', async () => {
      const doc = await exportJson((await createSession({ title: 'Empty' })).id);
      const res = await client.post('/api/chat/import').send(doc).expect(201);
      expect(await messagesOf((res.body as ChatSession).id)).toEqual([]);
    });

    describe('refuses a document that is not a valid export with 400, never 500', () => {
      let doc: ChatExport;
      beforeAll(async () => {
        doc = await exportJson((await richChat('Template')).id);
      });

      const cases: [string, (d: ChatExport) => unknown, RegExp][] = [
        ['another version', (d) => ({ ...d, version: 2 }), /version/],
        ['no session', ({ session: _s, ...d }) => d, /session/],
        ['an unknown agent', (d) => ({ ...d, session: { ...d.session, agentType: 'no-such-agent' } }), /no-such-agent/],
        ['a blank title', (d) => ({ ...d, session: { ...d.session, title: '  ' } }), /title/],
        ['a bad role', (d) => ({ ...d, messages: [{ ...d.messages[0], role: 'robot' }] }), /role/],
        [
          'a message id',
          (d) => ({ ...d, messages: [{ ...d.messages[0], id: '1' }] }),
          /messages\.0\.id is not an allowed property/,
        ],
        ['a negative order', (d) => ({ ...d, messages: [{ ...d.messages[0], order: -1 }] }), /order/],
        ['repeated orders', (d) => ({ ...d, messages: [d.messages[0], { ...d.messages[1], order: 0 }] }), /order 0/],
        ['a bad date', (d) => ({ ...d, messages: [{ ...d.messages[0], createdAt: 'yesterday' }] }), /createdAt/],
        ['a bad source', (d) => ({ ...d, messages: [{ ...d.messages[1], sources: [{ title: 1 }] }] }), /sources/],
        ['a bad persona', (d) => ({ ...d, session: { ...d.session, persona: { domains: 'x' } } }), /persona/],
        ['an array', () => [], /body/],
      ];

      it.each(cases)('%s', async (_case, change, detail) => {
        const res = await client
          .post('/api/chat/import')
          .send(change(doc) as object)
          .expect(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
        expect((res.body.details as string[]).join('\n')).toMatch(detail);
      });
    });
  });

  it('answers 401 without access on every new route', async () => {
    const session = await createSession();
    const anonymous = sut.anonymous();
    await anonymous.patch(`/api/chat/sessions/${session.id}`).send({ title: 'x' }).expect(401);
    await anonymous.get(`/api/chat/sessions/${session.id}/export?format=json`).expect(401);
    await anonymous.post('/api/chat/import').send({}).expect(401);
  });
});

describe("Chat export on the server's clock (e2e)", () => {
  let sut: TestApp;

  beforeAll(async () => {
    // Long past, so a time the system clock gave instead stands out.
    sut = await startTestApp({ clock: new SteppingClock(Date.UTC(2001, 0, 1)) });
  });
  afterAll(() => sut.close());

  it('says when it was exported by the clock, in JSON and in Markdown', async () => {
    const client = await sut.authorized();
    const session = (await client.post('/api/chat/sessions').send({ agentType: AGENT }).expect(201))
      .body as ChatSession;
    const json = await client.get(`/api/chat/sessions/${session.id}/export?format=json`).expect(200);
    expect((json.body as ChatExport).exportedAt).toMatch(/^2001-01-01T00:00:00\.0\d\dZ$/);
    const markdown = await client.get(`/api/chat/sessions/${session.id}/export?format=markdown`).expect(200);
    expect(markdown.text).toContain('exported 2001-01-01 00:00 UTC');
  });
});
