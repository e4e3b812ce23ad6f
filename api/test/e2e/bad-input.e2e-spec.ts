import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import type { ErrorCode } from '@mb/contracts/types/wire/error-code';
import { agentIdsIn } from '../support/fixture-agents';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Bad input on every route that reads a body, a path parameter or a query parameter: always a 4xx
 * with the error body `{statusCode, code, message, details?}`, a readable message, no stack trace,
 * and nothing stored.
 */

const STACK_TRACE = /\bat \S+ \(/;
const UNKNOWN_ID = '6f1c2a4e-9b7d-4c3e-8a1f-0d2b3c4e5f60';
const OVER_BODY_LIMIT = 600 * 1024; // the limit is 512kb
/** A fixture agent; bad input is refused the same way whatever the agent does. */
const AGENT = 'completions-only';
const OTHER_AGENT = 'tuned-model';
/** Matches a message that names every fixture agent among the known ones, in any order. */
const NAMES_EVERY_AGENT = agentIdsIn()
  .map((id) => `(?=.*[ (]${id}[,)])`)
  .join('');

/** The exact status and code, a readable message (optionally naming something), and no internals. */
function expectError(res: Response, status: number, code: ErrorCode, mentions?: string | RegExp): void {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.body as { statusCode: number; code: string; message: string; details?: unknown };
  expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['code', 'message', 'statusCode']));
  expect(Object.keys(body).every((key) => ['statusCode', 'code', 'message', 'details'].includes(key))).toBe(true);
  expect(body.statusCode).toBe(status);
  expect(typeof body.message).toBe('string');
  expect(body.message).toMatch(/^[A-Z]/);
  expect(body.message.length).toBeGreaterThanOrEqual(10);
  expect(body.message).not.toMatch(/\n|\[object Object\]|undefined|Error:|Exception/);
  if (body.details !== undefined) {
    expect(Array.isArray(body.details)).toBe(true);
    for (const detail of body.details as unknown[]) {
      expect(typeof detail).toBe('string');
      expect(body.message).toContain(detail);
    }
  }
  if (mentions !== undefined) expect(body.message).toMatch(mentions);
  expect(JSON.stringify(body)).not.toMatch(STACK_TRACE);
  expect(JSON.stringify(body)).not.toMatch(/node_modules|\/src\/|\.ts:\d+/);
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** A route that reads a JSON body; `path` may depend on the fixture session. */
interface BodyRoute {
  route: string;
  path: () => string;
  /** A body this route accepts, used where only the encoding is wrong. */
  valid: () => Record<string, unknown>;
  /** The field named when the body is empty. */
  required: string;
}

describe('Bad input (e2e)', () => {
  let sut: TestApp;
  let client: TestAgent;
  /** A session with one message (order 0) that every bad request must leave alone. */
  let existing: { id: string };

  const counts = async () => {
    const db = sut.app.get(DataSource);
    const [{ sessions }] = await db.query('SELECT count(*)::int AS sessions FROM chat_sessions');
    const [{ messages }] = await db.query('SELECT count(*)::int AS messages FROM chat_messages');
    return { sessions: sessions as number, messages: messages as number };
  };

  /** Runs a bad request and checks that no session or message was created, changed count or was deleted. */
  const nothingStored = async (send: () => Promise<Response>): Promise<Response> => {
    const before = await counts();
    const res = await send();
    expect(await counts()).toEqual(before);
    return res;
  };

  const sendRaw = (method: 'post' | 'get', path: string, raw: string, contentType = 'application/json') =>
    client[method](path).set('Content-Type', contentType).send(raw);

  const bodyRoutes: BodyRoute[] = [
    {
      route: 'POST /api/auth/grant-access',
      path: () => '/api/auth/grant-access',
      valid: () => ({ passcode: 'not-the-code' }),
      required: 'passcode',
    },
    {
      route: 'POST /api/chat/sessions',
      path: () => '/api/chat/sessions',
      valid: () => ({ agentType: AGENT, title: 'Valid' }),
      required: 'agentType',
    },
    {
      route: 'POST /api/chat/sessions/:id/messages',
      path: () => `/api/chat/sessions/${existing.id}/messages`,
      valid: () => ({ role: 'user', content: 'Valid' }),
      required: 'content',
    },
  ];

  beforeAll(async () => {
    sut = await startTestApp();
    client = await sut.authorized();
    existing = (await client.post('/api/chat/sessions').send({ agentType: AGENT, title: 'Fixture' }).expect(201)).body;
    await client.post(`/api/chat/sessions/${existing.id}/messages`).send({ content: 'Fixture message' }).expect(201);
  });
  afterAll(() => sut.close());

  afterEach(async () => {
    // Whatever a test sent, the fixture is untouched.
    await client.get(`/api/chat/sessions/${existing.id}`).expect(200);
    const messages = (await client.get(`/api/chat/sessions/${existing.id}/messages`).expect(200)).body;
    expect(messages).toEqual([expect.objectContaining({ order: 0, content: 'Fixture message' })]);
  });

  describe('malformed JSON', () => {
    const samples = [
      ['an unterminated object', `{"content": "hi", "agentType": "${AGENT}"`],
      ['single quotes', "{'content': 'hi'}"],
      ['a trailing comma', '{"content": "hi",}'],
      ['unquoted keys', '{content: "hi"}'],
      ['plain words', 'not json at all'],
      ['two objects', '{"a": 1}{"b": 2}'],
      ['a bad escape', '{"content": "\\x41"}'],
      ['a lone brace', '{'],
    ];
    const cases = bodyRoutes.flatMap((r) => samples.map(([what, raw]) => [r.route, what, r, raw] as const));

    it.each(cases)('%s: answers 400 MALFORMED_JSON for %s', async (_route, _what, route, raw) => {
      const res = await nothingStored(() => sendRaw('post', route.path(), raw));

      expectError(res, 400, 'MALFORMED_JSON', /JSON/);
    });
  });

  describe('JSON of the wrong shape', () => {
    it.each(bodyRoutes.map((r) => [r.route, r] as const))(
      '%s: answers 400 naming the body for an array body',
      async (_route, route) => {
        for (const raw of ['[]', JSON.stringify([route.valid()])]) {
          const res = await nothingStored(() => sendRaw('post', route.path(), raw));

          expectError(res, 400, 'VALIDATION_FAILED', /body must be object/);
        }
      },
    );

    it.each(bodyRoutes.map((r) => [r.route, r] as const))(
      '%s: answers 400 VALIDATION_FAILED "body must be object" for a JSON string, null, number or boolean body',
      async (_route, route) => {
        for (const raw of ['"x"', 'null', '42', 'true']) {
          const res = await nothingStored(() => sendRaw('post', route.path(), raw));

          expectError(res, 400, 'VALIDATION_FAILED', /body must be object/);
        }
      },
    );

    it.each(bodyRoutes.map((r) => [r.route, r.required, r] as const))(
      '%s: answers 400 naming the required field %s for an empty body',
      async (_route, required, route) => {
        const empty = await nothingStored(() => client.post(route.path()).set('Content-Type', 'application/json'));
        expectError(empty, 400, 'VALIDATION_FAILED', new RegExp(`${required} is required`));

        const emptyObject = await nothingStored(() => client.post(route.path()).send({}));
        expectError(emptyObject, 400, 'VALIDATION_FAILED', new RegExp(`${required} is required`));
      },
    );
  });

  describe('wrong field types and unknown fields', () => {
    it.each([
      ['a number passcode', { passcode: 1 }, /passcode must be string/],
      ['a null passcode', { passcode: null }, /passcode must be string/],
      ['an array passcode', { passcode: ['Correct-Horse-42'] }, /passcode must be string/],
      ['an empty passcode', { passcode: '' }, /passcode/],
      ['a passcode over 200 characters', { passcode: 'x'.repeat(201) }, /passcode/],
      ['granted: true alone', { granted: true }, /passcode is required/],
      ['a string granted', { passcode: 'x', granted: 'yes' }, /granted must be boolean/],
      ['an unknown field', { passcode: 'x', admin: true }, /admin is not an allowed property/],
    ])(
      'POST /api/auth/grant-access: answers 400 for %s, naming the field, and sets no cookie',
      async (_case, body, mentions) => {
        const res = await sut.anonymous().post('/api/auth/grant-access').send(body);

        expectError(res, 400, 'VALIDATION_FAILED', mentions);
        expect(res.headers['set-cookie']).toBeUndefined();
      },
    );

    it.each([
      ['no agentType', { title: 'x' }, /agentType is required/],
      ['a number agentType', { agentType: 1 }, /agentType must be string/],
      ['a null agentType', { agentType: null }, /agentType must be string/],
      ['an empty agentType', { agentType: '' }, /agentType/],
      ['an agentType over 64 characters', { agentType: 'a'.repeat(65) }, /agentType/],
      [
        'an unknown agentType',
        { agentType: 'chef' },
        new RegExp(`^${NAMES_EVERY_AGENT}.*agentType "chef" is not a known agent \\(known: `),
      ],
      [
        'an agentType in another letter case',
        { agentType: AGENT.toUpperCase() },
        new RegExp(`agentType "${AGENT.toUpperCase()}" is not a known agent`),
      ],
      ['a number title', { agentType: AGENT, title: 2 }, /title must be string/],
      ['a null title', { agentType: AGENT, title: null }, /title must be string/],
      [
        'a title over 200 characters',
        { agentType: AGENT, title: 'x'.repeat(201) },
        /title must NOT have more than 200 characters/,
      ],
      ['an object systemPrompt', { agentType: AGENT, systemPrompt: {} }, /systemPrompt must be string,null/],
      [
        'a systemPrompt over 100000 characters',
        { agentType: AGENT, systemPrompt: 'x'.repeat(100_001) },
        /systemPrompt/,
      ],
      ['an array summary', { agentType: AGENT, summary: [] }, /summary must be string,null/],
      ['a summary over 10000 characters', { agentType: AGENT, summary: 'x'.repeat(10_001) }, /summary/],
      ['an id', { agentType: AGENT, id: UNKNOWN_ID }, /id is not an allowed property/],
      [
        'a createdAt',
        { agentType: AGENT, createdAt: '2020-01-01T00:00:00.000Z' },
        /createdAt is not an allowed property/,
      ],
    ])('POST /api/chat/sessions: answers 400 for %s, naming the field', async (_case, body, mentions) => {
      const res = await nothingStored(() => client.post('/api/chat/sessions').send(body));

      expectError(res, 400, 'VALIDATION_FAILED', mentions);
    });

    it('POST /api/chat/sessions: names every wrong field at once', async () => {
      const res = await nothingStored(() =>
        client.post('/api/chat/sessions').send({ agentType: 7, title: [], extra: 1 }),
      );

      expectError(res, 400, 'VALIDATION_FAILED');
      for (const field of ['agentType', 'title', 'extra']) expect(res.body.message).toContain(field);
      expect(res.body.details).toHaveLength(3);
    });

    it.each([
      ['no content', { role: 'user' }, /content is required/],
      ['a null content', { content: null }, /content must be/],
      ['an empty content', { content: '' }, /content must not be empty/],
      ['a whitespace content', { content: ' \n\t ' }, /content must not be empty/],
      [
        'a content over 100000 characters',
        { content: 'x'.repeat(100_001) },
        /content must be at most 100000 characters/,
      ],
      [
        'an object content whose text is over 100000 characters',
        { content: { text: 'x'.repeat(100_000) } },
        /content must be at most 100000/,
      ],
      ['a negative order', { content: 'x', order: -1 }, /order must be >= 0/],
      ['a fractional order', { content: 'x', order: 1.5 }, /order must be integer/],
      ['a string order', { content: 'x', order: '1' }, /order must be integer/],
      ['a null order', { content: 'x', order: null }, /order must be integer/],
      ['a boolean order', { content: 'x', order: true }, /order must be integer/],
      ['an order above the ceiling of 1000000', { content: 'x', order: 1_000_001 }, /order must be <= 1000000/],
      ['an order beyond 32 bits', { content: 'x', order: 2 ** 31 }, /order must be <= 1000000/],
      ['an order beyond safe integers', { content: 'x', order: 2 ** 60 }, /order must be <= 1000000/],
      ['an id', { content: 'x', id: '1' }, /id is not an allowed property/],
      ['a sessionId', { content: 'x', sessionId: UNKNOWN_ID }, /sessionId is not an allowed property/],
      ['a createdAt', { content: 'x', createdAt: '2020-01-01T00:00:00.000Z' }, /createdAt is not an allowed property/],
    ])('POST /api/chat/sessions/:id/messages: answers 400 for %s, naming the field', async (_case, body, mentions) => {
      const res = await nothingStored(() => client.post(`/api/chat/sessions/${existing.id}/messages`).send(body));

      expectError(res, 400, 'VALIDATION_FAILED', mentions);
    });
  });

  describe('oversize bodies', () => {
    it.each(bodyRoutes.map((r) => [r.route, r] as const))(
      '%s: answers 413 PAYLOAD_TOO_LARGE for a body over 512kb',
      async (_route, route) => {
        const body = { ...route.valid(), padding: 'x'.repeat(OVER_BODY_LIMIT) };

        const res = await nothingStored(() => client.post(route.path()).send(body));

        expectError(res, 413, 'PAYLOAD_TOO_LARGE', /512kb/);
      },
    );

    it('answers 413 for an oversize body even when it is not valid JSON', async () => {
      const res = await nothingStored(() => sendRaw('post', '/api/chat/sessions', `{${'x'.repeat(OVER_BODY_LIMIT)}`));

      expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    });
  });

  describe('bodies that are not JSON', () => {
    const kinds: Array<[string, (route: BodyRoute) => Promise<Response>]> = [
      ['text/plain', (r) => client.post(r.path()).set('Content-Type', 'text/plain').send(JSON.stringify(r.valid()))],
      [
        'application/x-www-form-urlencoded',
        (r) =>
          client
            .post(r.path())
            .type('form')
            .send(new URLSearchParams(r.valid() as Record<string, string>).toString()),
      ],
      [
        'multipart/form-data',
        (r) => Object.entries(r.valid()).reduce((req, [k, v]) => req.field(k, String(v)), client.post(r.path())),
      ],
      [
        'application/xml',
        (r) => client.post(r.path()).set('Content-Type', 'application/xml').send('<content>hi</content>'),
      ],
      ['no Content-Type', (r) => client.post(r.path()).set('Content-Type', '').send(JSON.stringify(r.valid()))],
    ];
    const cases = bodyRoutes.flatMap((r) => kinds.map(([kind, send]) => [r.route, kind, r, send] as const));

    it.each(cases)('%s: answers 415 UNSUPPORTED_MEDIA_TYPE for %s', async (_route, _kind, route, send) => {
      const res = await nothingStored(() => send(route));

      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', /JSON/);
    });

    it('answers 415 UNSUPPORTED_MEDIA_TYPE for JSON in an unsupported charset', async () => {
      const res = await nothingStored(() =>
        sendRaw(
          'post',
          '/api/chat/sessions',
          JSON.stringify({ agentType: AGENT }),
          'application/json; charset=iso-8859-1',
        ),
      );

      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', /charset/i);
      expect(res.body.message).not.toContain('charset.unsupported');
    });

    it('answers 415 UNSUPPORTED_MEDIA_TYPE for a body in an unsupported Content-Encoding', async () => {
      const res = await nothingStored(() =>
        client
          .post('/api/chat/sessions')
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', 'compress-nonsense')
          .send(JSON.stringify({ agentType: AGENT })),
      );

      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', /encoding/i);
      expect(res.body.message).not.toContain('encoding.unsupported');
    });
  });

  describe('session ids in the path', () => {
    const routes: Array<[string, (id: string) => Promise<Response>]> = [
      ['GET /api/chat/sessions/:id', (id) => client.get(`/api/chat/sessions/${id}`)],
      ['DELETE /api/chat/sessions/:id', (id) => client.delete(`/api/chat/sessions/${id}`)],
      ['GET /api/chat/sessions/:id/messages', (id) => client.get(`/api/chat/sessions/${id}/messages`)],
      [
        'POST /api/chat/sessions/:id/messages',
        (id) => client.post(`/api/chat/sessions/${id}/messages`).send({ content: 'hi' }),
      ],
    ];
    const nonUuids = [
      'abc',
      '12345',
      'not-a-uuid',
      '6f1c2a4e-9b7d-4c3e-8a1f-0d2b3c4e5f6', // one character short
      '6f1c2a4e-9b7d-4c3e-8a1f-0d2b3c4e5f600', // one character long
      '6f1c2a4e9b7d4c3e8a1f0d2b3c4e5f60', // no dashes
      'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
      '------------------------------------',
      encodeURIComponent("1' OR '1'='1"),
      encodeURIComponent('{6f1c2a4e-9b7d-4c3e-8a1f-0d2b3c4e5f60}'),
    ];

    it.each(routes.flatMap(([route, send]) => nonUuids.map((id) => [route, id, send] as const)))(
      '%s: answers 400 for the non-UUID id %s',
      async (_route, id, send) => {
        const res = await nothingStored(() => send(id));

        expectError(res, 400, 'VALIDATION_FAILED', /session id must be a UUID/);
      },
    );

    it.each(routes)('%s: answers 404 NOT_FOUND for an unknown id', async (_route, send) => {
      const res = await nothingStored(() => send(UNKNOWN_ID));

      expectError(res, 404, 'NOT_FOUND', /Chat session was not found/);
    });

    it.each(routes)('%s: answers 404 NOT_FOUND for the nil UUID', async (_route, send) => {
      const res = await nothingStored(() => send('00000000-0000-0000-0000-000000000000'));

      expectError(res, 404, 'NOT_FOUND', /Chat session was not found/);
    });
  });

  describe('agent ids in the path', () => {
    it('answers 200 with the agent for a known id (sanity check for the cases below)', async () => {
      const res = await client.get(`/api/agents/${AGENT}`).expect(200);

      expect(res.body.id).toBe(AGENT);
    });

    it.each([
      'nope',
      AGENT.toUpperCase(),
      `${AGENT}.json`,
      '__proto__',
      'constructor',
      encodeURIComponent('../package.json'),
      'a'.repeat(2000),
    ])('GET /api/agents/:id answers 404 NOT_FOUND for the unknown id %s', async (id) => {
      const res = await client.get(`/api/agents/${id}`);

      expectError(res, 404, 'NOT_FOUND', /was not found/);
    });

    it('GET /api/agents/:id answers 401 ACCESS_REQUIRED without access, before looking at the id', async () => {
      expectError(await sut.anonymous().get(`/api/agents/${AGENT}`), 401, 'ACCESS_REQUIRED');
      expectError(await sut.anonymous().get('/api/agents/nope'), 401, 'ACCESS_REQUIRED');
    });
  });

  describe('query parameters of GET /api/chat/sessions', () => {
    it.each([
      ['0', 'limit=0'],
      ['negative', 'limit=-1'],
      ['fractional', 'limit=1.5'],
      ['not a number', 'limit=abc'],
      ['over the maximum of 200', 'limit=201'],
      ['empty', 'limit='],
      ['given twice', 'limit=1&limit=2'],
    ])('answers 400 naming limit when it is %s', async (_case, query) => {
      const res = await nothingStored(() => client.get(`/api/chat/sessions?${query}`));

      expectError(res, 400, 'VALIDATION_FAILED', /limit must be a whole number from 1 to 200/);
    });

    it.each([
      ['not base64', 'cursor=%25%25%25'],
      ['empty', 'cursor='],
      ['random text', `cursor=${base64url('hello')}`],
      ['without an id', `cursor=${base64url('2020-01-01T00:00:00.000Z|')}`],
      ['with an id that is not a UUID', `cursor=${base64url('2020-01-01T00:00:00.000Z|not-a-uuid')}`],
      ['with a date that is not a date', `cursor=${base64url(`yesterday|${UNKNOWN_ID}`)}`],
      ['too long', `cursor=${'A'.repeat(201)}`],
      ['given twice', `cursor=${base64url(`2020-01-01T00:00:00.000Z|${UNKNOWN_ID}`)}&cursor=x`],
      // Forged cursors that PostgreSQL itself would refuse (they were 500s once).
      [
        'forged with an id of 36 dashes',
        `cursor=${base64url('2020-01-01T00:00:00.000Z|------------------------------------')}`,
      ],
      [
        'forged with an id with misplaced dashes',
        `cursor=${base64url('2020-01-01T00:00:00.000Z|0123456789abcdef0123456789abcdef----')}`,
      ],
      [
        'forged with a date before PostgreSQL timestamps begin',
        `cursor=${base64url(`-100000-01-01T00:00:00.000Z|${UNKNOWN_ID}`)}`,
      ],
      ['forged with a date in year 275760', `cursor=${base64url(`+275760-09-13T00:00:00.000Z|${UNKNOWN_ID}`)}`],
      ['forged with a third part', `cursor=${base64url(`2020-01-01T00:00:00.000Z|${UNKNOWN_ID}|x`)}`],
    ])('answers 400 naming cursor when it is %s', async (_case, query) => {
      const res = await nothingStored(() => client.get(`/api/chat/sessions?${query}`));

      expectError(res, 400, 'VALIDATION_FAILED', /cursor is not one this server issued/);
    });

    it('answers 400 for a NUL character in agentType', async () => {
      const res = await nothingStored(() => client.get('/api/chat/sessions?agentType=agent%00one'));

      expectError(res, 400, 'VALIDATION_FAILED', /NUL/);
    });

    it('answers 400 when agentType is given twice', async () => {
      const res = await nothingStored(() =>
        client.get(`/api/chat/sessions?agentType=${AGENT}&agentType=${OTHER_AGENT}`),
      );

      expectError(res, 400, 'VALIDATION_FAILED', /agentType/);
    });
  });

  describe('query parameters of GET /api/chat/sessions/:id/messages', () => {
    it.each([
      ['0', 'limit=0'],
      ['over the maximum of 1000', 'limit=1001'],
      ['not a number', 'limit=x'],
      ['fractional', 'limit=2.5'],
      ['negative', 'limit=-3'],
      ['empty', 'limit='],
      ['given twice', 'limit=1&limit=2'],
    ])('answers 400 naming limit when it is %s', async (_case, query) => {
      const res = await nothingStored(() => client.get(`/api/chat/sessions/${existing.id}/messages?${query}`));

      expectError(res, 400, 'VALIDATION_FAILED', /limit must be a whole number from 1 to 1000/);
    });

    it.each([
      ['negative', 'before=-1'],
      ['not a number', 'before=abc'],
      ['fractional', 'before=1.5'],
      ['above the order ceiling', 'before=1000002'],
      ['beyond 32 bits', 'before=2147483648'],
      ['far too large', 'before=99999999999'],
      ['empty', 'before='],
      ['given twice', 'before=1&before=2'],
    ])('answers 400 naming before when it is %s', async (_case, query) => {
      const res = await nothingStored(() => client.get(`/api/chat/sessions/${existing.id}/messages?${query}`));

      expectError(res, 400, 'VALIDATION_FAILED', /before must be a message order/);
    });
  });

  describe('values PostgreSQL cannot store', () => {
    it.each([
      [
        'content of a message',
        () => client.post(`/api/chat/sessions/${existing.id}/messages`).send({ content: 'before\u0000after' }),
      ],
      [
        'content of a message given as an object',
        () => client.post(`/api/chat/sessions/${existing.id}/messages`).send({ content: { a: 'x\u0000' } }),
      ],
      [
        'key of an object content',
        () => client.post(`/api/chat/sessions/${existing.id}/messages`).send({ content: { 'a\u0000': 'x' } }),
      ],
      [
        'role of a message',
        () => client.post(`/api/chat/sessions/${existing.id}/messages`).send({ role: 'user\u0000', content: 'x' }),
      ],
      ['title of a session', () => client.post('/api/chat/sessions').send({ agentType: AGENT, title: 'a\u0000b' })],
      [
        'systemPrompt of a session',
        () => client.post('/api/chat/sessions').send({ agentType: AGENT, systemPrompt: 'a\u0000b' }),
      ],
      ['summary of a session', () => client.post('/api/chat/sessions').send({ agentType: AGENT, summary: 'a\u0000b' })],
      ['passcode', () => sut.anonymous().post('/api/auth/grant-access').send({ passcode: 'Correct-Horse-42\u0000' })],
    ])('answers 400, not 500, for a NUL character in the %s', async (_case, send) => {
      const res = await nothingStored(send);

      expectError(res, 400, 'VALIDATION_FAILED', /NUL/);
    });

    it.each(bodyRoutes.map((r) => [r.route, r] as const))(
      '%s: answers 400, not 500, for a body nested 5000 levels deep',
      async (_route, route) => {
        const raw = JSON.stringify({ ...route.valid(), content: 'PLACEHOLDER' }).replace(
          '"PLACEHOLDER"',
          `${'['.repeat(5000)}${']'.repeat(5000)}`,
        );

        const res = await nothingStored(() => sendRaw('post', route.path(), raw));

        expectError(res, 400, 'VALIDATION_FAILED', /nested more than \d+ levels/);
      },
    );

    it('accepts an explicit order at the ceiling of 1000000', async () => {
      const session = (await client.post('/api/chat/sessions').send({ agentType: AGENT, title: 'Ceiling' }).expect(201))
        .body;

      const res = await client
        .post(`/api/chat/sessions/${session.id}/messages`)
        .send({ content: 'last', order: 1_000_000 })
        .expect(201);

      expect(res.body.order).toBe(1_000_000);
    });

    it('refuses with 409 CONFLICT to append past the order ceiling of 1000000, and stores nothing', async () => {
      const session = (await client.post('/api/chat/sessions').send({ agentType: AGENT, title: 'Full' }).expect(201))
        .body;
      await client
        .post(`/api/chat/sessions/${session.id}/messages`)
        .send({ content: 'last', order: 1_000_000 })
        .expect(201);

      const before = await counts();

      const res = await client.post(`/api/chat/sessions/${session.id}/messages`).send({ content: 'one more' });

      expectError(res, 409, 'CONFLICT', /order/);
      expect(await counts()).toEqual(before);
    });

    it('pages back from the ceiling with the cursor it issued', async () => {
      const session = (
        await client.post('/api/chat/sessions').send({ agentType: AGENT, title: 'At the ceiling' }).expect(201)
      ).body;
      await client
        .post(`/api/chat/sessions/${session.id}/messages`)
        .send({ content: 'below the ceiling', order: 999_999 })
        .expect(201);
      await client
        .post(`/api/chat/sessions/${session.id}/messages`)
        .send({ content: 'at the ceiling', order: 1_000_000 })
        .expect(201);
      const last = await client.get(`/api/chat/sessions/${session.id}/messages?limit=1`).expect(200);
      expect(last.headers['x-next-cursor']).toBe('1000000');

      const older = await client
        .get(`/api/chat/sessions/${session.id}/messages?limit=1&before=${last.headers['x-next-cursor']}`)
        .expect(200);

      expect(older.body).toEqual([expect.objectContaining({ content: 'below the ceiling', order: 999_999 })]);
    });
  });
});
