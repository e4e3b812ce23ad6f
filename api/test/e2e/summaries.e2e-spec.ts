import { DataSource } from 'typeorm';
import { BACKGROUND_REFRESHES_AT_ONCE } from '../../src/summaries/session-summaries.service';
import { plainCalls, streamedCalls } from '../fakes/fake-openai';
import { eventually } from '../support/eventually';
import { conversationAppPerSuite } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

describe('Session summaries', () => {
  const env = conversationAppPerSuite();

  async function sessionWith(...contents: string[]): Promise<string> {
    const client = await env.sut.authorized();
    const session = await client.post('/api/chat/sessions').send({ agentType: 'completions-only' }).expect(201);
    for (const content of contents)
      await client.post(`/api/chat/sessions/${session.body.id}/messages`).send({ content }).expect(201);
    return session.body.id;
  }

  it.each([
    ['POST', 'summarize'],
    ['PUT', 'summary'],
  ] as const)('%s /api/chat/sessions/{id}/%s makes the summary with the model and stores it', async (method, path) => {
    const sessionId = await sessionWith('Which teak sideboard fits a 1962 ranch?', 'Low and long, in oiled teak.');
    env.openai.script({ match: plainCalls, text: '  Choosing a teak sideboard for a 1962 ranch.  ' });
    const client = await env.sut.authorized();
    const res = await (
      method === 'POST'
        ? client.post(`/api/chat/sessions/${sessionId}/${path}`)
        : client.put(`/api/chat/sessions/${sessionId}/${path}`)
    ).expect(200);

    expect(res.body).toMatchObject({ id: sessionId, summary: 'Choosing a teak sideboard for a 1962 ranch.' });
    const request = env.openai.plainRequests()[0].body;
    expect(request.messages[0]).toMatchObject({
      role: 'system',
      content: expect.stringContaining('Summarize the conversation'),
    });
    expect(request.messages[1].content).toBe(
      'user: Which teak sideboard fits a 1962 ranch?\n\nuser: Low and long, in oiled teak.',
    );
    const listed = await client.get('/api/chat/sessions?agentType=completions-only').expect(200);
    expect(listed.body.find((s: { id: string }) => s.id === sessionId).summary).toBe(
      'Choosing a teak sideboard for a 1962 ranch.',
    );
  });

  it('keeps the session order: a new summary does not count as an update', async () => {
    const sessionId = await sessionWith('Hello');
    const client = await env.sut.authorized();
    const before = (await client.get(`/api/chat/sessions/${sessionId}`).expect(200)).body.updatedAt;
    await client.post(`/api/chat/sessions/${sessionId}/summarize`).expect(200);
    expect((await client.get(`/api/chat/sessions/${sessionId}`).expect(200)).body.updatedAt).toBe(before);
  });

  it('refuses a chat with no messages, an unknown session and a malformed id', async () => {
    const client = await env.sut.authorized();
    const empty = await sessionWith();
    expect((await client.post(`/api/chat/sessions/${empty}/summarize`)).body).toMatchObject({
      statusCode: 400,
      details: ['this chat has no messages to summarize yet'],
    });
    expect((await client.post('/api/chat/sessions/00000000-0000-4000-8000-000000000000/summarize')).status).toBe(404);
    expect((await client.put('/api/chat/sessions/not-a-uuid/summary')).status).toBe(400);
    expect(env.openai.requests).toHaveLength(0);
  });

  it('reports a model failure with its code and keeps the old summary', async () => {
    const sessionId = await sessionWith('Hello');
    const client = await env.sut.authorized();
    await client.post(`/api/chat/sessions/${sessionId}/summarize`).expect(200);
    env.openai.script({ match: plainCalls, status: 500 });
    const res = await client.post(`/api/chat/sessions/${sessionId}/summarize`);

    expect([res.status, res.body.code]).toEqual([502, 'UPSTREAM_ERROR']);
    expect((await client.get(`/api/chat/sessions/${sessionId}`)).body.summary).toBe('Echo: user: Hello');
  });

  it('refreshes the summary in the background after a streamed reply, without delaying the reply', async () => {
    env.openai.script({ match: plainCalls, text: 'A question about lamps.', latencyMs: 600 });
    const events = await (
      await sendTurn(env.sut, { agentType: 'completions-only', content: 'Which lamps suit a teak desk?' })
    ).all();
    const sessionId = only(events, 'session').session.id;
    const client = await env.sut.authorized();

    expect(only(events, 'done').message.content).toBe('Echo: Which lamps suit a teak desk?');
    // The reply is complete while the summary call is still waiting on the model.
    expect((await client.get(`/api/chat/sessions/${sessionId}`)).body.summary).toBeNull();
    await env.openai.idle();
    // The model has answered; storing its summary comes just after, still in the background.
    const summary = async () =>
      ((await client.get(`/api/chat/sessions/${sessionId}`)).body.summary as string | null) ?? undefined;
    expect(await eventually(summary, 'the stored summary')).toBe('A question about lamps.');
    expect(env.openai.streamedRequests()).toHaveLength(1);
  });

  it('updates a summary from the summary so far and the messages after it, and makes it afresh when nothing is new', async () => {
    const sessionId = await sessionWith('Which teak sideboard fits a 1962 ranch?', 'Low and long, in oiled teak.');
    const client = await env.sut.authorized();
    env.openai.script({ match: plainCalls, text: 'A teak sideboard for a ranch.' });
    await client.post(`/api/chat/sessions/${sessionId}/summarize`).expect(200);
    await client.post(`/api/chat/sessions/${sessionId}/messages`).send({ content: 'And a lamp for it?' }).expect(201);

    env.openai.script({ match: plainCalls, text: 'A teak sideboard and a lamp for a ranch.' });
    const res = await client.post(`/api/chat/sessions/${sessionId}/summarize`).expect(200);
    expect(res.body.summary).toBe('A teak sideboard and a lamp for a ranch.');
    expect(env.openai.plainRequests()[1].body.messages[1].content).toBe(
      'Summary so far: A teak sideboard for a ranch.\n\nNew messages:\n\nuser: And a lamp for it?',
    );

    await client.post(`/api/chat/sessions/${sessionId}/summarize`).expect(200);
    expect(env.openai.plainRequests()[2].body.messages[1].content).toBe(
      'user: Which teak sideboard fits a 1962 ranch?\n\nuser: Low and long, in oiled teak.\n\nuser: And a lamp for it?',
    );
  });

  it('refreshes in the background every few turns, so each message is summarized at most once', async () => {
    let sessionId: string | undefined;
    const contents = Array.from({ length: 30 }, (_, i) => `Question number ${i + 1} about the garden`);
    // A summary that quotes nothing, so a message found in a call was sent in it, not carried in the summary.
    env.openai.script(...Array.from({ length: 30 }, () => ({ match: plainCalls, text: 'Garden plans.' })));
    const db = env.sut.app.get(DataSource);
    for (const content of contents) {
      const events = await (await sendTurn(env.sut, { agentType: 'completions-only', sessionId, content })).all();
      const id = (sessionId = only(events, 'session').session.id);
      const order = only(events, 'done').message.order;
      // The refresh starts after the reply is sent. Once it is done (or was not due) the summary is less than
      // 3 turns (6 messages) behind: the next turn waits for that.
      await eventually(async () => {
        const [row] = await db.query<Array<{ summary: string | null; through: number | null }>>(
          'SELECT summary, summary_through AS through FROM chat_sessions WHERE id = $1',
          [id],
        );
        return row.summary !== null && row.through !== null && order - row.through < 6;
      }, `the summary to catch up with message ${order}`);
      await env.openai.idle();
    }
    const summaryCalls = env.openai.plainRequests().map((call) => String(call.body.messages[1].content));
    expect(summaryCalls.length).toBeGreaterThanOrEqual(5);
    expect(summaryCalls.length).toBeLessThanOrEqual(11);
    for (const content of contents) {
      const seenIn = summaryCalls.filter(
        (call) => call.includes(`user: ${content}\n`) || call.endsWith(`user: ${content}`),
      );
      expect(seenIn.length).toBeLessThanOrEqual(1);
    }
  });

  it('makes the summaries of a burst of new chats a few at a time, and all of them', async () => {
    const CHATS = 10;
    const SUMMARY_LATENCY_MS = 300;
    env.openai.script(
      ...Array.from({ length: CHATS }, () => ({
        match: plainCalls,
        text: 'A burst chat.',
        latencyMs: SUMMARY_LATENCY_MS,
      })),
    );
    const turns = await Promise.all(
      Array.from({ length: CHATS }, (_, i) =>
        sendTurn(env.sut, { agentType: 'completions-only', content: `Burst ${i}` }),
      ),
    );
    const sessionIds = (await Promise.all(turns.map((turn) => turn.all()))).map(
      (events) => only(events, 'session').session.id,
    );
    const client = await env.sut.authorized();
    for (const id of sessionIds)
      await eventually(
        async () => ((await client.get(`/api/chat/sessions/${id}`)).body.summary as string | null) ?? undefined,
        `the summary of chat ${id}`,
        { timeoutMs: 10_000 },
      );

    const arrivals = env.openai
      .plainRequests()
      .map((call) => call.receivedAt)
      .sort((a, b) => a - b);
    expect(arrivals).toHaveLength(CHATS);
    // A summary call waits SUMMARY_LATENCY_MS for its answer, so every call that arrived less than that before
    // another was still open when it came: no more than BACKGROUND_REFRESHES_AT_ONCE at any moment.
    const openAtArrival = arrivals.map(
      (at) => arrivals.filter((other) => other <= at && other > at - (SUMMARY_LATENCY_MS - 50)).length,
    );
    expect(Math.max(...openAtArrival)).toBe(BACKGROUND_REFRESHES_AT_ONCE);
  });

  it('does not refresh the summary after a failed reply', async () => {
    env.openai.script({ match: streamedCalls, status: 400 });
    const events = await (await sendTurn(env.sut, { agentType: 'completions-only', content: 'This will fail' })).all();
    await env.openai.idle();

    expect(only(events, 'error').code).toBe('UPSTREAM_ERROR');
    expect(env.openai.plainRequests()).toHaveLength(0);
  });
});

describe('Session summaries with OPENAI_SUMMARY_MODEL', () => {
  const env = conversationAppPerSuite({ env: { OPENAI_SUMMARY_MODEL: 'cheap-summarizer' } });

  it('are written by the summary model, while replies keep the agent model', async () => {
    const events = await (await sendTurn(env.sut, { agentType: 'completions-only', content: 'Plan a garden' })).all();
    const sessionId = only(events, 'session').session.id;
    await (await env.sut.authorized()).post(`/api/chat/sessions/${sessionId}/summarize`).expect(200);

    expect(env.openai.streamedRequests()[0].body.model).not.toBe('cheap-summarizer');
    expect(env.openai.plainRequests().map((call) => call.body.model)).toContain('cheap-summarizer');
  });
});
