import type { ChatAttachment } from '@mb/contracts/types/wire/chat-attachment';
import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatTurnEvent } from '@mb/contracts/types/wire/chat-turn-event';
import { houseNotes, JOISTS_PASSAGE } from '../fixtures/files/house-notes';
import { fixtureAgent } from '../support/fixture-agents';
import { conversationAppPerSuite, type ConversationApp } from '../support/model-fakes';
import { only, openStream, sendTurn } from '../support/turn-client';

/** Its model reads WINDOW tokens; nobody told the server, which takes the larger window of its table until refused. */
const AGENT = 'learns-its-window';
const WINDOW = 7500;
const MAX_TOKENS = fixtureAgent(AGENT).model.maxTokens;
const QUESTION = 'What do the notes say about the joists?';
const NOTES = houseNotes();
/** What one line of the notes reads about the joists: present in what the model got when it read the right parts. */
const JOISTS_LINE = JOISTS_PASSAGE.split('\n')[1];

async function uploadNotes(env: ConversationApp): Promise<ChatAttachment> {
  const res = await (
    await env.sut.authorized()
  )
    .post('/api/chat/attachments')
    .query({ agentType: AGENT })
    .attach('file', Buffer.from(NOTES), { filename: 'house-notes.txt', contentType: 'text/plain' });
  expect(res.status).toBe(201);
  return res.body as ChatAttachment;
}

const messagesOf = async (env: ConversationApp, sessionId: string): Promise<ChatMessage[]> =>
  (await (await env.sut.authorized()).get(`/api/chat/sessions/${sessionId}/messages`).expect(200)).body;

const regenerate = (env: ConversationApp, sessionId: string) =>
  openStream(env.sut, 'POST', `/api/chat/sessions/${sessionId}/regenerate`);

/** The streamed calls from the `since`th on: what the model read of the user's message in those it answered (within its window), and how many it refused. */
function calls(env: ConversationApp, since = 0) {
  const streamed = env.openai.streamedRequests().slice(since);
  const fits = (call: (typeof streamed)[number]) => call.promptTokens! + MAX_TOKENS <= WINDOW;
  const lastUserText = (call: (typeof streamed)[number]) =>
    (call.body as { messages: Array<{ role: string; content: string }> }).messages.findLast((m) => m.role === 'user')!
      .content;
  return {
    answered: streamed.filter(fits).map(lastUserText),
    refused: streamed.filter((call) => !fits(call)).length,
  };
}

/** What the chat says was read of the document: the turn's newest user-message event, its reply's details, the stored message. */
async function readingsSaid(env: ConversationApp, events: ChatTurnEvent[]) {
  const sessionId = only(events, 'session').session.id;
  const userEvents = events.filter((event) => event.type === 'user-message');
  const stored = (await messagesOf(env, sessionId)).filter((m) => m.role === 'user').at(-1)!;
  return {
    event: userEvents.at(-1)!.message.attachments?.[0].read,
    reply: only(events, 'done').message.provenance?.attachments?.[0].read,
    stored: stored.attachments?.[0].read,
  };
}

/** The turn is answered from the parts about the joists, within the window, and all the chat says of the reading is that. */
async function expectReadForTheJoists(env: ConversationApp, events: ChatTurnEvent[], since: number) {
  expect(events.at(-1)).toEqual(expect.objectContaining({ type: 'done' }));
  const { answered, refused } = calls(env, since);
  expect({ answered: answered.length, refused }).toEqual({ answered: 1, refused: 1 });
  expect(answered[0]).toContain(JOISTS_LINE);
  const said = await readingsSaid(env, events);
  expect(said.event).toMatch(/^parts [\d, and-]+ of \d+$/);
  expect(said).toEqual({ event: said.event, reply: said.event, stored: said.event });
  expect(answered[0]).toContain(`read="${said.event}"`);
  return said.event!;
}

/** A chat whose first message sent the notes while the model took any length (so it read far more than WINDOW). */
async function chatReadInFull(env: ConversationApp, question: string) {
  const notes = await uploadNotes(env);
  const events = await (
    await sendTurn(env.sut, { agentType: AGENT, content: question, attachments: [notes.id] })
  ).all();
  expect(events.at(-1)?.type).toBe('done');
  expect(env.openai.streamedRequests()[0].promptTokens).toBeGreaterThan(10 * WINDOW);
  const sessionId = only(events, 'session').session.id;
  const [user] = await messagesOf(env, sessionId);
  // From now on the model reads WINDOW tokens, as a server restarted with a smaller context does.
  env.openai.setOptions({ contextWindow: WINDOW });
  return { sessionId, user, since: env.openai.streamedRequests().length };
}

/** About 9,000 tokens of prose: within the window the server assumes, over the one the model has. */
const longTypedText = 'The crawlspace keeps its moisture through the cold months, so the vents matter. '.repeat(600);

describe('A window learned from a refusal: documents are read again by their relevant parts (e2e)', () => {
  describe('a new message with a document', () => {
    const env = conversationAppPerSuite({ openai: { contextWindow: WINDOW } });

    it('is answered from the parts about the question within the window the refusal taught, and the chat says which', async () => {
      const notes = await uploadNotes(env);
      const events = await (
        await sendTurn(env.sut, { agentType: AGENT, content: QUESTION, attachments: [notes.id] })
      ).all();
      await expectReadForTheJoists(env, events, 0);
    });
  });

  describe('a new message with a document, to a model whose tokenizer counts more than ours', () => {
    const env = conversationAppPerSuite({ openai: { contextWindow: WINDOW, tokenScale: 1.3 } });

    it('is answered from the parts about the question within the window as the model counts it', async () => {
      const notes = await uploadNotes(env);
      const events = await (
        await sendTurn(env.sut, { agentType: AGENT, content: QUESTION, attachments: [notes.id] })
      ).all();
      await expectReadForTheJoists(env, events, 0);
    });
  });

  describe('a regenerated reply', () => {
    const env = conversationAppPerSuite();

    it('reads the document again for the smaller window; the first version keeps what it read', async () => {
      const { sessionId, user, since } = await chatReadInFull(env, QUESTION);
      const events = await (await regenerate(env, sessionId)).all();
      const read = await expectReadForTheJoists(env, events, since);
      expect(read).not.toBe(user.attachments![0].read);

      const first = await (
        await env.sut.authorized()
      )
        .put(`/api/chat/sessions/${sessionId}/version`)
        .send({ version: 1 })
        .expect(200);
      expect((first.body as ChatMessage[])[0].attachments![0].read).toBe(user.attachments![0].read);
    });
  });

  describe('a regenerated reply once another chat taught the window', () => {
    const env = conversationAppPerSuite();

    it('reads the document anew for the window known before any call, so the model refuses nothing', async () => {
      const { sessionId } = await chatReadInFull(env, QUESTION);
      const other = await uploadNotes(env);
      await (await sendTurn(env.sut, { agentType: AGENT, content: QUESTION, attachments: [other.id] })).all();

      const since = env.openai.streamedRequests().length;
      const events = await (await regenerate(env, sessionId)).all();
      expect(events.at(-1)).toEqual(expect.objectContaining({ type: 'done' }));
      const { answered, refused } = calls(env, since);
      expect({ answered: answered.length, refused }).toEqual({ answered: 1, refused: 0 });
      expect(answered[0]).toContain(JOISTS_LINE);
      const said = await readingsSaid(env, events);
      expect(said).toEqual({ event: said.event, reply: said.event, stored: said.event });
      expect(answered[0]).toContain(`read="${said.event}"`);
    });
  });

  describe('an edited message', () => {
    const env = conversationAppPerSuite();

    it('reads the document again for the smaller window, by the parts about the edited question', async () => {
      const { sessionId, user, since } = await chatReadInFull(env, 'Which rafters are in the attic?');
      const events = await (
        await sendTurn(env.sut, { agentType: AGENT, sessionId, content: QUESTION, editOf: user.id })
      ).all();
      await expectReadForTheJoists(env, events, since);
    });
  });

  describe('a typed message too long for the window learned, with a document', () => {
    const env = conversationAppPerSuite({ openai: { contextWindow: WINDOW } });

    it('is still MESSAGE_TOO_LONG, said as when the window is known: taken back whole, its file free to send again', async () => {
      const notes = await uploadNotes(env);
      const refused = await (
        await sendTurn(env.sut, { agentType: AGENT, content: longTypedText, attachments: [notes.id] })
      ).all();
      const error = only(refused, 'error');
      expect(error).toMatchObject({ code: 'MESSAGE_TOO_LONG', partial: null, withdrawn: true });
      expect(error.message).toMatch(/^This message leaves no room for its documents .* Shorten the message\.$/);
      const client = await env.sut.authorized();
      await client.get(`/api/chat/sessions/${only(refused, 'session').session.id}/messages`).expect(404);

      // The window now known, the same message is refused before anything is stored, in the same words.
      const again = await sendTurn(env.sut, { agentType: AGENT, content: longTypedText, attachments: [notes.id] });
      expect([again.status, again.error?.message]).toEqual([413, error.message]);

      const since = env.openai.streamedRequests().length;
      const events = await (
        await sendTurn(env.sut, { agentType: AGENT, content: QUESTION, attachments: [notes.id] })
      ).all();
      expect(events.at(-1)?.type).toBe('done');
      expect(calls(env, since).answered[0]).toContain(JOISTS_LINE);
    });
  });

  describe('a regeneration whose message is too long for the window learned', () => {
    const env = conversationAppPerSuite();

    it('is taken back whole: the version it replaced is chosen again, as it was', async () => {
      const first = await (await sendTurn(env.sut, { agentType: AGENT, content: longTypedText })).all();
      const sessionId = only(first, 'session').session.id;
      await (await regenerate(env, sessionId)).all();
      const before = await messagesOf(env, sessionId);
      expect(before.map((m) => m.versions)).toEqual([
        { chosen: 2, count: 2 },
        { chosen: 2, count: 2 },
      ]);

      env.openai.setOptions({ contextWindow: WINDOW });
      const refused = await (await regenerate(env, sessionId)).all();
      expect(only(refused, 'error')).toMatchObject({ code: 'MESSAGE_TOO_LONG', partial: null, withdrawn: true });
      expect(await messagesOf(env, sessionId)).toEqual(before);
    });
  });

  describe('an edit too long for the window learned', () => {
    const env = conversationAppPerSuite();

    it('is taken back whole: the exchange is as it was, with no versions', async () => {
      const first = await (await sendTurn(env.sut, { agentType: AGENT, content: 'How are the vents?' })).all();
      const sessionId = only(first, 'session').session.id;
      const before = await messagesOf(env, sessionId);

      env.openai.setOptions({ contextWindow: WINDOW });
      const refused = await (
        await sendTurn(env.sut, { agentType: AGENT, sessionId, content: longTypedText, editOf: before[0].id })
      ).all();
      expect(only(refused, 'error')).toMatchObject({ code: 'MESSAGE_TOO_LONG', partial: null, withdrawn: true });
      expect(await messagesOf(env, sessionId)).toEqual(before);
      // Nothing half-done: the exchange can be asked again at once.
      env.openai.setOptions({ contextWindow: undefined });
      const again = await (await regenerate(env, sessionId)).all();
      expect(only(again, 'done').message.versions).toEqual({ chosen: 2, count: 2 });
    });
  });
});
