import OpenAI from 'openai';
import { streamedCalls } from '../fakes/fake-openai';
import { makeApiKey, openAiClient } from '../support/api-keys';
import { conversationAppPerSuite } from '../support/model-fakes';

const AGENT = 'completions-only';
const question = { model: AGENT, messages: [{ role: 'user' as const, content: 'Hi' }] };

/** A raw call, as curl or any HTTP client makes it. */
async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { error: Record<string, unknown> } };
}

describe('The OpenAI-compatible API answers every error in OpenAI shape, with its status (e2e)', () => {
  const env = conversationAppPerSuite({ env: { API_KEY_RPM: '50' } });

  it('401 for a missing, unknown, revoked or expired key; a revocation holds at once', async () => {
    const url = await env.sut.url();
    const missing = await post(url, question);
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ type: 'invalid_request_error', code: null, param: null });
    await expect((await openAiClient(env.sut, 'mb-00000000-nothing')).models.list()).rejects.toMatchObject({
      status: 401,
      code: 'invalid_api_key',
    });

    const key = await makeApiKey(env.sut, { name: 'soon revoked' });
    env.openai.script({ text: 'Yes.', match: streamedCalls });
    await (await openAiClient(env.sut, key.secret)).chat.completions.create(question);
    await (await env.sut.authorized()).delete(`/api/keys/${key.apiKey.id}`).expect(200);
    const revoked = await post(url, question, { authorization: `Bearer ${key.secret}` });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toMatchObject({ code: 'invalid_api_key', message: expect.stringMatching(/revoked/) });
  });

  it('the access cookie never opens /v1, and a key never opens /api', async () => {
    const url = await env.sut.url();
    const withCookie = await post(url, question, { cookie: await env.sut.accessCookie() });
    expect(withCookie.status).toBe(401);
    const key = await makeApiKey(env.sut, { name: 'not for /api' });
    const res = await fetch(`${url}/api/chat/sessions`, { headers: { authorization: `Bearer ${key.secret}` } });
    expect(res.status).toBe(401);
  });

  it('404 model_not_found for an agent the key may not use or that does not exist', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'one agent', agents: ['calls-tools'] });
    const client = await openAiClient(env.sut, secret);
    for (const model of [AGENT, 'no-such-agent'])
      await expect(client.chat.completions.create({ ...question, model })).rejects.toMatchObject({
        status: 404,
        code: 'model_not_found',
        param: 'model',
      });
    expect(env.openai.streamedRequests()).toEqual([]);
  });

  it('400 naming the field for a wrong one; nothing is asked of the model and nothing kept', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'bad fields' });
    const client = await openAiClient(env.sut, secret);
    const refused = async (body: object, param: string | null) =>
      expect(client.chat.completions.create({ ...question, ...body } as never)).rejects.toMatchObject({
        status: 400,
        type: 'invalid_request_error',
        param,
      });
    await refused({ temperature: 5 }, 'temperature');
    await refused({ max_tokens: 'many' }, 'max_tokens');
    await refused({ messages: [{ role: 'narrator', content: 'x' }] }, 'messages[0].role');
    await refused({ messages: [{ role: 'tool', content: '4', tool_call_id: 'c' }] }, 'messages[0].role');
    await refused(
      {
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
        ],
      },
      'messages',
    );
    await refused(
      { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'x' } }] }] },
      'messages[0].content',
    );
    await refused({ stream_options: { include_usage: true } }, 'stream_options');
    await refused({ model: undefined }, 'model');
    const notJson = await fetch(`${await env.sut.url()}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: '{"model":',
    });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: object }).error).toMatchObject({ type: 'invalid_request_error' });
    expect(env.openai.streamedRequests()).toEqual([]);
  });

  it('429 with Retry-After past the key’s requests a minute, which a key may have fewer of', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'slow', requestsPerMinute: 2 });
    const client = await openAiClient(env.sut, secret);
    await client.models.list();
    await client.models.list();
    const error = (await client.models.list().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error.code).toBe('rate_limit_exceeded');
    expect(Number(error.headers?.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(error.headers?.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('a failure of the model service is ours to report, with its status (5xx), never the caller’s', async () => {
    const { secret } = await makeApiKey(env.sut, { name: 'upstream down' });
    env.openai.script(
      { status: 500, match: streamedCalls },
      { status: 500, match: streamedCalls },
      { status: 500, match: streamedCalls },
    );
    const error = (await (
      await openAiClient(env.sut, secret)
    ).chat.completions
      .create(question)
      .catch((e: unknown) => e)) as {
      status: number;
      type: string;
    };
    expect(error.status).toBeGreaterThanOrEqual(500);
    expect(error.type).toBe('server_error');
  });

  it('an unknown /v1 path is a 404 in OpenAI shape, never the web app; other origins may call with a key', async () => {
    const url = await env.sut.url();
    const { secret } = await makeApiKey(env.sut, { name: 'elsewhere' });
    const unknown = await fetch(`${url}/v1/embeddings`, { headers: { authorization: `Bearer ${secret}` } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: object }).error).toMatchObject({ code: 'unknown_url' });
    // A program on another origin, sending what a browser page would: the key decides, not the origin check.
    env.openai.script({ text: 'From afar.', match: streamedCalls });
    const far = await post(url, question, {
      authorization: `Bearer ${secret}`,
      origin: 'https://elsewhere.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(far.status).toBe(200);
    // As OpenAI's API: a page elsewhere may read what its key opened (openai-api-cors.e2e-spec.ts).
    expect(far.headers.get('access-control-allow-origin')).toBe('*');
  });
});
