import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { CapturingLogger } from '../support/capturing-logger';
import { startConversationApp, type ConversationApp } from '../support/model-fakes';
import { only, sendTurn } from '../support/turn-client';

const USER_KEY = 'sk-user-own-key-abcdefghijklmnopqrstuvwxyz012345';
const WRONG_KEY = 'sk-user-wrong-key-zyxwvutsrqponmlkjihgfedcba98765';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('Bring-your-own key (X-OpenAI-Key)', () => {
  const logger = new CapturingLogger();
  const answers: string[] = [];
  let env: ConversationApp;

  beforeAll(async () => {
    env = await startConversationApp({ serverKey: false, logger, openai: { acceptedKeys: [USER_KEY] } });
  });
  afterAll(() => env.close());

  /** Every answer body and header is kept, to prove no key is ever echoed. */
  const keep = <T extends { text?: string; headers: Record<string, unknown> }>(res: T): T => {
    answers.push(res.text ?? '', JSON.stringify(res.headers));
    return res;
  };

  it('reports a server without a key in GET /api/settings', async () => {
    const res = keep(await env.sut.anonymous().get('/api/settings').expect(200));
    expect(res.body).toEqual({
      hasOpenAIKey: false,
      clientInitialized: false,
      assistantAPIInitialized: false,
      hasSerperApiKey: true,
    });
  });

  it('refuses a turn with neither a server key nor a user key, before storing anything', async () => {
    const turn = await sendTurn(env.sut, { agentType: 'completions-only', content: 'Hello?' });
    expect([turn.status, turn.error?.code, turn.error?.message]).toEqual([
      503,
      'NO_API_KEY',
      'OpenAI not initiated. Please provide an API key. Try again or check network connection.',
    ]);
    expect((await (await env.sut.authorized()).get('/api/chat/sessions').expect(200)).body).toEqual([]);
    expect(env.openai.requests).toHaveLength(0);
  });

  it('uses the key for that request only', async () => {
    const events = await (
      await sendTurn(env.sut, { agentType: 'completions-only', content: 'With my key' }, { 'X-OpenAI-Key': USER_KEY })
    ).all();
    answers.push(JSON.stringify(events));
    expect(only(events, 'done').message.content).toBe('Echo: With my key');
    expect(env.openai.streamedRequests()[0].headers.authorization).toBe(`Bearer ${USER_KEY}`);

    const sessionId = only(events, 'session').session.id;
    const next = await sendTurn(env.sut, { agentType: 'completions-only', sessionId, content: 'And without it?' });
    expect([next.status, next.error?.code]).toEqual([503, 'NO_API_KEY']);
  });

  it('serves the one-shot calls, summaries and the key check with it', async () => {
    const client = await env.sut.authorized();
    const completion = keep(
      await client
        .post('/api/chat/completions')
        .set('X-OpenAI-Key', USER_KEY)
        .send({ messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect(completion.status).toBe(200);
    const verified = keep(await client.post('/api/openai/verify-key').set('X-OpenAI-Key', USER_KEY));
    expect([verified.status, verified.body]).toEqual([200, { valid: true }]);
    const withoutKey = keep(await client.post('/api/openai/verify-key'));
    expect([withoutKey.status, withoutKey.body.code]).toEqual([503, 'NO_API_KEY']);
  });

  it('reports a refused key as UNAUTHORIZED without repeating it (the upstream answer quotes it)', async () => {
    const client = await env.sut.authorized();
    const verified = keep(await client.post('/api/openai/verify-key').set('X-OpenAI-Key', WRONG_KEY));
    expect([verified.status, verified.body]).toEqual([
      502,
      {
        statusCode: 502,
        code: 'UNAUTHORIZED',
        message: 'Your OpenAI API key appears to be invalid. Please check and try again.',
      },
    ]);
    const completion = keep(
      await client
        .post('/api/chat/completions')
        .set('X-OpenAI-Key', WRONG_KEY)
        .send({ messages: [{ role: 'user', content: 'Hi' }] }),
    );
    expect([completion.status, completion.body.code]).toEqual([502, 'UNAUTHORIZED']);

    const events = await (
      await sendTurn(env.sut, { agentType: 'completions-only', content: 'Wrong key' }, { 'X-OpenAI-Key': WRONG_KEY })
    ).all();
    answers.push(JSON.stringify(events));
    expect(only(events, 'error').code).toBe('UNAUTHORIZED');
  });

  it('refuses a malformed key header without echoing it', async () => {
    const client = await env.sut.authorized();
    const res = keep(await client.post('/api/openai/verify-key').set('X-OpenAI-Key', `${USER_KEY} ${WRONG_KEY}`));
    expect([res.status, res.body.message]).toEqual([
      400,
      'Invalid request: The X-OpenAI-Key header is not a well-formed API key',
    ]);
  });

  it('never stores, logs or echoes a key', async () => {
    await env.openai.idle();
    const db = env.sut.app.get(DataSource);
    const rows: Array<{ row: string }> = await db.query(
      `SELECT row_to_json(s)::text AS row FROM chat_sessions s UNION ALL SELECT row_to_json(m)::text FROM chat_messages m`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const settings = keep(await env.sut.anonymous().get('/api/settings').expect(200));
    expect(settings.body.hasOpenAIKey).toBe(false);

    expect(logger.lines).toContainEqual(
      expect.stringContaining('Model call failed: UNAUTHORIZED (upstream status 401)'),
    );
    for (const key of [USER_KEY, WRONG_KEY]) {
      expect(logger.lines.filter((line) => line.includes(key))).toEqual([]);
      expect(rows.filter(({ row }) => row.includes(key))).toEqual([]);
      expect(answers.filter((answer) => answer.includes(key))).toEqual([]);
      expect(filesUnder(env.sut.dataDir).filter((file) => readFileSync(file).includes(key))).toEqual([]);
    }
  });
});

describe('GET /api/settings with server keys', () => {
  let env: ConversationApp;
  beforeAll(async () => {
    env = await startConversationApp({ searchKey: false });
  });
  afterAll(() => env.close());

  it('reports the server client as ready and search as unavailable', async () => {
    const res = await env.sut.anonymous().get('/api/settings').expect(200);
    expect(res.body).toEqual({
      hasOpenAIKey: true,
      clientInitialized: true,
      assistantAPIInitialized: true,
      hasSerperApiKey: false,
    });
  });

  it('checks the server key when the browser brings none', async () => {
    const res = await (await env.sut.authorized()).post('/api/openai/verify-key').expect(200);
    expect(res.body).toEqual({ valid: true });
    expect(env.openai.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models']);
  });
});
