import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { SearchResponse, SearchResult } from '@mb/contracts/types/wire/search-response';
import { RECENT_MESSAGES } from '../../src/history-search/chat-search.store';
import { startTestApp, type TestApp } from '../support/test-app';

/** Fixture agents: any two will do, as search treats every agent alike. */
const HOME = 'completions-only';
const OTHER = 'default-assistant';

const marked = (result: SearchResult) => result.highlights.map((h) => result.snippet.slice(h.start, h.end));

describe('Search across chats (e2e)', () => {
  let sut: TestApp;
  let client: TestAgent;
  const ids: Record<string, string> = {};

  const search = async (params: Record<string, string>): Promise<SearchResult[]> =>
    ((await client.get('/api/chat/search').query(params).expect(200)).body as SearchResponse).results;

  async function chat(
    agentType: string,
    title: string,
    messages: string[],
    summary: string | null = null,
  ): Promise<ChatSession> {
    const session = (await client.post('/api/chat/sessions').send({ agentType, title, summary }).expect(201))
      .body as ChatSession;
    for (const [i, content] of messages.entries()) {
      const message = (
        await client
          .post(`/api/chat/sessions/${session.id}/messages`)
          .send({ role: i % 2 ? 'assistant' : 'user', content })
          .expect(201)
      ).body as ChatMessage;
      ids[content] = message.id;
    }
    return session;
  }

  let garden: ChatSession;
  let travel: ChatSession;
  let otherGarden: ChatSession;
  let titled: ChatSession;

  beforeAll(async () => {
    sut = await startTestApp();
    client = await sut.authorized();
    garden = await chat(HOME, 'Weekend plans', [
      'We planted tomatoes in the raised garden beds.',
      'Tomatoes like sun. Tomatoes in raised beds need tomato cages and daily water for the tomatoes.',
      'Wir haben auch Gärten mit Bohnen und Häuser am See.',
    ]);
    travel = await chat(HOME, 'Trip', [
      'Book a flight to Berlin in May. ' +
        'Some filler words about nothing in particular. '.repeat(20) +
        'Pack an umbrella for the rain.',
    ]);
    otherGarden = await chat(OTHER, 'Balcony', ['Cherry tomatoes grow well on a balcony.']);
    titled = await chat(
      OTHER,
      'Compost questions',
      ['How wet should it be?'],
      'Talked about worms and kitchen scraps.',
    );
    // A reply still being written is not searchable until it is saved.
    await sut.app.get(DataSource).query(
      `INSERT INTO chat_messages (session_id, role, content, "order", created_at, streaming, owner_id, heartbeat_at)
         VALUES ($1, 'assistant', 'Zucchini half written', 10, now(), true, 'owner', now())`,
      [travel.id],
    );
  });

  afterAll(() => sut?.close());

  it('ranks the message that says it most first, with the matched words highlighted', async () => {
    const results = await search({ q: 'tomatoes', agentType: HOME });
    const messageIds = results.map((r) => r.messageId);
    expect(
      messageIds.indexOf(
        ids['Tomatoes like sun. Tomatoes in raised beds need tomato cages and daily water for the tomatoes.'],
      ),
    ).toBe(0);
    expect(messageIds).toContain(ids['We planted tomatoes in the raised garden beds.']);
    const top = results[0];
    expect(top).toMatchObject({
      sessionId: garden.id,
      agentType: HOME,
      sessionTitle: 'Weekend plans',
      role: 'assistant',
      messageOrder: 1,
    });
    expect(top.snippet).toBe(
      'Tomatoes like sun. Tomatoes in raised beds need tomato cages and daily water for the tomatoes.',
    );
    // English stems: "tomato" is the same word.
    expect(marked(top)).toEqual(['Tomatoes', 'Tomatoes', 'tomato', 'tomatoes']);
    expect(top.rank).toBeGreaterThan(results[1].rank);
  });

  it("answers the given agent's chats first, then the others'", async () => {
    const home = await search({ q: 'tomatoes', agentType: HOME });
    expect(home.map((r) => r.agentType)).toEqual([HOME, HOME, OTHER]);
    const other = await search({ q: 'tomatoes', agentType: OTHER });
    expect(other.map((r) => r.agentType)).toEqual([OTHER, HOME, HOME]);
    expect(other[0].sessionId).toBe(otherGarden.id);
    // Even when the others' hits rank higher and fill the limit on their own.
    const onlyOne = await search({ q: 'tomatoes', agentType: OTHER, limit: '1' });
    expect(onlyOne.map((r) => r.sessionId)).toEqual([otherGarden.id]);
  });

  it('finds German words in their other forms', async () => {
    const results = await search({ q: 'Garten Haus' });
    expect(results).toHaveLength(1);
    expect(marked(results[0])).toEqual(['Gärten', 'Häuser']);
  });

  it('cuts a long message around the match, with ellipses and highlights that still point at the words', async () => {
    const [result] = await search({ q: 'umbrella' });
    expect(result.sessionId).toBe(travel.id);
    expect(result.snippet.startsWith('…')).toBe(true);
    expect(result.snippet.length).toBeLessThan(200);
    expect(marked(result)).toEqual(['umbrella']);
  });

  it('finds chats by title and by summary, once each', async () => {
    const byTitle = await search({ q: 'compost' });
    expect(byTitle).toEqual([
      expect.objectContaining({
        sessionId: titled.id,
        messageId: null,
        messageOrder: null,
        role: null,
        snippet: 'Compost questions',
        highlights: [{ start: 0, end: 7 }],
      }),
    ]);
    const bySummary = await search({ q: 'worms' });
    expect(bySummary).toHaveLength(1);
    expect(bySummary[0].snippet).toBe('Talked about worms and kitchen scraps.');
    expect(marked(bySummary[0])).toEqual(['worms']);
  });

  it('leaves a reply still being written out', async () => {
    expect(await search({ q: 'zucchini' })).toEqual([]);
  });

  it('reads the query like a web search: quoted words in order, -word without', async () => {
    expect((await search({ q: '"raised garden"' })).map((r) => r.messageId)).toEqual([
      ids['We planted tomatoes in the raised garden beds.'],
    ]);
    const without = await search({ q: 'tomatoes -balcony' });
    expect(without.map((r) => r.sessionId)).not.toContain(otherGarden.id);
  });

  it('keeps to the limit', async () => {
    expect(await search({ q: 'tomatoes', limit: '1' })).toHaveLength(1);
  });

  it.each([
    ['only symbols', '!!! ??? ... ((( )))'],
    ['quotes and backslashes', '"unterminated \\ \' \\" -- ;'],
    ['tsquery syntax', 'tomato & | ! <-> :* (x'],
    ['SQL', "'); DROP TABLE chat_messages; --"],
    ['control characters', 'tomatoes\u0001\u0002\u0003\u007f'],
    ['only stop words', 'the and of'],
    ['a lone surrogate', 'tomato \ud800'],
    ['emoji and other scripts', '🍅 томат トマト'],
  ])('answers %s with 200, never a syntax error', async (_name, q) => {
    const res = await client.get('/api/chat/search').query({ q });
    expect(res.status).toBe(200);
    expect(Array.isArray((res.body as SearchResponse).results)).toBe(true);
  });

  it.each([
    ['no q', {}, 'q must not be empty'],
    ['an empty q', { q: '' }, 'q must not be empty'],
    ['a blank q', { q: '   \t ' }, 'q must not be empty'],
    ['a q of 10,000 characters', { q: 'tomato '.repeat(1500).slice(0, 10_000) }, 'q must be at most 500 characters'],
    ['q twice', { q: ['a', 'b'] }, 'q must be given once'],
    ['a NUL character', { q: 'tomato\u0000' }, 'must not contain NUL characters'],
    ['a limit above 50', { q: 'tomato', limit: '51' }, 'limit must be a whole number from 1 to 50'],
    ['a limit that is no number', { q: 'tomato', limit: 'ten' }, 'limit must be a whole number from 1 to 50'],
    ['agentType twice', { q: 'tomato', agentType: ['a', 'b'] }, 'agentType must be given once'],
  ])('answers %s with 400 and says why', async (_name, query, message) => {
    const res = await client.get('/api/chat/search').query(query).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((res.body as { message: string }).message).toContain(message);
  });

  it('needs access', async () => {
    const res = await sut.anonymous().get('/api/chat/search').query({ q: 'tomatoes' }).expect(401);
    expect(res.body).toMatchObject({ code: 'ACCESS_REQUIRED' });
  });

  describe('behind more messages than are searched first', () => {
    let old: ChatSession;

    beforeAll(async () => {
      old = await chat(HOME, 'Long ago', ['The zeppelin landed next to a quokka.']);
      const recentChat = await chat(OTHER, 'Many since', []);
      // The newest messages mention the quokka 30 times, all in the other agent's chat.
      const filler = RECENT_MESSAGES + 10;
      await sut.app.get(DataSource).query(
        `INSERT INTO chat_messages (session_id, role, content, "order", created_at)
           SELECT $1, 'user', CASE WHEN g > $2 - 30 THEN 'a quokka again ' || g ELSE 'filler ' || g END, g, now()
             FROM generate_series(1, $2::int) AS g`,
        [recentChat.id, filler],
      );
    });

    it('still finds a word that only older messages hold', async () => {
      const results = await search({ q: 'zeppelin' });
      expect(results.map((r) => r.messageId)).toEqual([ids['The zeppelin landed next to a quokka.']]);
    });

    it("still puts the given agent's older hit first when the newest hits are all the others'", async () => {
      const results = await search({ q: 'quokka', agentType: HOME, limit: '5' });
      expect(results[0]).toMatchObject({ sessionId: old.id, agentType: HOME });
      expect(results.slice(1).every((r) => r.agentType === OTHER)).toBe(true);
      expect(results).toHaveLength(5);
    });
  });
});
