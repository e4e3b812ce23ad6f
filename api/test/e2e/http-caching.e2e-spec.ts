import { request, type IncomingMessage } from 'node:http';
import { streamedCalls } from '../fakes/fake-openai';
import { conversationAppPerSuite } from '../support/model-fakes';
import { startTestApp, type TestApp } from '../support/test-app';

describe('HTTP caching and compression (e2e)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });
  afterAll(() => sut.close());

  it('never lets API answers be cached', async () => {
    const client = await sut.authorized();
    for (const path of ['/api/settings', '/api/agents', '/api/chat/sessions', '/api/no-such-route']) {
      const res = await client.get(path);
      // Nor given an ETag: an answer that is never stored is never revalidated.
      expect({ path, cacheControl: res.headers['cache-control'], etag: res.headers.etag }).toEqual({
        path,
        cacheControl: 'no-store',
        etag: undefined,
      });
    }
  });

  it('compresses answers for clients that accept it', async () => {
    const client = await sut.authorized();
    const res = await client.get('/api/agents/completions-only').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body.id).toBe('completions-only');
  });

  it('sends security headers with a same-origin content security policy', async () => {
    const res = await sut.anonymous().get('/api/health').expect(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // The installable app's service worker and manifest are the site's own files.
    expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(res.headers['content-security-policy']).toContain("manifest-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('Event streams and compression (e2e)', () => {
  const env = conversationAppPerSuite();

  it('never compresses an event stream, even for a client that accepts gzip: each event is readable as it is written', async () => {
    env.openai.script({ match: streamedCalls, text: 'one two three four', tokenDelayMs: 200 });
    const url = new URL('/api/chat/turns', await env.sut.url());
    const headers = {
      'content-type': 'application/json',
      'accept-encoding': 'gzip',
      cookie: await env.sut.accessCookie(),
    };
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      request(url, { method: 'POST', headers }, resolve)
        .on('error', reject)
        .end(JSON.stringify({ agentType: 'completions-only', content: 'Hello' })),
    );
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();

    let received = '';
    for await (const chunk of res) {
      received += String(chunk);
      if (received.includes('"type":"token"')) break;
    }
    expect(received).toMatch(/^data: \{"type":"session"/);
    expect(received).not.toContain('"type":"done"');
  });
});
