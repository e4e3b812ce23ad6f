import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import { streamedCalls } from '../fakes/fake-openai';
import { fixtureAgent } from '../support/fixture-agents';
import { conversationAppPerSuite, type ConversationApp } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

/** The window the fake model enforces, as a small local model's would be. */
const WINDOW = 7500;
/** Fixture agents, one per routing strategy. */
const COMPLETIONS = 'completions-only';
const ASSISTANT = 'assistant-falls-back-to-completions';
const SEARCH_FIRST = 'search-first-lower-case';

/** About 600 tokens of text that differs per turn (the search-first agent searches on "food"). */
const longMessage = (turn: number) =>
  `Turn ${turn} about food: ` + Array.from({ length: 150 }, (_, i) => `detail${turn}x${i} of the plan`).join(', ');

/** A model with another tokenizer: the fake counts this many times our tokens, so our count says fits where its does not. */
const TOKEN_SCALE = 1.3;
/** 35,000 characters of prose: about 7,000 of our tokens, over 9,000 of the model's. */
const essay = (topic: string) => {
  const sentence = `The ${topic} keeps its moisture through the cold months, so the vents and the vapour barrier matter. `;
  return sentence.repeat(Math.ceil(35_000 / sentence.length)).slice(0, 35_000);
};

/** `turns` long turns in one new chat, each answered; the chat's id. */
async function longChat(env: ConversationApp, turns: number): Promise<string> {
  let sessionId: string | undefined;
  for (let turn = 1; turn <= turns; turn++) {
    const events = await (
      await sendTurn(env.sut, { agentType: COMPLETIONS, sessionId, content: longMessage(turn) })
    ).all();
    expect(events.at(-1)?.type).toBe('done');
    sessionId = only(events, 'session').session.id;
  }
  return sessionId!;
}

/** The streamed calls the fake refused as longer than its window. */
const refusedCalls = (env: ConversationApp) =>
  env.openai
    .streamedRequests()
    .filter((call) => call.promptTokens! + fixtureAgent(COMPLETIONS).model.maxTokens > WINDOW);

describe('Long conversations fit the model (a token budget for every call)', () => {
  describe('with the window configured (OPENAI_CONTEXT_WINDOW)', () => {
    const env = conversationAppPerSuite({
      openai: { contextWindow: WINDOW },
      env: { OPENAI_CONTEXT_WINDOW: String(WINDOW) },
    });

    it.each([COMPLETIONS, ASSISTANT, SEARCH_FIRST])(
      'answers 30 long turns in one %s chat, and the model never receives more than its window',
      async (agentType) => {
        let sessionId: string | undefined;
        for (let turn = 1; turn <= 30; turn++) {
          const events = await (await sendTurn(env.sut, { agentType, sessionId, content: longMessage(turn) })).all();
          expect(events.at(-1)?.type).toBe('done');
          sessionId = only(events, 'session').session.id;
        }
        const calls = env.openai.streamedRequests();
        expect(calls).toHaveLength(30);
        const maxTokens = fixtureAgent(agentType).model.maxTokens;
        for (const call of calls) expect(call.promptTokens! + maxTokens).toBeLessThanOrEqual(WINDOW);
        // The summaries fit too (they ask for at most 200 tokens): those made along the way, and one made afresh
        // over the whole chat when asked twice with nothing new.
        await env.openai.idle();
        const client = await env.sut.authorized();
        for (let i = 0; i < 2; i++) await client.post(`/api/chat/sessions/${sessionId}/summarize`).expect(200);
        const summaries = env.openai.plainRequests();
        expect(summaries.length).toBeGreaterThan(0);
        for (const call of summaries) expect(call.promptTokens! + 200).toBeLessThanOrEqual(WINDOW);
        // The newest message is always there; the oldest are left out once the chat outgrows the window.
        const last = calls.at(-1)!.body as { messages: { content: string }[] };
        expect(last.messages.at(-1)!.content).toBe(longMessage(30));
        expect(last.messages.some((m) => m.content === longMessage(1))).toBe(false);
      },
    );

    it('refuses a message longer than the window with MESSAGE_TOO_LONG, stores nothing, and the chat goes on', async () => {
      const first = await (await sendTurn(env.sut, { agentType: COMPLETIONS, content: 'Short start' })).all();
      const sessionId = only(first, 'session').session.id;
      const huge = Array.from({ length: 9000 }, (_, i) => `word${i}`).join(' ');

      const refused = await sendTurn(env.sut, { agentType: COMPLETIONS, sessionId, content: huge });
      expect(refused.status).toBe(413);
      expect(refused.error?.code).toBe('MESSAGE_TOO_LONG');
      expect(refused.error?.message).toMatch(/too long for this assistant: it can read about [\d,]+ words/);
      const refusedNew = await sendTurn(env.sut, { agentType: COMPLETIONS, content: huge });
      expect(refusedNew.status).toBe(413);

      const next = await (await sendTurn(env.sut, { agentType: COMPLETIONS, sessionId, content: 'Go on' })).all();
      expect(next.at(-1)?.type).toBe('done');
      const stored: ChatMessage[] = (
        await (await env.sut.authorized()).get(`/api/chat/sessions/${sessionId}/messages`).expect(200)
      ).body;
      expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(stored.some((m) => m.content === huge)).toBe(false);
    });

    it('fits the one-shot POST /api/chat/completions too: the newest messages that fit, and a 413 for one that cannot', async () => {
      const messages = Array.from({ length: 30 }, (_, i) => ({
        role: i % 2 ? 'assistant' : 'user',
        content: longMessage(i + 1),
      }));
      const client = await env.sut.authorized();
      await client.post('/api/chat/completions').send({ agentType: COMPLETIONS, messages }).expect(200);
      const call = env.openai.plainRequests().at(-1)!;
      expect(call.promptTokens! + fixtureAgent(COMPLETIONS).model.maxTokens).toBeLessThanOrEqual(WINDOW);
      expect((call.body as { messages: { content: string }[] }).messages.at(-1)!.content).toBe(longMessage(30));

      const huge = Array.from({ length: 9000 }, (_, i) => `word${i}`).join(' ');
      const refused = await client
        .post('/api/chat/completions')
        .send({ agentType: COMPLETIONS, messages: [{ role: 'user', content: huge }] })
        .expect(413);
      expect(refused.body.code).toBe('MESSAGE_TOO_LONG');
    });

    it('saves usage and provenance with every reply', async () => {
      env.openai.script({ match: streamedCalls, text: 'Three short words' });
      const events = await (await sendTurn(env.sut, { agentType: COMPLETIONS, content: 'What did it cost?' })).all();
      const reply = only(events, 'done').message;
      const call = env.openai.streamedRequests().at(-1)!;
      expect(reply.usage).toEqual({ promptTokens: call.promptTokens, completionTokens: 3, estimated: false });
      expect(reply.provenance).toEqual({
        model: (call.body as { model: string }).model,
        strategy: 'completions',
        fallbacks: [],
        retries: 0,
        contextMessages: 1,
        omittedMessages: 0,
        personaHash: expect.stringMatching(/^[0-9a-f]{12}$/),
      });
      const stored: ChatMessage[] = (
        await (await env.sut.authorized()).get(`/api/chat/sessions/${only(events, 'session').session.id}/messages`)
      ).body;
      expect(stored[1]).toEqual(reply);
    });
  });

  describe('with a window nobody told us (the service refuses, we learn)', () => {
    const env = conversationAppPerSuite({ openai: { contextWindow: WINDOW } });

    it('retries a refused turn once within the stated window, remembers it, and no later call is refused', async () => {
      const sessionId = await longChat(env, 15);
      expect(refusedCalls(env)).toHaveLength(1);
      const stored: ChatMessage[] = (
        await (await env.sut.authorized()).get(`/api/chat/sessions/${sessionId}/messages`).expect(200)
      ).body;
      expect(stored.filter((m) => m.provenance?.retries === 1)).toHaveLength(1);
    });
  });

  describe('with a model whose tokenizer counts more than ours (a local model)', () => {
    const env = conversationAppPerSuite({ openai: { contextWindow: WINDOW, tokenScale: TOKEN_SCALE } });

    it("says the model's MESSAGE_TOO_LONG when its refusal leaves no room for the message, keeps nothing of it, learns its limit, and the chat goes on", async () => {
      const maxTokens = fixtureAgent(COMPLETIONS).model.maxTokens;
      const first = await (await sendTurn(env.sut, { agentType: COMPLETIONS, content: 'Short start' })).all();
      const sessionId = only(first, 'session').session.id;

      const refused = await sendTurn(env.sut, { agentType: COMPLETIONS, sessionId, content: essay('crawlspace') });
      expect(refused.status).toBe(200); // our count let it in; the model refused it
      const events = await refused.all();
      const error = only(events, 'error');
      expect(error).toMatchObject({ code: 'MESSAGE_TOO_LONG', partial: null, withdrawn: true });
      const budget = Number(/\(([\d,]+) tokens\)/.exec(error.message)?.[1].replace(/,/g, ''));
      expect(error.message).toMatch(/too long for this assistant: it can read about [\d,]+ words/);
      // The size said is what the model can read as it counts: within its window beside the reply.
      expect(Math.ceil(budget * TOKEN_SCALE) + maxTokens).toBeLessThanOrEqual(WINDOW);
      // One refused call: the window it taught leaves no room for the message, so no second call was made.
      expect(env.openai.streamedRequests().filter((call) => call.promptTokens! + maxTokens > WINDOW)).toHaveLength(1);

      const client = await env.sut.authorized();
      const stored: ChatMessage[] = (await client.get(`/api/chat/sessions/${sessionId}/messages`).expect(200)).body;
      expect(stored.map((m) => m.content)).toEqual(['Short start', expect.any(String)]);

      // The limit is learned: the same message is now refused before anything is stored or sent.
      const before = env.openai.streamedRequests().length;
      const again = await sendTurn(env.sut, { agentType: COMPLETIONS, sessionId, content: essay('basement') });
      expect(again.status).toBe(413);
      expect(again.error?.code).toBe('MESSAGE_TOO_LONG');
      expect(env.openai.streamedRequests()).toHaveLength(before);

      const next = await (await sendTurn(env.sut, { agentType: COMPLETIONS, sessionId, content: 'Go on' })).all();
      expect(next.at(-1)?.type).toBe('done');
    });
  });

  describe('with a model whose tokenizer counts more than ours, refusing the first message of a chat', () => {
    const env = conversationAppPerSuite({ openai: { contextWindow: WINDOW, tokenScale: TOKEN_SCALE } });

    it('takes back a new chat whole when its first message is the one the model refused', async () => {
      const refused = await (await sendTurn(env.sut, { agentType: COMPLETIONS, content: essay('attic') })).all();
      expect(only(refused, 'error')).toMatchObject({ code: 'MESSAGE_TOO_LONG', withdrawn: true });
      const sessionId = only(refused, 'session').session.id;
      const client = await env.sut.authorized();
      await client.get(`/api/chat/sessions/${sessionId}/messages`).expect(404);
      const sessions = (await client.get('/api/chat/sessions').expect(200)).body as Array<{ id: string }>;
      expect(sessions.map((session) => session.id)).not.toContain(sessionId);
    });
  });

  describe('with a model whose tokenizer counts more than ours, in a long chat', () => {
    const env = conversationAppPerSuite({ openai: { contextWindow: WINDOW, tokenScale: TOKEN_SCALE } });

    it('learns the window as the model counts from its first refusal, and no later call is refused', async () => {
      await longChat(env, 15);
      expect(refusedCalls(env)).toHaveLength(1);
    });
  });
});
