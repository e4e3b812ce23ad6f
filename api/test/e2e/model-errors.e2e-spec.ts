import type { Response } from 'supertest';
import { MODEL_ERROR_TEXT, type ModelErrorCode } from '../../src/llm/model-failure';
import { plainCalls, type RecordedRequest, type ScriptedReply } from '../fakes/fake-openai';
import {
  SERVER_KEY,
  startConversationApp,
  type ConversationApp,
  type ConversationAppOptions,
} from '../support/model-fakes';
import { freePort } from '../support/server-process';
import { SteppingClock } from '../support/stepping-clock';

/** Words the fake puts in its error bodies: they must never reach the user. */
const UPSTREAM_WORDS = 'upstream internal detail 7f3a9';

const failing = (reply: ScriptedReply): ScriptedReply => ({
  match: plainCalls,
  errorMessage: UPSTREAM_WORDS,
  ...reply,
});

/** Milliseconds between consecutive upstream attempts. */
const gaps = (requests: RecordedRequest[]) =>
  requests.slice(1).map((request, i) => request.receivedAt - requests[i].receivedAt);

function expectModelError(res: Response, status: number, code: ModelErrorCode, secrets: string[] = []): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ statusCode: status, code, message: MODEL_ERROR_TEXT[code] });
  for (const secret of [SERVER_KEY, UPSTREAM_WORDS, ...secrets]) expect(res.text).not.toContain(secret);
}

/** One app per describe (started in beforeAll), reset between tests. */
function conversationApp(options: ConversationAppOptions | (() => Promise<ConversationAppOptions>) = {}) {
  const holder: { env: ConversationApp } = {} as { env: ConversationApp };
  beforeAll(async () => {
    holder.env = await startConversationApp(typeof options === 'function' ? await options() : options);
  });
  afterAll(() => holder.env?.close());
  beforeEach(async () => {
    await holder.env.openai.idle();
    holder.env.openai.reset();
    holder.env.serper.reset();
  });
  return holder;
}

const complete = async (env: ConversationApp, content = 'Hello') =>
  (await env.sut.authorized()).post('/api/chat/completions').send({ messages: [{ role: 'user', content }] });

describe('Model errors (POST /api/chat/completions)', () => {
  describe('with a service that answers', () => {
    const app = conversationApp();

    it('UNAUTHORIZED: a refused server key answers 502 after exactly one attempt, without the key or the service words', async () => {
      app.env.openai.setOptions({ acceptedKeys: ['sk-something-else-entirely-000000000'] });
      const res = await complete(app.env);

      expectModelError(res, 502, 'UNAUTHORIZED', ['Incorrect API key']);
      expect(app.env.openai.completionRequests()).toHaveLength(1);
      expect(app.env.openai.completionRequests()[0].headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    });

    it('UNAUTHORIZED: a refused key the user brought in X-OpenAI-Key answers the same, and is never echoed', async () => {
      const userKey = 'sk-user-key-nobody-accepts-42424242';
      const res = await (
        await app.env.sut.authorized()
      )
        .post('/api/chat/completions')
        .set('X-OpenAI-Key', userKey)
        .send({ messages: [{ content: 'Hi' }] });

      expectModelError(res, 502, 'UNAUTHORIZED', [userKey]);
      expect(app.env.openai.completionRequests().map((r) => r.headers.authorization)).toEqual([`Bearer ${userKey}`]);
    });

    it('UNAUTHORIZED: a 400 whose message is about the API key is not retried and answers 502', async () => {
      app.env.openai.script({ match: plainCalls, status: 400, errorMessage: `Invalid API key format: ${SERVER_KEY}` });
      const res = await complete(app.env);

      expectModelError(res, 502, 'UNAUTHORIZED');
      expect(app.env.openai.plainRequests()).toHaveLength(1);
    });

    it('RATE_LIMIT: three 429s answer 429 after exactly 3 attempts, without Retry-After when the service sent none', async () => {
      app.env.openai.script(failing({ status: 429 }), failing({ status: 429 }), failing({ status: 429 }));
      const res = await complete(app.env);

      expectModelError(res, 429, 'RATE_LIMIT');
      expect(res.headers['retry-after']).toBeUndefined();
      expect(app.env.openai.plainRequests()).toHaveLength(3);
    });

    it("RATE_LIMIT: waits the service's Retry-After (1 s) instead of the backoff, then succeeds", async () => {
      app.env.openai.script(failing({ status: 429, retryAfter: '1' }), { match: plainCalls, text: 'Made it.' });
      const res = await complete(app.env);

      expect(res.status).toBe(200);
      expect(res.body.content).toBe('Made it.');
      const attempts = app.env.openai.plainRequests();
      expect(attempts).toHaveLength(2);
      const [gap] = gaps(attempts);
      expect(gap).toBeGreaterThanOrEqual(950);
      expect(gap).toBeLessThan(1900);
    });

    it('RATE_LIMIT: a Retry-After of 120 s is not waited for: one attempt, and the answer carries Retry-After: 120', async () => {
      app.env.openai.script(failing({ status: 429, retryAfter: '120' }));
      const res = await complete(app.env);

      expectModelError(res, 429, 'RATE_LIMIT');
      expect(res.headers['retry-after']).toBe('120');
      expect(app.env.openai.plainRequests()).toHaveLength(1);
    });

    it('retries a 502 after 1 s + jitter, then 2 s + jitter, and answers with the third attempt', async () => {
      app.env.openai.script(failing({ status: 502 }), failing({ status: 502 }), {
        match: plainCalls,
        text: 'Third time lucky.',
      });
      const res = await complete(app.env);

      expect(res.status).toBe(200);
      expect(res.body.content).toBe('Third time lucky.');
      const attempts = app.env.openai.plainRequests();
      expect(attempts).toHaveLength(3);
      const [first, second] = gaps(attempts);
      expect(first).toBeGreaterThanOrEqual(1000);
      expect(first).toBeLessThan(2300);
      expect(second).toBeGreaterThanOrEqual(2000);
      expect(second).toBeLessThan(3300);
    });

    it('TIMEOUT: a 504 three times answers 504 TIMEOUT after 3 attempts', async () => {
      app.env.openai.script(failing({ status: 504 }), failing({ status: 504 }), failing({ status: 504 }));
      const res = await complete(app.env);

      expectModelError(res, 504, 'TIMEOUT');
      expect(app.env.openai.plainRequests()).toHaveLength(3);
    });

    it('UPSTREAM_ERROR: a 400 is not retried and answers 502', async () => {
      app.env.openai.script(failing({ status: 400 }));
      const res = await complete(app.env);

      expectModelError(res, 502, 'UPSTREAM_ERROR');
      expect(app.env.openai.plainRequests()).toHaveLength(1);
    });

    it('UPSTREAM_ERROR: a 500 is not retried and answers 502', async () => {
      app.env.openai.script(failing({ status: 500 }));
      const res = await complete(app.env);

      expectModelError(res, 502, 'UPSTREAM_ERROR');
      expect(app.env.openai.plainRequests()).toHaveLength(1);
    });
  });

  describe("on the server's clock", () => {
    // Long past, so a date read against the system clock instead is long gone.
    const start = Date.UTC(2001, 0, 1);
    const app = conversationApp({ clock: new SteppingClock(start) });

    it("RATE_LIMIT: a Retry-After date 120 s after the clock's time is not waited for, and the answer carries Retry-After: 120", async () => {
      app.env.openai.script(failing({ status: 429, retryAfter: new Date(start + 120_000).toUTCString() }));
      const res = await complete(app.env);

      expectModelError(res, 429, 'RATE_LIMIT');
      expect(res.headers['retry-after']).toBe('120');
      expect(app.env.openai.plainRequests()).toHaveLength(1);
    });
  });

  describe('without a server key, OPENAI_TIMEOUT_MS 300', () => {
    const app = conversationApp({ serverKey: false, env: { OPENAI_TIMEOUT_MS: '300' } });

    it('NO_API_KEY: a request without X-OpenAI-Key answers 503 and the service gets no request', async () => {
      expectModelError(await complete(app.env), 503, 'NO_API_KEY');
      expect(app.env.openai.requests).toHaveLength(0);
    });

    it('NO_API_KEY: POST /api/assistant/chat and POST /api/serper-search answer the same, and no search is made', async () => {
      const agent = await app.env.sut.authorized();
      expectModelError(
        await agent.post('/api/assistant/chat').send({ messages: [{ content: 'Hi' }] }),
        503,
        'NO_API_KEY',
      );
      expectModelError(await agent.post('/api/serper-search').send({ userMessage: 'Hi' }), 503, 'NO_API_KEY');
      expect(app.env.openai.requests).toHaveLength(0);
      expect(app.env.serper.requests).toHaveLength(0);
    });

    it('TIMEOUT: a silent service is given up after the timeout, 3 times, then 504 TIMEOUT (with a key the user brought)', async () => {
      app.env.openai.script(failing({ hang: true }), failing({ hang: true }), failing({ hang: true }));
      const res = await (
        await app.env.sut.authorized()
      )
        .post('/api/chat/completions')
        .set('X-OpenAI-Key', SERVER_KEY)
        .send({ messages: [{ role: 'user', content: 'Anyone there?' }] });

      expectModelError(res, 504, 'TIMEOUT');
      expect(app.env.openai.plainRequests()).toHaveLength(3);
      await app.env.openai.idle();
      expect(app.env.openai.abortedByClient).toBe(3);
    });
  });

  describe('NETWORK_ERROR: nothing listens at OPENAI_BASE_URL', () => {
    const app = conversationApp(async () => ({ env: { OPENAI_BASE_URL: `http://127.0.0.1:${await freePort()}/v1` } }));

    it('answers 502 NETWORK_ERROR, without the connection details', async () => {
      const res = await complete(app.env);

      expectModelError(res, 502, 'NETWORK_ERROR', ['ECONNREFUSED', '127.0.0.1']);
    });
  });
});
