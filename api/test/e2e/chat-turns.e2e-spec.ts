import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import { streamedCalls } from '../fakes/fake-openai';
import { eventually } from '../support/eventually';
import { SteppingClock } from '../support/stepping-clock';
import { fixtureAgent, roleOf } from '../support/fixture-agents';
import { conversationAppPerSuite, startConversationApp } from '../support/model-fakes';
import { only, openStream, readToFirstToken, replyText, sendTurn } from '../support/turn-client';

const LONG_FIRST_MESSAGE = 'Plan a quiet week by the sea for two adults, in late spring, with good food and no car';

/** Fixture agents, named for what they exercise. */
const AGENT = 'completions-only';
const OTHER_AGENT = 'reconfigurable';

describe('Streaming turns (POST /api/chat/turns)', () => {
  const env = conversationAppPerSuite();

  const messagesOf = async (sessionId: string): Promise<ChatMessage[]> =>
    (await (await env.sut.authorized()).get(`/api/chat/sessions/${sessionId}/messages`).expect(200)).body;

  it('creates the session on the first message with the title rule, streams the reply as it arrives and saves both messages', async () => {
    env.openai.script({ match: streamedCalls, text: 'Here is a calm plan: three nights in a small harbour town.' });
    const turn = await sendTurn(env.sut, { agentType: AGENT, content: LONG_FIRST_MESSAGE });
    expect(turn.status).toBe(200);
    const events = await turn.all();

    // Tokens that arrive together are written together: how many token events is the server's choice.
    expect(events.map((e) => e.type).join(' ')).toMatch(/^session user-message (token )+done$/);
    const { session, created } = only(events, 'session');
    expect(created).toBe(true);
    expect(fixtureAgent(AGENT).conversation.session.titleMaxLength).toBe(50);
    expect(session.title).toBe(`${LONG_FIRST_MESSAGE.slice(0, 50)}...`);
    expect(session.agentType).toBe(AGENT);
    expect(replyText(events)).toBe('Here is a calm plan: three nights in a small harbour town.');
    const done = only(events, 'done').message;
    expect(done).toMatchObject({ role: 'assistant', content: replyText(events), incomplete: false, order: 1 });
    expect(await messagesOf(session.id)).toEqual([only(events, 'user-message').message, done]);
  });

  it('keeps a short first message as the title, and continues an existing session without renaming it', async () => {
    const first = await (await sendTurn(env.sut, { agentType: AGENT, content: 'Vapor barrier?' })).all();
    const sessionId = only(first, 'session').session.id;
    const second = await (
      await sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'And the sump pump?' })
    ).all();

    expect(only(first, 'session').session.title).toBe('Vapor barrier?');
    expect(only(second, 'session')).toMatchObject({
      created: false,
      session: { id: sessionId, title: 'Vapor barrier?' },
    });
    expect((await messagesOf(sessionId)).map((m) => [m.order, m.role, m.content])).toEqual([
      [0, 'user', 'Vapor barrier?'],
      [1, 'assistant', 'Echo: Vapor barrier?'],
      [2, 'user', 'And the sump pump?'],
      [3, 'assistant', 'Echo: And the sump pump?'],
    ]);
    const sent = env.openai.streamedRequests().at(-1)!.body;
    expect(sent.messages.slice(1)).toEqual([
      { role: 'user', content: 'Vapor barrier?' },
      { role: 'assistant', content: 'Echo: Vapor barrier?' },
      { role: 'user', content: 'And the sump pump?' },
    ]);
  });

  it('saves the user message before the model is called', async () => {
    env.openai.script({ match: streamedCalls, latencyMs: 400 });
    const turn = await sendTurn(env.sut, { agentType: AGENT, content: 'Is this saved first?' });
    const events = turn.events();
    const sessionEvent = (await events.next()).value;
    if (sessionEvent?.type !== 'session') throw new Error('the stream must open with the session');
    await eventually(() => env.openai.streamedRequests().length > 0, 'the model call');
    expect((await messagesOf(sessionEvent.session.id)).map((m) => m.content)).toEqual(['Is this saved first?']);
    for await (const _event of events);
  });

  it('cuts the title of a new session at the agent file titleMaxLength', async () => {
    expect(fixtureAgent('short-titles').conversation.session.titleMaxLength).toBe(20);
    const events = await (await sendTurn(env.sut, { agentType: 'short-titles', content: LONG_FIRST_MESSAGE })).all();
    expect(only(events, 'session').session.title).toBe(`${LONG_FIRST_MESSAGE.slice(0, 20)}...`);

    const exact = LONG_FIRST_MESSAGE.slice(0, 20);
    const fits = await (await sendTurn(env.sut, { agentType: 'short-titles', content: exact })).all();
    expect(only(fits, 'session').session.title).toBe(exact);
  });

  it('sends the agent file model settings and persona as the system prompt', async () => {
    await (await sendTurn(env.sut, { agentType: 'tuned-model', content: 'Hello' })).all();
    const body = env.openai.streamedRequests()[0].body;
    expect(body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.2, max_tokens: 640, stream: true });
    expect(body.messages[0].role).toBe('system');
    expect(body.messages[0].content.startsWith(roleOf('tuned-model'))).toBe(true);
  });

  it('keeps the partial reply, marked incomplete, when the stream is cut mid-way, and reports the error', async () => {
    env.openai.script({ match: streamedCalls, text: 'one two three four five six', cutAfterTokens: 3 });
    const events = await (await sendTurn(env.sut, { agentType: AGENT, content: 'Cut me off' })).all();
    const error = only(events, 'error');

    expect(replyText(events)).toBe('one two three ');
    expect(error).toMatchObject({
      code: 'NETWORK_ERROR',
      partial: { role: 'assistant', content: 'one two three ', incomplete: true },
    });
    expect(env.openai.streamedRequests()).toHaveLength(1);
    const stored = await messagesOf(only(events, 'session').session.id);
    expect(stored.map((m) => [m.role, m.content, m.incomplete])).toEqual([
      ['user', 'Cut me off', false],
      ['assistant', 'one two three ', true],
    ]);
  });

  it('finishes and saves the reply when the browser disconnects mid-stream', async () => {
    env.openai.script({ match: streamedCalls, text: 'a b c d e f g h', tokenDelayMs: 40 });
    const turn = await sendTurn(env.sut, { agentType: AGENT, content: 'I will leave early' });
    const session = await readToFirstToken(turn.events());
    turn.disconnect();

    const saved = await eventually(
      async () => (await messagesOf(session.id)).find((m) => m.role === 'assistant'),
      'the saved reply',
    );
    expect(saved).toMatchObject({ content: 'a b c d e f g h', incomplete: false });
    expect(env.openai.abortedByClient).toBe(0);
  });

  it('stops on request: the upstream call is aborted and what arrived is kept', async () => {
    env.openai.script({ match: streamedCalls, text: 'w1 w2 w3 w4 w5 w6 w7 w8 w9 w10', tokenDelayMs: 150 });
    const turn = await sendTurn(env.sut, { agentType: AGENT, content: 'Stop me' });
    const events = turn.events();
    const collected = [];
    let sessionId = '';
    for await (const event of events) {
      collected.push(event);
      if (event.type === 'session') sessionId = event.session.id;
      if (event.type === 'token' && collected.filter((e) => e.type === 'token').length === 2) {
        const stop = await (await env.sut.authorized()).post(`/api/chat/sessions/${sessionId}/turn/stop`).expect(200);
        expect(stop.body).toEqual({ stopped: true });
      }
    }
    const stopped = only(collected, 'stopped');
    expect(env.openai.abortedByClient).toBe(1);
    expect(stopped.message).toMatchObject({ incomplete: true, content: replyText(collected) });
    expect(replyText(collected).split(' ').length).toBeLessThan(10);
    const stored = await messagesOf(sessionId);
    expect(stored.at(-1)).toMatchObject({ role: 'assistant', incomplete: true, content: replyText(collected) });
  });

  it('answers stop with stopped: false when no reply is in progress', async () => {
    const events = await (await sendTurn(env.sut, { agentType: AGENT, content: 'Quick one' })).all();
    const res = await (
      await env.sut.authorized()
    )
      .post(`/api/chat/sessions/${only(events, 'session').session.id}/turn/stop`)
      .expect(200);
    expect(res.body).toEqual({ stopped: false });
  });

  it('lets a reloaded page re-attach to a reply in progress: the text so far, then the rest', async () => {
    env.openai.script({ match: streamedCalls, text: 'r1 r2 r3 r4 r5 r6', tokenDelayMs: 60 });
    const turn = await sendTurn(env.sut, { agentType: AGENT, content: 'Reload during the reply' });
    const session = await readToFirstToken(turn.events());
    turn.disconnect();

    const resumed = await (await openStream(env.sut, 'GET', `/api/chat/sessions/${session.id}/turn`)).all();
    const snapshot = resumed[0];
    if (snapshot.type !== 'snapshot') throw new Error('a re-attached stream starts with a snapshot');
    expect(snapshot.text + replyText(resumed)).toBe('r1 r2 r3 r4 r5 r6');
    expect(only(resumed, 'done').message.content).toBe('r1 r2 r3 r4 r5 r6');
    const idle = await openStream(env.sut, 'GET', `/api/chat/sessions/${session.id}/turn`);
    expect(idle.status).toBe(204);
  });

  it('refuses a second turn in the same session while a reply is being written', async () => {
    env.openai.script({ match: streamedCalls, text: 'slow reply here', tokenDelayMs: 100 });
    const first = await sendTurn(env.sut, { agentType: AGENT, content: 'First' });
    const events = first.events();
    const session = await readToFirstToken(events);

    const second = await sendTurn(env.sut, { agentType: AGENT, sessionId: session.id, content: 'Second' });
    expect(second.status).toBe(409);
    expect(second.error?.code).toBe('CONFLICT');
    for await (const _event of events);
    expect((await messagesOf(session.id)).map((m) => m.content)).toEqual(['First', 'slow reply here']);
  });

  it('takes one of several messages sent to a chat at once and refuses the others with 409, orders kept consecutive', async () => {
    const opened = await (await sendTurn(env.sut, { agentType: AGENT, content: 'Opening' })).all();
    const sessionId = only(opened, 'session').session.id;
    env.openai.script({ match: streamedCalls, text: 'the one reply', tokenDelayMs: 50 });

    const racing = await Promise.all(
      ['A', 'B', 'C', 'D'].map((content) => sendTurn(env.sut, { agentType: AGENT, sessionId, content })),
    );
    expect(racing.map((turn) => turn.status).sort()).toEqual([200, 409, 409, 409]);
    await racing.find((turn) => turn.status === 200)!.all();
    const stored = await messagesOf(sessionId);
    expect(stored.map((m) => m.order)).toEqual([0, 1, 2, 3]);
    expect(stored.at(-1)).toMatchObject({ role: 'assistant', content: 'the one reply' });
  });

  it('opens many turns at once in new and existing chats, each with its own outcome when one chat is busy', async () => {
    const existing: string[] = [];
    for (const content of ['One', 'Two', 'Three'])
      existing.push(only(await (await sendTurn(env.sut, { agentType: AGENT, content })).all(), 'session').session.id);
    // Its last two tokens take 3 s: the chat stays busy however long the ten turns below take to open.
    env.openai.script({ match: streamedCalls, text: 'still writing here', tokenDelayMs: 1500 });
    const busy = (await sendTurn(env.sut, { agentType: AGENT, content: 'Busy' })).events();
    const busyId = (await readToFirstToken(busy)).id;

    const turns = await Promise.all([
      ...['N1', 'N2', 'N3', 'N4', 'N5', 'N6'].map((content) => sendTurn(env.sut, { agentType: AGENT, content })),
      ...existing.map((sessionId) => sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'Again' })),
      sendTurn(env.sut, { agentType: AGENT, sessionId: busyId, content: 'While busy' }),
    ]);
    expect(turns.map((turn) => turn.status)).toEqual([...Array<number>(9).fill(200), 409]);
    const sessions = await Promise.all(
      turns.slice(0, 9).map(async (turn) => only(await turn.all(), 'session').session.id),
    );
    for (const sessionId of sessions.slice(0, 6))
      expect((await messagesOf(sessionId)).map((m) => [m.order, m.role])).toEqual([
        [0, 'user'],
        [1, 'assistant'],
      ]);
    for (const sessionId of existing)
      expect((await messagesOf(sessionId)).map((m) => [m.order, m.role, m.incomplete]).slice(2)).toEqual([
        [2, 'user', false],
        [3, 'assistant', false],
      ]);
    for await (const _event of busy);
    expect((await messagesOf(busyId)).map((m) => m.content)).toEqual(['Busy', 'still writing here']);

    // With no chat busy, existing chats share one statement too.
    const again = await Promise.all(
      existing.map((sessionId) => sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'Once more' })),
    );
    await Promise.all(again.map((turn) => turn.all()));
    for (const sessionId of existing)
      expect((await messagesOf(sessionId)).map((m) => [m.order, m.role]).slice(4)).toEqual([
        [4, 'user'],
        [5, 'assistant'],
      ]);
  });

  it('refuses an unknown agent, a session of another agent and a missing session before saving anything', async () => {
    const unknown = await sendTurn(env.sut, { agentType: 'no-such-agent', content: 'Hi' });
    expect([unknown.status, unknown.error?.code]).toEqual([400, 'VALIDATION_FAILED']);

    const events = await (await sendTurn(env.sut, { agentType: AGENT, content: 'Mine' })).all();
    const other = await sendTurn(env.sut, {
      agentType: OTHER_AGENT,
      sessionId: only(events, 'session').session.id,
      content: 'Yours?',
    });
    expect([other.status, other.error?.message]).toEqual([
      400,
      expect.stringContaining(`belongs to the agent "${AGENT}"`),
    ]);

    const missing = await sendTurn(env.sut, {
      agentType: AGENT,
      sessionId: '00000000-0000-4000-8000-000000000000',
      content: 'Hi',
    });
    expect(missing.status).toBe(404);
    expect(await messagesOf(only(events, 'session').session.id)).toHaveLength(2);
  });

  it("saves the agent's empty-reply text when the model answers nothing, and reports an error for agents without one", async () => {
    env.openai.script({ match: streamedCalls, text: '' }, { match: streamedCalls, text: '   ' });
    const withText = await (await sendTurn(env.sut, { agentType: 'empty-reply-text', content: 'Say nothing' })).all();
    const without = await (await sendTurn(env.sut, { agentType: AGENT, content: 'Say nothing' })).all();

    expect(only(withText, 'done').message.content).toBe('The model had nothing to say; please ask again.');
    expect(fixtureAgent(AGENT).conversation.emptyReply).toBeUndefined();
    expect(only(without, 'error')).toMatchObject({ code: 'UPSTREAM_ERROR', partial: null });
  });

  it('needs access', async () => {
    const res = await env.sut.anonymous().post('/api/chat/turns').send({ agentType: AGENT, content: 'Hi' });
    expect(res.status).toBe(401);
    expect(env.openai.streamedRequests()).toHaveLength(0);
  });
});

describe("Streaming turns on the server's clock", () => {
  /** Long past, so a time the system clock gave instead stands out. */
  const env = conversationAppPerSuite({ clock: new SteppingClock(Date.UTC(2001, 0, 1)) });
  const inClockTime = expect.stringMatching(/^2001-01-01T00:00:00\.0\d\dZ$/);

  const sessionOf = async (id: string) => (await (await env.sut.authorized()).get(`/api/chat/sessions/${id}`)).body;

  it("stores a new chat, its message and its reply, and a regenerated version, at the clock's instants", async () => {
    const events = await (await sendTurn(env.sut, { agentType: AGENT, content: 'Vapor barrier?' })).all();
    const { session } = only(events, 'session');
    const user = only(events, 'user-message').message;
    const reply = only(events, 'done').message;
    expect([session.createdAt, user.createdAt, reply.createdAt]).toEqual([
      inClockTime,
      session.createdAt,
      session.createdAt,
    ]);
    // Finishing the reply touches the chat, by the clock too.
    const finished = await sessionOf(session.id);
    expect(finished.updatedAt).toEqual(inClockTime);
    expect(finished.updatedAt > session.createdAt).toBe(true);

    const again = await (await openStream(env.sut, 'POST', `/api/chat/sessions/${session.id}/regenerate`)).all();
    const version = only(again, 'user-message').message;
    expect(version.createdAt).toEqual(inClockTime);
    expect(version.createdAt > finished.updatedAt).toBe(true);
    expect((await sessionOf(session.id)).updatedAt > version.createdAt).toBe(true);
  });
});

describe('Streaming turns at shutdown', () => {
  it('stops the replies in progress and saves what arrived before the database closes', async () => {
    const env = await startConversationApp();
    env.openai.script({ match: streamedCalls, text: 'one two three four five six seven eight', tokenDelayMs: 200 });
    const turn = await sendTurn(env.sut, { agentType: AGENT, content: 'Shutting down soon' });
    const events = turn.events();
    await readToFirstToken(events);

    const closing = env.close();
    const rest = [];
    for await (const event of events) rest.push(event);
    await closing;

    const stopped = only(rest, 'stopped');
    expect(stopped.message).toMatchObject({
      role: 'assistant',
      incomplete: true,
      order: 1,
      content: expect.stringMatching(/^one /),
    });
  });
});
