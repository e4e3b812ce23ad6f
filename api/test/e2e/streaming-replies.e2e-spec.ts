import { DataSource } from 'typeorm';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { streamedCalls } from '../fakes/fake-openai';
import { eventually } from '../support/eventually';
import { conversationAppPerSuite } from '../support/model-fakes';
import { only, openStream, readToFirstToken, replyText, sendTurn } from '../support/turn-client';

/** Fixture agent: plain completions, no empty-reply text. */
const AGENT = 'completions-only';
const CONFLICT_MESSAGE = 'A reply is still being written in this chat. Wait for it or stop it first.';

interface StoredRow {
  id: string;
  role: string;
  content: string;
  order: number;
  incomplete: boolean;
  streaming: boolean;
  owner_id: string | null;
  heartbeat_at: Date | null;
}

describe('Replies stored from their first token (streaming rows, leases, the one-reply-per-chat constraint)', () => {
  // Sweeps often, so a test never waits for the default 5 s; the lease keeps its default of 15 s. The
  // model may pause for seconds between tokens here.
  const env = conversationAppPerSuite({ env: { REPLY_SWEEP_MS: '200', OPENAI_TIMEOUT_MS: '10000' } });

  const db = () => env.sut.app.get(DataSource);
  const rowsOf = (sessionId: string): Promise<StoredRow[]> =>
    db().query(
      `SELECT id, role, content, "order", incomplete, streaming, owner_id, heartbeat_at
       FROM chat_messages WHERE session_id = $1 ORDER BY "order"`,
      [sessionId],
    );
  const messagesOf = async (sessionId: string): Promise<ChatMessage[]> =>
    (await (await env.sut.authorized()).get(`/api/chat/sessions/${sessionId}/messages`).expect(200)).body;

  /** A reply written by some other process: alive or dead, only its lease tells. */
  const insertForeignReply = (sessionId: string, order: number, content: string, heartbeatAgeMs: number) =>
    db().query(
      `INSERT INTO chat_messages (session_id, role, content, "order", created_at, streaming, owner_id, heartbeat_at)
       VALUES ($1, 'assistant', $2, $3, now(), true, 'another-process', now() - $4::int * interval '1 millisecond')`,
      [sessionId, content, order, heartbeatAgeMs],
    );

  /** A finished exchange, so the chat exists with its first two messages (orders 0 and 1). */
  async function finishedChat(content = 'Hello'): Promise<string> {
    const events = await (await sendTurn(env.sut, { agentType: AGENT, content })).all();
    only(events, 'done');
    return only(events, 'session').session.id;
  }

  it('stores the reply as a streaming row, owned and leased, before the model has sent anything', async () => {
    env.openai.script({ match: streamedCalls, text: 'late words', latencyMs: 800 });
    const turn = await sendTurn(env.sut, { agentType: AGENT, content: 'Anyone there?' });
    const events = turn.events();
    const session = (await events.next()).value as Extract<ChatTurnEvent, { type: 'session' }>;
    expect((await events.next()).value?.type).toBe('user-message');

    const [user, reply] = await rowsOf(session.session.id);
    expect(user).toMatchObject({ role: 'user', content: 'Anyone there?', order: 0, streaming: false });
    expect(reply).toMatchObject({ role: 'assistant', content: '', order: 1, streaming: true, incomplete: false });
    expect(reply.owner_id).toEqual(expect.any(String));
    expect(reply.heartbeat_at).toBeInstanceOf(Date);
    // The listing leaves a reply in progress out; re-attaching to the turn shows it.
    expect((await messagesOf(session.session.id)).map((m) => m.role)).toEqual(['user']);
    for await (const _event of events);
  });

  it("checkpoints the reply's text into its row while the model is still sending, then finishes the row", async () => {
    // A pause of 3 s after each token: checkpoints come every second, so one lands in each pause.
    env.openai.script({ match: streamedCalls, text: 'alpha beta gamma', tokenDelayMs: 3000 });
    const turn = await sendTurn(env.sut, { agentType: AGENT, content: 'Take your time' });
    const events = turn.events();
    const session = await readToFirstToken(events);
    const next = events.next();
    let nextArrived = false;
    void next.then(() => (nextArrived = true));

    const checkpointed = await eventually(
      async () => (await rowsOf(session.id)).find((row) => row.role === 'assistant' && row.content === 'alpha '),
      'the checkpoint of the text seen so far',
    );
    expect(nextArrived).toBe(false);
    expect(checkpointed.streaming).toBe(true);
    expect((await next).value).toEqual({ type: 'token', text: 'beta ' });

    const rest: ChatTurnEvent[] = [];
    for await (const event of events) rest.push(event);
    expect(only(rest, 'done').message).toMatchObject({ content: 'alpha beta gamma', incomplete: false });
    const [, reply] = await rowsOf(session.id);
    expect(reply).toMatchObject({
      content: 'alpha beta gamma',
      streaming: false,
      owner_id: null,
      heartbeat_at: null,
    });
  });

  it('renews the lease of a reply every second even while no text arrives', async () => {
    env.openai.script({ match: streamedCalls, text: 'slow start', latencyMs: 4000 });
    const turn = await sendTurn(env.sut, { agentType: AGENT, content: 'Think first' });
    const events = turn.events();
    const session = (await events.next()).value as Extract<ChatTurnEvent, { type: 'session' }>;
    const [, first] = await rowsOf(session.session.id);
    const renewed = await eventually(async () => {
      const [, row] = await rowsOf(session.session.id);
      return row.heartbeat_at!.getTime() > first.heartbeat_at!.getTime() ? row : undefined;
    }, 'a renewed heartbeat');
    expect(renewed).toMatchObject({ content: '', streaming: true });
    expect(env.openai.firstTokenSentAt).toEqual([]);
    for await (const _event of events);
  });

  it('removes a reply that ends without any text instead of keeping it empty', async () => {
    env.openai.script({ match: streamedCalls, text: '' });
    const events = await (await sendTurn(env.sut, { agentType: AGENT, content: 'Say nothing' })).all();
    expect(only(events, 'error')).toMatchObject({ code: 'UPSTREAM_ERROR', partial: null });
    expect((await rowsOf(only(events, 'session').session.id)).map((row) => row.role)).toEqual(['user']);
  });

  it('refuses a second message while a reply streams with 409, storing nothing, and frees the chat when it ends', async () => {
    env.openai.script({ match: streamedCalls, text: 'one two three four', tokenDelayMs: 150 });
    const first = await sendTurn(env.sut, { agentType: AGENT, content: 'First' });
    const events = first.events();
    const session = await readToFirstToken(events);

    const second = await sendTurn(env.sut, { agentType: AGENT, sessionId: session.id, content: 'Second' });
    expect([second.status, second.error?.code, second.error?.message]).toEqual([409, 'CONFLICT', CONFLICT_MESSAGE]);
    expect((await rowsOf(session.id)).map((row) => row.content)).not.toContain('Second');
    for await (const _event of events);

    const third = await (await sendTurn(env.sut, { agentType: AGENT, sessionId: session.id, content: 'Third' })).all();
    expect(only(third, 'done').message.content).toBe('Echo: Third');
  });

  it.each([
    ['alive (renewed 1 s ago)', 1_000],
    ['silent for 10 s, within its lease', 10_000],
  ])(
    'refuses a message with 409 and stores nothing while another process holds a reply in the chat: %s',
    async (_label, heartbeatAgeMs) => {
      const sessionId = await finishedChat();
      await insertForeignReply(sessionId, 2, 'written elsewhere', heartbeatAgeMs);

      const refused = await sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'Me too' });
      expect([refused.status, refused.error?.code, refused.error?.message]).toEqual([
        409,
        'CONFLICT',
        CONFLICT_MESSAGE,
      ]);
      expect((await rowsOf(sessionId)).map((row) => [row.role, row.content])).toEqual([
        ['user', 'Hello'],
        ['assistant', 'Echo: Hello'],
        ['assistant', 'written elsewhere'],
      ]);
      expect(env.openai.streamedRequests()).toHaveLength(1);
    },
  );

  it('marks a reply whose owner has been silent for 16 s interrupted, keeps its text, and the chat goes on', async () => {
    const sessionId = await finishedChat();
    await insertForeignReply(sessionId, 2, 'cut short by a crash', 16_000);

    const interrupted = await eventually(
      async () => (await rowsOf(sessionId)).find((row) => row.order === 2 && !row.streaming),
      'the sweeper',
    );
    expect(interrupted).toMatchObject({ content: 'cut short by a crash', incomplete: true, owner_id: null });
    expect((await messagesOf(sessionId)).at(-1)).toMatchObject({
      role: 'assistant',
      content: 'cut short by a crash',
      incomplete: true,
    });

    const next = await (await sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'Go on' })).all();
    expect(only(next, 'done').message).toMatchObject({ content: 'Echo: Go on', order: 4 });
  });

  it('removes an expired reply that holds no text at all', async () => {
    const sessionId = await finishedChat();
    await insertForeignReply(sessionId, 2, '', 16_000);
    await eventually(async () => (await rowsOf(sessionId)).length === 2, 'the sweeper');
    expect((await rowsOf(sessionId)).map((row) => row.content)).toEqual(['Hello', 'Echo: Hello']);
  });

  it("re-attaches to another process's reply through its checkpoints, to its end; a stop is asked of its owner through the database", async () => {
    const sessionId = await finishedChat();
    await insertForeignReply(sessionId, 2, 'so far', 0);

    const attached = await openStream(env.sut, 'GET', `/api/chat/sessions/${sessionId}/turn`);
    expect(attached.status).toBe(200);
    const events = attached.events();
    expect((await events.next()).value).toEqual({ type: 'snapshot', text: 'so far', sources: [] });

    const stop = await (await env.sut.authorized()).post(`/api/chat/sessions/${sessionId}/turn/stop`).expect(200);
    expect(stop.body).toEqual({ stopped: true });
    // For the owner to read with its next checkpoint.
    const [asked] = await db().query<{ stop_requested: boolean }[]>(
      `SELECT stop_requested FROM chat_messages WHERE session_id = $1 AND streaming`,
      [sessionId],
    );
    expect(asked.stop_requested).toBe(true);

    // What the other process's next checkpoint would write.
    await db().query(
      `UPDATE chat_messages SET content = 'so far, and more', heartbeat_at = now() WHERE session_id = $1 AND streaming`,
      [sessionId],
    );
    expect((await events.next()).value).toEqual({ type: 'token', text: ', and more' });
    await db().query(
      `UPDATE chat_messages SET streaming = false, owner_id = NULL, heartbeat_at = NULL WHERE session_id = $1 AND streaming`,
      [sessionId],
    );
    const rest: ChatTurnEvent[] = [];
    for await (const event of events) rest.push(event);
    expect(rest).toEqual([
      { type: 'done', message: expect.objectContaining({ content: 'so far, and more', order: 2 }) },
    ]);
    expect(replyText(rest)).toBe('');
  });
});
