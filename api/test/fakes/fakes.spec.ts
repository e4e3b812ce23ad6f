import OpenAI from 'openai';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'node:http';
import { FakeOpenAI, promptTokensOf } from './fake-openai';
import { FakeSerper } from './fake-serper';
import { eventually } from '../support/eventually';

const apiKey = 'sk-test-key';
const hello = [{ role: 'user' as const, content: 'Hello there' }];

interface OpenAIErrorBody {
  error: { message: string; type: string; code: string | null };
}
interface SearchAnswer {
  organic: { title: string; link: string; snippet: string; position: number }[];
}

const jsonOf = async <T>(response: Response): Promise<T> => (await response.json()) as T;

// Under jest the SDK runs in a vm realm where undici's AbortError (a DOMException from node's own realm) fails
// `instanceof Error`, so the SDK reports a timeout as a plain APIConnectionError. Re-throwing it as an in-realm
// Error lets the SDK classify it as it does in production.
const inRealmFetch: typeof fetch = (input, init) =>
  fetch(input, init).catch((error: { name?: string; message?: string }) => {
    throw Object.assign(new Error(error.message), { name: error.name });
  });

describe(FakeOpenAI.name, () => {
  let fake: FakeOpenAI;

  const client = (options: { key?: string; timeout?: number; fetch?: typeof fetch } = {}) =>
    new OpenAI({
      apiKey: options.key ?? apiKey,
      baseURL: fake.baseUrl,
      maxRetries: 0,
      timeout: options.timeout ?? 5000,
      fetch: options.fetch,
    });

  const ask = (openai = client()) => openai.chat.completions.create({ model: 'gpt-4o-mini', messages: hello });

  const caught = async (promise: Promise<unknown>): Promise<unknown> => {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('expected a rejection');
  };

  beforeAll(async () => (fake = await FakeOpenAI.start({ acceptedKeys: [apiKey], model: 'gpt-fake' })));
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('serves baseUrl on 127.0.0.1 under /v1', () => {
    expect(fake.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('answers a non-streamed chat completion with the scripted text', async () => {
    fake.script({ text: 'Scripted answer.' });
    const completion = await ask();
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('gpt-4o-mini');
    expect(completion.choices[0].message).toEqual({ role: 'assistant', content: 'Scripted answer.' });
    expect(completion.choices[0].finish_reason).toBe('stop');
    // Counted as the service counts: the messages' tokens plus 4 around each and 3 to prime the reply.
    const promptTokens = promptTokensOf({ messages: hello });
    expect(promptTokens).toBeGreaterThan(7);
    expect(completion.usage).toEqual({
      prompt_tokens: promptTokens,
      completion_tokens: 2,
      total_tokens: promptTokens + 2,
    });
  });

  it('echoes the last user message by default', async () => {
    const completion = await client().chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'first answer' },
        { role: 'user', content: 'second question' },
      ],
    });
    expect(completion.choices[0].message.content).toBe('Echo: second question');
  });

  it('streams the text as chat.completion.chunk deltas that concatenate back to it and records the first token time', async () => {
    const text = ' Streaming  works,\nword by word. ';
    fake.script({ text });
    const before = performance.now();
    const stream = await client().chat.completions.create({ model: 'gpt-4o', messages: hello, stream: true });
    const deltas: string[] = [];
    const finishReasons: (string | null)[] = [];
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      deltas.push(chunk.choices[0].delta.content ?? '');
      finishReasons.push(chunk.choices[0].finish_reason);
    }
    expect(deltas.join('')).toBe(text);
    expect(deltas.filter(Boolean)).toEqual([' ', 'Streaming  ', 'works,\n', 'word ', 'by ', 'word. ']);
    expect(finishReasons.at(-1)).toBe('stop');
    expect(fake.firstTokenSentAt).toHaveLength(1);
    expect(fake.firstTokenSentAt[0]).toBeGreaterThan(before);
  });

  it('frames the stream exactly like OpenAI: role chunk, one chunk per token, stop chunk, [DONE]', async () => {
    fake.script({ text: 'Hi you' });
    const response = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: hello, stream: true }),
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.replace(/^data: /, '')));
    expect(chunks.map((c) => c.choices[0].delta)).toEqual([
      { role: 'assistant', content: '' },
      { content: 'Hi ' },
      { content: 'you' },
      {},
    ]);
    expect(chunks.map((c) => c.choices[0].finish_reason)).toEqual([null, null, null, 'stop']);
    for (const c of chunks) {
      expect(c).toEqual({
        id: chunks[0].id,
        object: 'chat.completion.chunk',
        created: expect.any(Number),
        model: 'gpt-4o',
        choices: [{ index: 0, delta: expect.any(Object), finish_reason: c.choices[0].finish_reason }],
      });
    }
  });

  it('surfaces a scripted 429 with Retry-After as RateLimitError', async () => {
    fake.script({ status: 429, retryAfter: '7', errorMessage: 'Slow down' });
    const error = await caught(ask());
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const rateLimit = error as InstanceType<typeof OpenAI.RateLimitError>;
    expect(rateLimit.status).toBe(429);
    expect(rateLimit.headers.get('retry-after')).toBe('7');
    expect(rateLimit.message).toContain('Slow down');
  });

  it.each([500, 502, 504])('surfaces a scripted %i as InternalServerError', async (status) => {
    fake.script({ status });
    const error = await caught(ask());
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(status);
    expect((error as Error).message).toContain(`Scripted failure ${status}`);
  });

  it('waits the scripted latency, then the server latency, before answering', async () => {
    fake.script({ latencyMs: 60 });
    let started = performance.now();
    await ask();
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);

    fake.setOptions({ latencyMs: 40 });
    started = performance.now();
    await ask();
    expect(performance.now() - started).toBeGreaterThanOrEqual(40);
  });

  it('waits tokenDelayMs between streamed chunks', async () => {
    fake.script({ text: 'one two three four', tokenDelayMs: 20 });
    // Measured from the request, not between arrivals: a busy client may read two chunks at once,
    // but the last one cannot arrive before the fake has waited three times.
    const started = performance.now();
    const stream = await client().chat.completions.create({ model: 'gpt-4o', messages: hello, stream: true });
    const arrivals: number[] = [];
    for await (const chunk of stream) if (chunk.choices[0].delta.content) arrivals.push(performance.now());
    expect(arrivals).toHaveLength(4);
    expect(arrivals[3] - started).toBeGreaterThanOrEqual(3 * 20);
  });

  it('records on each streamed request when each of its tokens was written, and nothing on plain ones', async () => {
    fake.script({ text: 'one two three', tokenDelayMs: 20 }, { text: 'x y', tokenDelayMs: 0 });
    const stream = await client().chat.completions.create({ model: 'gpt-4o', messages: hello, stream: true });
    const arrivals: number[] = [];
    for await (const chunk of stream) if (chunk.choices[0].delta.content) arrivals.push(performance.now());
    await ask();

    const [streamed, plain] = fake.completionRequests();
    const sentAt = streamed.tokensSentAt!;
    expect(sentAt).toHaveLength(3);
    expect(sentAt[0]).toBeGreaterThanOrEqual(streamed.receivedAt);
    expect(sentAt[2] - sentAt[0]).toBeGreaterThanOrEqual(2 * 20 - 1);
    sentAt.forEach((at, i) => expect(at).toBeLessThanOrEqual(arrivals[i]));
    expect(fake.firstTokenSentAt[0]).toBeGreaterThanOrEqual(sentAt[0]);
    expect(plain.tokensSentAt).toBeUndefined();
  });

  it('hangs until the client times out with APIConnectionTimeoutError', async () => {
    fake.script({ hang: true }, { hang: true });
    const started = performance.now();
    expect(await caught(ask(client({ timeout: 200, fetch: inRealmFetch })))).toBeInstanceOf(
      OpenAI.APIConnectionTimeoutError,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
    // Without the shim, jest only sees the parent class.
    expect(await caught(ask(client({ timeout: 200 })))).toBeInstanceOf(OpenAI.APIConnectionError);
    expect(fake.completionRequests()).toHaveLength(2);
  });

  it('cuts the stream after n tokens so the SDK iteration throws', async () => {
    fake.script({ text: 'alpha beta gamma delta', cutAfterTokens: 2 });
    const stream = await client().chat.completions.create({ model: 'gpt-4o', messages: hello, stream: true });
    const tokens: string[] = [];
    const error = await caught(
      (async () => {
        for await (const chunk of stream)
          if (chunk.choices[0].delta.content) tokens.push(chunk.choices[0].delta.content);
      })(),
    );
    expect(String(error)).toMatch(/terminated/);
    expect(tokens).toEqual(['alpha ', 'beta ']);
  });

  it('survives a client aborting mid-stream and keeps serving', async () => {
    fake.script({ text: 'a b c d e f g h', tokenDelayMs: 20 });
    const stream = await client().chat.completions.create({ model: 'gpt-4o', messages: hello, stream: true });
    for await (const chunk of stream) if (chunk.choices[0].delta.content) break;
    await eventually(() => fake.abortedByClient === 1, 'the fake to see the client go');
    expect((await ask()).choices[0].message.content).toBe('Echo: Hello there');
  });

  it('rejects an unaccepted key with AuthenticationError echoing the key, without consuming the script', async () => {
    fake.script({ text: 'kept for the next call' });
    const error = await caught(ask(client({ key: 'sk-wrong-123' })));
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as Error).message).toContain('Incorrect API key provided: sk-wrong-123.');
    expect((await ask()).choices[0].message.content).toBe('kept for the next call');
  });

  it('lists the configured model and applies the same key check', async () => {
    const models = await client().models.list();
    expect(models.data).toEqual([{ id: 'gpt-fake', object: 'model', created: expect.any(Number), owned_by: 'fake' }]);
    await expect(client({ key: 'nope' }).models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('records every request in arrival order, completionRequests() only the chat completions', async () => {
    await client().models.list();
    await client().chat.completions.create({ model: 'gpt-4o-mini', messages: hello, temperature: 0.2, max_tokens: 50 });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models', 'POST /v1/chat/completions']);
    const [completion] = fake.completionRequests();
    expect(completion.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.2, max_tokens: 50, messages: hello });
    expect(completion.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(completion.receivedAt).toBeGreaterThan(fake.requests[0].receivedAt);
  });

  it('counts the connections it accepts: a kept-alive one once, a fresh one each time', async () => {
    const keepAlive = new Agent({ keepAlive: true });
    const post = (agent: Agent | false) =>
      new Promise<void>((resolve, reject) => {
        const body = JSON.stringify({ model: 'gpt-4o-mini', messages: hello });
        const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
        const req = request(`${fake.baseUrl}/chat/completions`, { method: 'POST', agent, headers }, (res) => {
          res.resume().on('end', resolve);
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const before = fake.acceptedConnections;
      for (let i = 0; i < 3; i++) await post(keepAlive);
      expect(fake.acceptedConnections - before).toBe(1);
      for (let i = 0; i < 2; i++) await post(false);
      expect(fake.acceptedConnections - before).toBe(3);
    } finally {
      keepAlive.destroy();
    }
  });

  it('consumes scripted replies first in first out, then falls back to the default', async () => {
    fake.script({ text: 'first' }, { text: 'second' });
    const answers: (string | null)[] = [];
    for (let i = 0; i < 3; i++) answers.push((await ask()).choices[0].message.content);
    expect(answers).toEqual(['first', 'second', 'Echo: Hello there']);
  });

  it('answers 404 to unknown routes and 400 to malformed JSON', async () => {
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const unknown = await fetch(`${fake.baseUrl}/moderations`, { method: 'POST', headers, body: '{}' });
    expect(unknown.status).toBe(404);
    expect((await jsonOf<OpenAIErrorBody>(unknown)).error.message).toContain('/v1/moderations');
    const malformed = await fetch(`${fake.baseUrl}/chat/completions`, { method: 'POST', headers, body: '{"model":' });
    expect(malformed.status).toBe(400);
    expect((await jsonOf<OpenAIErrorBody>(malformed)).error.type).toBe('invalid_request_error');
  });

  it('answers /embeddings with the same unit vectors for the same texts, nearer for texts sharing words', async () => {
    const input = ['ferritin was low in March', 'ferritin values in March', 'the poodle eats rice'];
    const { data } = await client().embeddings.create({ model: 'text-embedding-3-small', input });
    const again = await client().embeddings.create({ model: 'text-embedding-3-small', input: input[0] });
    const [a, b, c] = data.map((item) => item.embedding);
    const dot = (x: number[], y: number[]) => x.reduce((sum, value, i) => sum + value * y[i], 0);
    expect(data.map((item) => item.index)).toEqual([0, 1, 2]);
    expect(dot(a, a)).toBeCloseTo(1);
    expect(again.data[0].embedding).toEqual(a);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c));
    expect(fake.embeddingRequests()).toHaveLength(2);
  });

  it('reset() clears the queue and records and restores the start options', async () => {
    fake.script({ text: 'dropped' });
    fake.setOptions({ acceptedKeys: undefined, model: 'other' });
    await ask(client({ key: 'anything' }));
    fake.reset();
    expect(fake.requests).toEqual([]);
    await expect(ask(client({ key: 'anything' }))).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    expect((await ask()).choices[0].message.content).toBe('Echo: Hello there');
    expect((await client().models.list()).data[0].id).toBe('gpt-fake');
  });
});

describe(FakeSerper.name, () => {
  let fake: FakeSerper;

  const search = (body: object, key: string | null = fake.apiKey, signal?: AbortSignal) =>
    fetch(`${fake.baseUrl}/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'X-API-KEY': key }) },
      body: JSON.stringify(body),
      signal,
    });

  beforeAll(async () => (fake = await FakeSerper.start()));
  afterEach(() => fake.reset());
  afterAll(() => fake.close());

  it('serves baseUrl on 127.0.0.1 with the default key', () => {
    expect(fake.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fake.apiKey).toBe('serper-test-key');
  });

  it('answers three results derived from q by default', async () => {
    const response = await search({ q: 'nest js & jest' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      searchParameters: { q: 'nest js & jest', type: 'search', engine: 'google' },
      organic: [1, 2, 3].map((n) => ({
        title: `Result ${n} for nest js & jest`,
        link: `https://example.com/${n}?q=nest%20js%20%26%20jest`,
        snippet: `Snippet ${n} about nest js & jest`,
        position: n,
      })),
    });
  });

  it('truncates the results to num', async () => {
    const { organic } = await jsonOf<SearchAnswer>(await search({ q: 'few', num: 2 }));
    expect(organic.map((result) => result.position)).toEqual([1, 2]);
  });

  it('answers 403 to a wrong or missing key', async () => {
    for (const key of ['wrong-key', null]) {
      const response = await search({ q: 'x' }, key);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'Unauthorized.', statusCode: 403 });
    }
  });

  it('answers scripted results and failures in order, and records the queries', async () => {
    const scripted = { title: 'Scripted', link: 'https://example.org/s', snippet: 'A scripted hit' };
    fake.script({ results: [scripted] }, { status: 500 });
    expect((await jsonOf<SearchAnswer>(await search({ q: 'one' }))).organic).toEqual([{ ...scripted, position: 1 }]);
    const failed = await search({ q: 'two' });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ message: 'Scripted failure', statusCode: 500 });
    expect((await jsonOf<SearchAnswer>(await search({ q: 'three' }))).organic).toHaveLength(3);
    expect(fake.queries()).toEqual(['one', 'two', 'three']);
    expect(fake.requests[0].headers['x-api-key']).toBe('serper-test-key');
  });

  it('waits the scripted latency and can hang until the client gives up', async () => {
    fake.script({ latencyMs: 50 }, { hang: true });
    const started = performance.now();
    expect((await search({ q: 'slow' })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    await expect(search({ q: 'stuck' }, fake.apiKey, AbortSignal.timeout(200))).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});
