import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import { DataSource } from 'typeorm';
import { conversationAppPerSuite } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

/** Half of an emoji, as a clipboard leaves it when a copy cuts a pair: JSON carries it as the escape \ud83d. */
const HALF = '\ud83d';
const RECONFIGURABLE = 'reconfigurable';
const PLAIN = 'completions-only';
const STAMP = '2025-01-02T03:04:05.000Z';

/** A valid configuration whose role has half a character in it. */
const persona = (role: string): AgentConfig => ({
  role_description: role,
  domains: [{ title: 'Roofs', description: 'Shingles, flashing and gutters.' }],
  response_guidelines: [{ priority: 'high', content: 'Answer briefly.' }],
});

/** A refusal that says where the broken character is and what to do, never "Internal server error". */
function expectRefusal(res: { status: number; body: unknown }, where: string | RegExp): void {
  const body = res.body as { code: string; message: string; details?: string[] };
  expect({ status: res.status, code: body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  expect(body.message).toMatch(where);
  expect(body.message).toContain('half of a character');
  expect(body.message).toContain('copy the text again');
}

const chatExport = (change: (doc: ChatExport) => void = () => undefined): ChatExport => {
  const doc: ChatExport = {
    version: 1,
    exportedAt: STAMP,
    session: {
      title: 'Gutters',
      agentType: PLAIN,
      systemPrompt: null,
      summary: null,
      summaryThrough: null,
      persona: null,
      createdAt: STAMP,
      updatedAt: STAMP,
    },
    messages: [
      {
        role: 'user',
        content: 'How often should I clean gutters?',
        order: 0,
        createdAt: STAMP,
        incomplete: false,
        sources: [],
      },
      {
        role: 'assistant',
        content: 'Twice a year.',
        order: 1,
        createdAt: STAMP,
        incomplete: false,
        sources: [{ title: 'Gutter care', link: 'https://example.com/gutters' }],
        toolCalls: [
          { id: 'call-1', tool: 'calculator', arguments: '{"expression":"2*1"}', status: 'done', result: '2' },
        ],
      },
    ],
  };
  change(doc);
  return doc;
};

describe('Text with half of a character (a lone UTF-16 surrogate) is refused at the edge, never a 500', () => {
  const env = conversationAppPerSuite();

  const counts = async () => {
    const db = env.sut.app.get(DataSource);
    const [row] = await db.query(
      `SELECT (SELECT count(*) FROM chat_sessions)::int AS sessions, (SELECT count(*) FROM chat_messages)::int AS messages,
              (SELECT count(*) FROM chat_persona_history)::int AS personas`,
    );
    return row as { sessions: number; messages: number; personas: number };
  };
  const nothingStored = async <T>(send: () => Promise<T>): Promise<T> => {
    const before = await counts();
    const res = await send();
    expect(await counts()).toEqual(before);
    return res;
  };

  async function reconfigurableChat(): Promise<string> {
    const client = await env.sut.authorized();
    return (
      (await client.post('/api/chat/sessions').send({ agentType: RECONFIGURABLE }).expect(201)).body as {
        id: string;
      }
    ).id;
  }

  it('a persona pasted into the Persona panel (PUT …/persona)', async () => {
    const id = await reconfigurableChat();
    const client = await env.sut.authorized();
    const res = await nothingStored(() =>
      client.put(`/api/chat/sessions/${id}/persona`).send(persona(`You are a roofer ${HALF} who answers briefly.`)),
    );
    expectRefusal(res, /body\.role_description holds half of a character \(\\ud83d, character 18\)/);
    expect((await client.get(`/api/chat/sessions/${id}/persona`).expect(200)).body.isDefault).toBe(true);
  });

  it('a configuration pasted into the composer, whether the half is a character or an escape in the JSON text', async () => {
    // JSON.stringify would write the half as an escape: the pasted text holds the character itself.
    const asCharacter = JSON.stringify(persona('You are a roofer HALF.')).replace('HALF', HALF);
    const refused = await nothingStored(() => sendTurn(env.sut, { agentType: RECONFIGURABLE, content: asCharacter }));
    expectRefusal({ status: refused.status, body: refused.error }, /body\.content holds half of a character/);

    const asEscape = JSON.stringify(persona('You are a roofer HALF.')).replace('HALF', '\\ud83d');
    const escaped = await nothingStored(() => sendTurn(env.sut, { agentType: RECONFIGURABLE, content: asEscape }));
    expectRefusal({ status: escaped.status, body: escaped.error }, /role_description holds half of a character/);
    expect(env.openai.streamedRequests()).toHaveLength(0);
  });

  it.each([
    [
      'its persona',
      (doc: ChatExport) => void (doc.session.persona = persona(`Roofer ${HALF}`)),
      /body\.session\.persona\.role_description/,
    ],
    [
      'a source title',
      (doc: ChatExport) => void (doc.messages[1].sources[0].title = `Gutter ${HALF} care`),
      /body\.messages\[1\]\.sources\[0\]\.title/,
    ],
    [
      'a tool result',
      (doc: ChatExport) => void (doc.messages[1].toolCalls![0].result = `2${HALF}`),
      /body\.messages\[1\]\.toolCalls\[0\]\.result/,
    ],
    [
      'a message',
      (doc: ChatExport) => void (doc.messages[0].content = `Gutters ${HALF}?`),
      /body\.messages\[0\]\.content/,
    ],
    ['its title', (doc: ChatExport) => void (doc.session.title = `Gutters ${HALF}`), /body\.session\.title/],
  ])('an imported chat with half a character in %s', async (_, change, where) => {
    const client = await env.sut.authorized();
    const res = await nothingStored(() => client.post('/api/chat/import').send(chatExport(change)));
    expectRefusal(res, where);
    await client.post('/api/chat/import').send(chatExport()).expect(201);
  });

  it('a chat renamed, or a message stored, with half a character', async () => {
    const client = await env.sut.authorized();
    const { id } = (await client.post('/api/chat/sessions').send({ agentType: PLAIN }).expect(201)).body as {
      id: string;
    };
    expectRefusal(await client.patch(`/api/chat/sessions/${id}`).send({ title: `Roof ${HALF}` }), /body\.title/);
    expectRefusal(
      await nothingStored(() => client.post(`/api/chat/sessions/${id}/messages`).send({ role: 'user', content: HALF })),
      /body\.content/,
    );
  });

  it('an ordinary message sent as a turn', async () => {
    const refused = await nothingStored(() => sendTurn(env.sut, { agentType: PLAIN, content: `Is this ${HALF} ok?` }));
    expectRefusal({ status: refused.status, body: refused.error }, /body\.content/);
    const events = await (await sendTurn(env.sut, { agentType: PLAIN, content: 'And this 😀?' })).all();
    expect(only(events, 'user-message').message.content).toBe('And this 😀?');
  });
});
