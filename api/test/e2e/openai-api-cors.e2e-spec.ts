import { streamedCalls } from '../fakes/fake-openai';
import { makeApiKey } from '../support/api-keys';
import { conversationAppPerSuite } from '../support/model-fakes';

const AGENT = 'completions-only';
const ORIGIN = 'https://tools.example.org';

/** What a browser asks before a page of another origin sends a key: may it, with these headers? */
const preflight = (url: string, path: string) =>
  fetch(`${url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin: ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, x-stainless-os',
    },
  });

describe('/v1 answers pages of any origin that present a key, as OpenAI does; /api does not (e2e)', () => {
  const env = conversationAppPerSuite({ env: { API_KEY_RPM: '2' } });

  it('a preflight is allowed with the headers it names, before the key guard and without spending the rate limit', async () => {
    const url = await env.sut.url();
    for (let i = 0; i < 3; i++) {
      const res = await preflight(url, '/v1/chat/completions');
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST');
      expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type, x-stainless-os');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const { secret } = await makeApiKey(env.sut, { name: 'from a page' });
    env.openai.script({ text: 'Hello, page.', match: streamedCalls });
    const answered = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { origin: ORIGIN, authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: AGENT, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(answered.status).toBe(200);
    expect(answered.headers.get('access-control-allow-origin')).toBe('*');
    expect(
      ((await answered.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content,
    ).toBe('Hello, page.');

    const refused = await fetch(`${url}/v1/models`, { headers: { origin: ORIGIN } });
    expect(refused.status).toBe(401);
    // The refusal is readable by the page too, so a client can say why.
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.headers.get('access-control-expose-headers')).toBe('Retry-After');
  });

  it('the private API sends no CORS headers: no page of another origin reads it', async () => {
    const url = await env.sut.url();
    const res = await preflight(url, '/api/chat/sessions');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const listed = await fetch(`${url}/api/chat/sessions`, {
      headers: { origin: ORIGIN, cookie: await env.sut.accessCookie() },
    });
    expect(listed.headers.get('access-control-allow-origin')).toBeNull();
  });
});
