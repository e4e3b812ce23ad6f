import { expect, grantAccessVia, test } from './fixtures';
import { KEYED_BASE_URL, KEYLESS_BASE_URL, SERVER_KEY } from './support/e2e-env';

test.describe('fake upstreams and the two app servers', () => {
  test('a scripted reply comes back through the keyed app, which called the fake with the server key', async ({
    request,
    upstream,
  }) => {
    await upstream.scriptReply({
      text: 'Scripted hello from the fake.',
      match: { streamed: false, lastUserMessageContains: 'ping' },
    });
    await grantAccessVia(request, KEYED_BASE_URL);

    const response = await request.post(`${KEYED_BASE_URL}/api/chat/completions`, {
      data: { messages: [{ role: 'user', content: 'ping' }] },
    });

    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.content).toBe('Scripted hello from the fake.');
    expect(body.message).toEqual({ role: 'assistant', content: 'Scripted hello from the fake.' });
    const calls = await upstream.completionRequests();
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.authorization).toBe(`Bearer ${SERVER_KEY}`);
    expect(calls[0].body.stream).not.toBe(true);
  });

  test('the keyed app reports a server key and the keyless one none', async ({ request }) => {
    const keyed = await (await request.get(`${KEYED_BASE_URL}/api/settings`)).json();
    const keyless = await (await request.get(`${KEYLESS_BASE_URL}/api/settings`)).json();

    expect(keyed).toMatchObject({ hasOpenAIKey: true, hasSerperApiKey: true });
    expect(keyless).toMatchObject({ hasOpenAIKey: false, hasSerperApiKey: true });
  });

  test('reset forgets recorded requests and scripts', async ({ request, upstream }) => {
    await grantAccessVia(request, KEYED_BASE_URL);
    await upstream.scriptReply([{ text: 'first' }, { text: 'never used' }]);
    const first = await request.post(`${KEYED_BASE_URL}/api/chat/completions`, {
      data: { messages: [{ role: 'user', content: 'one' }] },
    });
    expect((await first.json()).content).toBe('first');
    expect(await upstream.openaiRequests()).toHaveLength(1);

    await upstream.reset();

    expect(await upstream.openaiRequests()).toEqual([]);
    expect(await upstream.serperRequests()).toEqual([]);
    const second = await request.post(`${KEYED_BASE_URL}/api/chat/completions`, {
      data: { messages: [{ role: 'user', content: 'two' }] },
    });
    expect((await second.json()).content).toBe('Echo: two');
  });
});

test('grantAccess gives the browser context the cookie of one app only', async ({
  context,
  grantAccess,
  keylessBaseURL,
}) => {
  await grantAccess(keylessBaseURL);

  const keyless = await (await context.request.get(`${keylessBaseURL}/api/auth/check-access`)).json();
  const keyed = await (await context.request.get(`${KEYED_BASE_URL}/api/auth/check-access`)).json();

  expect(keyless).toEqual({ authorized: true });
  expect(keyed).toEqual({ authorized: false });
});
