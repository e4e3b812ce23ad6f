import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import type { SearchResponse } from '@mb/contracts/types/wire/search-response';
import { plainCalls, streamedCalls } from '../fakes/fake-openai';
import { eventually } from '../support/eventually';
import { conversationAppPerSuite } from '../support/model-fakes';
import { only, openStream, readToFirstToken, replyText, sendTurn } from '../support/turn-client';

/** Fixture agents, named for what they exercise. */
const AGENT = 'completions-only';
const UNKNOWN_SESSION = '6f1c2a4e-9b7d-4c3e-8a1f-0d2b3c4e5f60';

describe('Versions of the last exchange: regenerate, edit, choose (e2e)', () => {
  const env = conversationAppPerSuite();

  const client = () => env.sut.authorized();
  const messagesOf = async (sessionId: string): Promise<ChatMessage[]> =>
    (await (await client()).get(`/api/chat/sessions/${sessionId}/messages`).expect(200)).body;
  const shape = (messages: ChatMessage[]) =>
    messages.map((m) => [m.order, m.role, m.content, m.versions ? `${m.versions.chosen}/${m.versions.count}` : '-']);
  const regenerate = (sessionId: string) => openStream(env.sut, 'POST', `/api/chat/sessions/${sessionId}/regenerate`);
  const choose = async (sessionId: string, version: unknown) =>
    (await client()).put(`/api/chat/sessions/${sessionId}/version`).send({ version });
  /** The conversation the model was last asked to answer, without its system prompt. */
  const lastModelConversation = () => env.openai.streamedRequests().at(-1)!.body.messages.slice(1);

  async function chatWith(...contents: string[]): Promise<string> {
    let sessionId: string | undefined;
    for (const content of contents) {
      const events = await (
        await sendTurn(env.sut, { agentType: AGENT, content, ...(sessionId ? { sessionId } : {}) })
      ).all();
      sessionId = only(events, 'session').session.id;
    }
    await env.openai.idle();
    return sessionId!;
  }

  it('regenerates the last reply as version 2, streamed like any turn; the model saw the chosen exchange only', async () => {
    const sessionId = await chatWith('Which wood for a desk?');
    env.openai.script({ match: streamedCalls, text: 'Oak, or walnut if you like it dark.' });
    const turn = await regenerate(sessionId);
    expect(turn.status).toBe(200);
    const events = await turn.all();

    expect(events.map((e) => e.type).join(' ')).toMatch(/^session user-message (token )+done$/);
    expect(replyText(events)).toBe('Oak, or walnut if you like it dark.');
    expect(only(events, 'done').message).toMatchObject({ order: 1, versions: { chosen: 2, count: 2 } });
    expect(only(events, 'user-message').message).toMatchObject({
      order: 0,
      content: 'Which wood for a desk?',
      versions: { chosen: 2, count: 2 },
    });
    expect(lastModelConversation()).toEqual([{ role: 'user', content: 'Which wood for a desk?' }]);
    expect(shape(await messagesOf(sessionId))).toEqual([
      [0, 'user', 'Which wood for a desk?', '2/2'],
      [1, 'assistant', 'Oak, or walnut if you like it dark.', '2/2'],
    ]);
  });

  it('switches versions, keeps the choice for the next listing, and the next turn sends the chosen version', async () => {
    const sessionId = await chatWith('Name a blue paint');
    env.openai.script({ match: streamedCalls, text: 'Hague Blue.' });
    await (await regenerate(sessionId)).all();

    const switched = await choose(sessionId, 1);
    expect(switched.status).toBe(200);
    expect(shape(switched.body)).toEqual([
      [0, 'user', 'Name a blue paint', '1/2'],
      [1, 'assistant', 'Echo: Name a blue paint', '1/2'],
    ]);
    expect(shape(await messagesOf(sessionId))).toEqual(shape(switched.body));

    await (await sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'And a green?' })).all();
    expect(lastModelConversation()).toEqual([
      { role: 'user', content: 'Name a blue paint' },
      { role: 'assistant', content: 'Echo: Name a blue paint' },
      { role: 'user', content: 'And a green?' },
    ]);
    // Once another message is sent, the earlier exchange keeps its choice and shows no versions.
    expect(shape(await messagesOf(sessionId))).toEqual([
      [0, 'user', 'Name a blue paint', '-'],
      [1, 'assistant', 'Echo: Name a blue paint', '-'],
      [2, 'user', 'And a green?', '-'],
      [3, 'assistant', 'Echo: And a green?', '-'],
    ]);
    expect((await choose(sessionId, 2)).status).toBe(404);
  });

  it('edits the last user message: the earlier question and reply are kept as version 1', async () => {
    const sessionId = await chatWith('Hello there', 'How tall is a desk?');
    const [, , question] = await messagesOf(sessionId);
    const events = await (
      await sendTurn(env.sut, {
        agentType: AGENT,
        sessionId,
        content: 'How tall is a standing desk?',
        editOf: question.id,
      })
    ).all();

    expect(only(events, 'done').message).toMatchObject({
      content: 'Echo: How tall is a standing desk?',
      versions: { chosen: 2, count: 2 },
    });
    expect(lastModelConversation()).toEqual([
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: 'Echo: Hello there' },
      { role: 'user', content: 'How tall is a standing desk?' },
    ]);
    expect(shape(await messagesOf(sessionId))).toEqual([
      [0, 'user', 'Hello there', '-'],
      [1, 'assistant', 'Echo: Hello there', '-'],
      [2, 'user', 'How tall is a standing desk?', '2/2'],
      [3, 'assistant', 'Echo: How tall is a standing desk?', '2/2'],
    ]);
    expect(shape((await choose(sessionId, 1)).body)).toEqual([
      [2, 'user', 'How tall is a desk?', '1/2'],
      [3, 'assistant', 'Echo: How tall is a desk?', '1/2'],
    ]);
    // A third version counts on from the versions there are.
    await (await regenerate(sessionId)).all();
    expect(shape(await messagesOf(sessionId)).slice(2)).toEqual([
      [2, 'user', 'How tall is a desk?', '3/3'],
      [3, 'assistant', 'Echo: How tall is a desk?', '3/3'],
    ]);
  });

  it('keeps what arrived when a regenerated reply is stopped', async () => {
    const sessionId = await chatWith('Tell me a long story');
    env.openai.script({ match: streamedCalls, text: 'w1 w2 w3 w4 w5 w6 w7 w8 w9 w10', tokenDelayMs: 150 });
    const turn = await regenerate(sessionId);
    const collected: ChatTurnEvent[] = [];
    for await (const event of turn.events()) {
      collected.push(event);
      if (event.type === 'token' && collected.filter((e) => e.type === 'token').length === 2)
        await (await client()).post(`/api/chat/sessions/${sessionId}/turn/stop`).expect(200);
    }
    const stopped = only(collected, 'stopped');
    expect(stopped.message).toMatchObject({ incomplete: true, versions: { chosen: 2, count: 2 } });
    const [, reply] = await messagesOf(sessionId);
    expect(reply).toMatchObject({ incomplete: true, content: replyText(collected) });
  });

  it('lets a reloaded page re-attach to a regenerated reply in progress', async () => {
    const sessionId = await chatWith('Reload during the regenerate');
    env.openai.script({ match: streamedCalls, text: 'r1 r2 r3 r4 r5 r6', tokenDelayMs: 60 });
    const turn = await regenerate(sessionId);
    await readToFirstToken(turn.events());
    turn.disconnect();

    const resumed = await (await openStream(env.sut, 'GET', `/api/chat/sessions/${sessionId}/turn`)).all();
    const snapshot = resumed[0];
    if (snapshot.type !== 'snapshot') throw new Error('a re-attached stream starts with a snapshot');
    expect(snapshot.text + replyText(resumed)).toBe('r1 r2 r3 r4 r5 r6');
    expect(only(resumed, 'done').message).toMatchObject({
      content: 'r1 r2 r3 r4 r5 r6',
      versions: { chosen: 2, count: 2 },
    });
  });

  it('refuses with 409 while a reply is being written: regenerate, edit and choosing a version', async () => {
    const sessionId = await chatWith('First question');
    // Twenty words 100 ms apart: the reply is still being written while the three requests below are refused.
    const slowReply = Array.from({ length: 20 }, (_, i) => `slow${i}`).join(' ');
    env.openai.script({ match: streamedCalls, text: slowReply, tokenDelayMs: 100 });
    const running = await sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'Second question' });
    const events = running.events();
    await readToFirstToken(events);
    // The user message is saved as the reply starts; the reply's row is still streaming and not listed.
    const [, , question] = await messagesOf(sessionId);

    const again = await regenerate(sessionId);
    expect([again.status, again.error?.code]).toEqual([409, 'CONFLICT']);
    expect(again.error?.message).toMatch(/still being written/);
    const edit = await sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'Changed', editOf: question.id });
    expect(edit.status).toBe(409);
    const chosen = await choose(sessionId, 1);
    expect([chosen.status, chosen.body.code]).toEqual([409, 'CONFLICT']);
    for await (const _event of events);
    expect((await messagesOf(sessionId)).map((m) => m.content)).toEqual([
      'First question',
      'Echo: First question',
      'Second question',
      slowReply,
    ]);
  });

  it('refuses bad input with clear 4xx answers, never 500', async () => {
    const sessionId = await chatWith('One', 'Two');
    const [first, , last] = await messagesOf(sessionId);
    const c = await client();

    const notLast = await sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'Changed', editOf: first.id });
    expect([notLast.status, notLast.error?.code]).toEqual([409, 'CONFLICT']);
    const missing = await sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'Changed', editOf: '999999999' });
    expect([missing.status, missing.error?.code]).toEqual([404, 'NOT_FOUND']);
    const withoutSession = await sendTurn(env.sut, { agentType: AGENT, content: 'Changed', editOf: last.id });
    expect([withoutSession.status, withoutSession.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
    const notAnId = await sendTurn(env.sut, {
      agentType: AGENT,
      sessionId,
      content: 'Changed',
      editOf: 'abc',
    });
    expect([notAnId.status, notAnId.error?.code]).toEqual([400, 'VALIDATION_FAILED']);

    expect((await choose(sessionId, 2)).body.code).toBe('NOT_FOUND');
    expect((await choose(sessionId, 0)).body.code).toBe('VALIDATION_FAILED');
    expect((await choose(sessionId, 'one')).status).toBe(400);
    expect((await choose(sessionId, 1)).status).toBe(200);
    expect((await c.put(`/api/chat/sessions/${UNKNOWN_SESSION}/version`).send({ version: 1 })).status).toBe(404);
    expect((await regenerate(UNKNOWN_SESSION)).status).toBe(404);

    // A chat whose last message has no reply (it failed) has nothing to regenerate.
    env.openai.script({ match: streamedCalls, status: 400, errorMessage: 'refused' });
    await (await sendTurn(env.sut, { agentType: AGENT, sessionId, content: 'Three' })).all();
    const nothing = await regenerate(sessionId);
    expect([nothing.status, nothing.error?.code]).toEqual([409, 'CONFLICT']);
    const empty = (await c.post('/api/chat/sessions').send({ agentType: AGENT }).expect(201)).body;
    expect((await regenerate(empty.id)).status).toBe(409);
    expect((await choose(empty.id, 1)).status).toBe(404);
  });

  it('leaves versions not chosen out of search and export', async () => {
    const sessionId = await chatWith('Which marmalade?');
    env.openai.script({ match: streamedCalls, text: 'Seville orange marmalade, bitter and bright.' });
    await (await regenerate(sessionId)).all();
    const c = await client();
    const search = async (q: string) =>
      ((await c.get('/api/chat/search').query({ q }).expect(200)).body as SearchResponse).results.filter(
        (r) => r.sessionId === sessionId && r.messageId !== null,
      );

    expect(await search('Seville')).toHaveLength(1);
    expect(await search('Echo')).toHaveLength(0);
    const exported = (await c.get(`/api/chat/sessions/${sessionId}/export?format=json`).expect(200)).body as ChatExport;
    expect(exported.messages.map((m) => m.content)).toEqual([
      'Which marmalade?',
      'Seville orange marmalade, bitter and bright.',
    ]);

    await choose(sessionId, 1);
    expect(await search('Seville')).toHaveLength(0);
    expect(await search('Echo')).toHaveLength(1);
    const markdown = (await c.get(`/api/chat/sessions/${sessionId}/export?format=markdown`).expect(200)).text;
    expect(markdown).toContain('Echo: Which marmalade?');
    expect(markdown).not.toContain('Seville');
  });

  it('drops a summary that covered the version left and makes it again from the chosen one', async () => {
    env.openai.script({ match: plainCalls, text: 'About a first summary.' });
    const sessionId = await chatWith('Plan a herb garden');
    const c = await client();
    const summaryOf = async () =>
      ((await c.get(`/api/chat/sessions/${sessionId}`)).body.summary as string | null) ?? undefined;
    expect(await eventually(summaryOf, 'the first summary')).toBe('About a first summary.');

    env.openai.script(
      { match: streamedCalls, text: 'Basil, thyme and mint.' },
      { match: plainCalls, text: 'Herbs: basil, thyme and mint.', latencyMs: 400 },
    );
    await (await regenerate(sessionId)).all();
    // The regenerated reply was written with no memory of the version it replaces.
    expect(env.openai.streamedRequests().at(-1)!.body.messages[0].content).not.toContain('About a first summary.');
    expect((await c.get(`/api/chat/sessions/${sessionId}`)).body.summary).toBeNull();
    expect(await eventually(summaryOf, 'the summary of version 2')).toBe('Herbs: basil, thyme and mint.');
    const summarized = String(env.openai.plainRequests().at(-1)!.body.messages[1].content);
    expect(summarized).toContain('Basil, thyme and mint.');
    expect(summarized).not.toContain('Echo:');

    env.openai.script({ match: plainCalls, text: 'Back to the echo.' });
    await choose(sessionId, 1);
    // Made again in the background, after the answer.
    expect(await eventually(summaryOf, 'the summary of version 1')).toBe('Back to the echo.');
    expect(String(env.openai.plainRequests().at(-1)!.body.messages[1].content)).not.toContain('Basil');
  });

  it('does not keep a summary that was being made from a version left meanwhile', async () => {
    env.openai.script({ match: plainCalls, text: 'Remembers the first reply.', latencyMs: 500 });
    const first = await (await sendTurn(env.sut, { agentType: AGENT, content: 'Pick a lamp' })).all();
    const sessionId = only(first, 'session').session.id;
    env.openai.script(
      { match: streamedCalls, text: 'A brass desk lamp.' },
      { match: plainCalls, text: 'Remembers the brass lamp.', latencyMs: 400 },
    );
    // Regenerated while the first summary is still being made from the first reply.
    await (await regenerate(sessionId)).all();
    const c = await client();
    const seen = new Set<string | null>();
    const summaryOf = async () => {
      const summary = (await c.get(`/api/chat/sessions/${sessionId}`)).body.summary as string | null;
      seen.add(summary);
      return summary === 'Remembers the brass lamp.' ? summary : undefined;
    };
    expect(await eventually(summaryOf, 'the summary of the regenerated reply')).toBe('Remembers the brass lamp.');
    // The summary of the first reply was never stored, not even for a moment.
    expect([...seen]).not.toContain('Remembers the first reply.');
  });

  it('refuses to regenerate or edit into a pasted configuration (it is applied as a new message, never as a version)', async () => {
    const config = JSON.stringify({
      role_description: 'You are terse.',
      domains: [{ title: 'Walls', description: 'Plaster and paint.' }],
      response_guidelines: [{ priority: 'high', content: 'Answer in one line.' }],
    });
    const applied = await (await sendTurn(env.sut, { agentType: 'reconfigurable', content: config })).all();
    const sessionId = only(applied, 'session').session.id;
    const again = await regenerate(sessionId);
    expect([again.status, again.error?.code]).toEqual([409, 'CONFLICT']);

    await (await sendTurn(env.sut, { agentType: 'reconfigurable', sessionId, content: 'Which plaster?' })).all();
    const [, , question] = await messagesOf(sessionId);
    const edit = await sendTurn(env.sut, {
      agentType: 'reconfigurable',
      sessionId,
      content: config,
      editOf: question.id,
    });
    expect([edit.status, edit.error?.code]).toEqual([409, 'CONFLICT']);
    expect((await messagesOf(sessionId)).map((m) => m.content).at(-2)).toBe('Which plaster?');
  });
});
