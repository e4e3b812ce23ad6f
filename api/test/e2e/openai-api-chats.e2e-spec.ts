import type { ChatMessage } from '@mb/contracts/types/wire/chat-message';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import type { SearchResponse } from '@mb/contracts/types/wire/search-response';
import { streamedCalls } from '../fakes/fake-openai';
import { makeApiKey, openAiClient } from '../support/api-keys';
import { conversationAppPerSuite } from '../support/model-fakes';

const AGENT = 'completions-only';

type Said = { role: 'user' | 'assistant'; content: string };

describe('The OpenAI-compatible API keeps each conversation as a chat (e2e)', () => {
  const env = conversationAppPerSuite();

  const chatsOf = async (keyName: string) => {
    const client = await env.sut.authorized();
    const sessions = (await client.get(`/api/chat/sessions?agentType=${AGENT}&limit=100`).expect(200))
      .body as ChatSession[];
    return sessions.filter((session) => session.apiKeyName === keyName);
  };
  const messagesOf = async (sessionId: string) =>
    (
      (await (await env.sut.authorized()).get(`/api/chat/sessions/${sessionId}/messages`).expect(200))
        .body as ChatMessage[]
    ).map((m) => ({ role: m.role, content: m.content }));

  async function ask(secret: string, messages: Said[], extra: object = {}): Promise<string> {
    env.openai.script({ text: `Reply ${messages.length}.`, match: streamedCalls });
    const completion = await (
      await openAiClient(env.sut, secret)
    ).chat.completions.create({
      model: AGENT,
      messages,
      ...extra,
    });
    return completion.choices[0].message.content!;
  }

  it("goes on the key's chat whose messages the call sends again, and starts another when they differ", async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'scripts' });
    const first = await ask(secret, [{ role: 'user', content: 'Plan a trip to Porto' }]);
    const [chat] = await chatsOf('scripts');
    expect(chat.title).toBe('Plan a trip to Porto');

    const said: Said[] = [
      { role: 'user', content: 'Plan a trip to Porto' },
      { role: 'assistant', content: first },
      { role: 'user', content: 'And Lisbon?' },
    ];
    const second = await ask(secret, said);
    expect(await chatsOf('scripts')).toEqual([expect.objectContaining({ id: chat.id })]);
    expect(await messagesOf(chat.id)).toEqual([...said, { role: 'assistant', content: second }]);
    // The model read the chat as kept: the persona, then the whole conversation.
    expect(env.openai.streamedRequests().at(-1)!.body.messages.slice(1)).toEqual(said);

    // An earlier reply changed by the client: not what the chat holds, so a new chat holds the call's history.
    const edited: Said[] = [said[0], { role: 'assistant', content: 'Something else.' }, said[2]];
    const third = await ask(secret, edited);
    const chats = await chatsOf('scripts');
    expect(chats).toHaveLength(2);
    const other = chats.find((c) => c.id !== chat.id)!;
    expect(await messagesOf(other.id)).toEqual([...edited, { role: 'assistant', content: third }]);
  });

  it('answers first calls sent at once, each kept in a chat of its own', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'at-once' });
    const client = await openAiClient(env.sut, secret);
    const call = () =>
      client.chat.completions.create({ model: AGENT, messages: [{ role: 'user', content: 'Hello there' }] });

    const answers = await Promise.all([call(), call(), call(), call()]);

    expect(answers.map((answer) => answer.choices[0].message.content)).toEqual(Array(4).fill('Echo: Hello there'));
    const chats = await chatsOf('at-once');
    expect(chats).toHaveLength(4);
    for (const chat of chats)
      expect(await messagesOf(chat.id)).toEqual([
        { role: 'user', content: 'Hello there' },
        { role: 'assistant', content: 'Echo: Hello there' },
      ]);
  });

  it('keeps nothing when the call says store: false', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'unkept' });
    const reply = await ask(secret, [{ role: 'user', content: 'Forget me' }], { store: false });
    expect(reply).toBe('Reply 1.');
    expect(await chatsOf('unkept')).toEqual([]);
  });

  it('a kept chat is in the history, found by search, and exported like any chat', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'searchable' });
    await ask(secret, [{ role: 'user', content: 'Tell me about marzipan from Lübeck' }]);
    const [chat] = await chatsOf('searchable');
    const client = await env.sut.authorized();
    const found = (await client.get('/api/chat/search?q=marzipan').expect(200)).body as SearchResponse;
    expect(found.results.map((r) => r.sessionId)).toContain(chat.id);
    const exported = (await client.get(`/api/chat/sessions/${chat.id}/export?format=markdown`).expect(200)).text;
    expect(exported).toContain('Tell me about marzipan from Lübeck');
  });
});
