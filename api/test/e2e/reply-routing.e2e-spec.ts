import { plainCalls, streamedCalls } from '../fakes/fake-openai';
import { fixtureAgent } from '../support/fixture-agents';
import { conversationAppPerSuite, startConversationApp, type ConversationApp } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

const SEARCH_RESULTS = [
  { title: 'Lisbon fares this week', link: 'https://fares.example/lisbon', snippet: 'From $412 round trip.' },
  { title: 'Spring in Lisbon', link: 'https://travel.example/lisbon-spring', snippet: 'Mild, 20 °C.' },
];

/** Fixture agents, named for what they exercise. */
const COMPLETIONS = 'completions-only';
const ASSISTANT = 'assistant-falls-back-to-completions';
const CASE_SENSITIVE = 'search-first-case-sensitive';
const LOWER_CASE = 'search-first-lower-case';

describe('Reply routing: strategies and fallbacks from the agent file', () => {
  const env = conversationAppPerSuite();

  const systemPromptOf = (index: number): string => env.openai.streamedRequests()[index].body.messages[0].content;

  async function sessionWithHistory(agentType: string, count: number): Promise<string> {
    const client = await env.sut.authorized();
    const session = await client.post('/api/chat/sessions').send({ agentType }).expect(201);
    for (let i = 0; i < count; i++) {
      await client
        .post(`/api/chat/sessions/${session.body.id}/messages`)
        .send({ role: i % 2 ? 'assistant' : 'user', content: `message ${i}` })
        .expect(201);
    }
    return session.body.id;
  }

  describe('completions', () => {
    it('sends the persona and the whole conversation', async () => {
      const sessionId = await sessionWithHistory(COMPLETIONS, 14);
      await (await sendTurn(env.sut, { agentType: COMPLETIONS, sessionId, content: 'What next?' })).all();

      const [request] = env.openai.streamedRequests();
      expect(request.body.messages).toHaveLength(1 + 15);
      expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: 'What next?' });
    });
  });

  describe('assistant (last N messages)', () => {
    it('sends the persona and only the last `history` messages', async () => {
      expect(fixtureAgent(ASSISTANT).routing.history).toBe(4);
      const sessionId = await sessionWithHistory(ASSISTANT, 14);
      await (await sendTurn(env.sut, { agentType: ASSISTANT, sessionId, content: 'And sleep?' })).all();

      const [request] = env.openai.streamedRequests();
      expect(request.body.messages[0].role).toBe('system');
      expect(request.body.messages.slice(1).map((m: { content: string }) => m.content)).toEqual([
        'message 11',
        'message 12',
        'message 13',
        'And sleep?',
      ]);
    });

    it('falls back to completions (the whole conversation) when the assistant call fails', async () => {
      const sessionId = await sessionWithHistory(ASSISTANT, 14);
      env.openai.script({ match: streamedCalls, status: 500 }, { match: streamedCalls, text: 'Fallback answer' });
      const events = await (await sendTurn(env.sut, { agentType: ASSISTANT, sessionId, content: 'And sleep?' })).all();

      expect(only(events, 'done').message.content).toBe('Fallback answer');
      expect(env.openai.streamedRequests().map((r) => r.body.messages.length)).toEqual([1 + 4, 1 + 15]);
    });

    it('reports the last failure when every strategy in the chain fails', async () => {
      env.openai.script({ match: streamedCalls, status: 500 }, { match: streamedCalls, status: 500 });
      const events = await (await sendTurn(env.sut, { agentType: ASSISTANT, content: 'Hello' })).all();

      expect(only(events, 'error')).toMatchObject({ code: 'UPSTREAM_ERROR', partial: null });
      expect(env.openai.streamedRequests()).toHaveLength(2);
    });
  });

  describe('search-first', () => {
    it('searches when the message holds a keyword as written (case-sensitive rule), and the answer carries its sources', async () => {
      expect(fixtureAgent(CASE_SENSITIVE).routing.search).toEqual({
        keywords: ['latest', 'flights', 'hotels', 'weather'],
        match: 'case-sensitive',
      });
      env.serper.script({ results: SEARCH_RESULTS });
      env.openai.script({ match: streamedCalls, text: 'Fares start near $412 [Lisbon fares this week].' });
      const events = await (
        await sendTurn(env.sut, { agentType: CASE_SENSITIVE, content: 'Any cheap flights to Lisbon in May?' })
      ).all();

      expect(env.serper.queries()).toEqual(['Any cheap flights to Lisbon in May?']);
      const sources = SEARCH_RESULTS.map(({ title, link }) => ({ title, link }));
      expect(events.map((e) => e.type).slice(0, 4)).toEqual(['session', 'user-message', 'sources', 'token']);
      expect(only(events, 'sources').sources).toEqual(sources);
      expect(only(events, 'done').message.sources).toEqual(sources);
      expect(systemPromptOf(0)).toContain('Lisbon fares this week (https://fares.example/lisbon)');
      expect(systemPromptOf(0)).toContain('From $412 round trip.');

      const stored = await (
        await env.sut.authorized()
      )
        .get(`/api/chat/sessions/${only(events, 'session').session.id}/messages`)
        .expect(200);
      expect(stored.body[1].sources).toEqual(sources);
    });

    it('does not search when the keyword appears only in another case (case-sensitive rule)', async () => {
      const events = await (
        await sendTurn(env.sut, { agentType: CASE_SENSITIVE, content: 'FLIGHTS or Hotels near the coast?' })
      ).all();

      expect(env.serper.queries()).toEqual([]);
      expect(only(events, 'done').message.sources).toEqual([]);
      expect(systemPromptOf(0)).not.toContain('Web search results');
    });

    it('matches keywords in the lower-cased message (lower-case rule)', async () => {
      expect(fixtureAgent(LOWER_CASE).routing.search).toMatchObject({ match: 'lower-case' });
      const events = await (
        await sendTurn(env.sut, { agentType: LOWER_CASE, content: 'Which Pantry FOOD keeps longest?' })
      ).all();

      expect(env.serper.queries()).toEqual(['Which Pantry FOOD keeps longest?']);
      expect(only(events, 'done').message.sources).toHaveLength(3);
    });

    it('goes to the next strategy when no keyword matches', async () => {
      await (await sendTurn(env.sut, { agentType: LOWER_CASE, content: 'The garden sleeps in winter' })).all();

      expect(env.serper.queries()).toEqual([]);
      expect(env.openai.streamedRequests()).toHaveLength(1);
    });

    it('falls back when the search fails, with no sources', async () => {
      env.serper.script({ status: 500 });
      const events = await (
        await sendTurn(env.sut, { agentType: CASE_SENSITIVE, content: 'latest events in Rome' })
      ).all();

      expect(env.serper.queries()).toHaveLength(1);
      expect(events.map((e) => e.type)).not.toContain('sources');
      expect(only(events, 'done').message).toMatchObject({ content: 'Echo: latest events in Rome', sources: [] });
      expect(systemPromptOf(0)).not.toContain('Web search results');
    });

    it('falls back when the search-backed model call fails before any token, dropping the sources', async () => {
      env.openai.script({ match: streamedCalls, status: 500 });
      const events = await (
        await sendTurn(env.sut, { agentType: CASE_SENSITIVE, content: 'weather in Oslo today' })
      ).all();

      expect(env.openai.streamedRequests()).toHaveLength(2);
      expect(systemPromptOf(0)).toContain('Web search results');
      expect(systemPromptOf(1)).not.toContain('Web search results');
      expect(events.map((e) => e.type)).not.toContain('sources');
      expect(only(events, 'done').message.sources).toEqual([]);
    });

    it('never falls back on a key problem: the next strategy would be refused too', async () => {
      const rejecting = await startConversationApp({
        openai: { acceptedKeys: ['sk-only-this-key-is-accepted-000000'] },
      });
      try {
        const events = await (
          await sendTurn(rejecting.sut, { agentType: CASE_SENSITIVE, content: 'latest prices' })
        ).all();
        expect(only(events, 'error').code).toBe('UNAUTHORIZED');
        expect(rejecting.openai.completionRequests()).toHaveLength(1);
      } finally {
        await rejecting.close();
      }
    });
  });

  describe('without a search key', () => {
    let plain: ConversationApp;
    beforeAll(async () => {
      plain = await startConversationApp({ searchKey: false });
    });
    afterAll(() => plain.close());

    it('skips search-first even when a keyword matches', async () => {
      const events = await (
        await sendTurn(plain.sut, { agentType: CASE_SENSITIVE, content: 'latest flights to Tokyo' })
      ).all();

      expect(plain.serper.requests).toHaveLength(0);
      expect(only(events, 'done').message.content).toBe('Echo: latest flights to Tokyo');
      expect(plain.openai.completionRequests().filter((r) => plainCalls(r.body) === false)).toHaveLength(1);
    });
  });
});
