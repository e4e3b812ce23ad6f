import type { AgentConfig } from '@mb/contracts/types/agent-config';
import type request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { STATE_CHANGING_METHODS } from '../../src/common/same-origin.middleware';
import { concretePath, registeredRoutes } from '../support/registered-routes';
import { startTestApp, type TestApp } from '../support/test-app';

const RECONFIGURABLE = 'reconfigurable';
const PLAIN = 'completions-only';

const roofer: AgentConfig = {
  role_description: 'You are a roofer who answers briefly.',
  domains: [{ title: 'Roofs', description: 'Shingles, flashing and gutters.' }],
  response_guidelines: [{ priority: 'high', content: 'Answer briefly.' }],
};

/** How a page of another origin on the same site reaches the app, as each kind of browser labels it. */
const ANOTHER_ORIGIN: Array<[string, Record<string, string>]> = [
  ['a browser that sends Sec-Fetch-Site', { 'Sec-Fetch-Site': 'same-site', Origin: 'http://127.0.0.1:1' }],
  ['a browser that sends only Origin', { Origin: 'http://127.0.0.1:1' }],
];

function expectRefused(res: request.Response): void {
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN_ORIGIN' });
  expect(res.body.message).toMatch(/^Refused: only this app's own pages may make changes/);
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('Changes only from the app’s own origin (e2e)', () => {
  let sut: TestApp;
  let client: TestAgent;
  /** The app's origin as a browser's address bar shows it. */
  let own: string;

  beforeAll(async () => {
    sut = await startTestApp();
    own = await sut.url();
    client = await sut.authorized();
  });
  afterAll(() => sut.close());

  const persona = async (id: string) =>
    (await client.get(`/api/chat/sessions/${id}/persona`).expect(200)).body as { isDefault: boolean };
  async function reconfiguredChat(): Promise<string> {
    const { id } = (await client.post('/api/chat/sessions').send({ agentType: RECONFIGURABLE }).expect(201)).body;
    await client.put(`/api/chat/sessions/${id}/persona`).send(roofer).expect(200);
    return id as string;
  }

  it('refuses every state-changing API route from another origin, before its access check or body', async () => {
    const routes = registeredRoutes(sut.app).filter(
      (route) => route.path.startsWith('/api/') && STATE_CHANGING_METHODS.has(route.method),
    );
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const res = await sut
        .anonymous()
        [route.method.toLowerCase() as 'post'](concretePath(route.path))
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ not: 'valid' });
      expect({ route: `${route.method} ${route.path}`, status: res.status, code: res.body.code }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 403,
        code: 'FORBIDDEN_ORIGIN',
      });
    }
  });

  describe.each(ANOTHER_ORIGIN)('from another origin, in %s', (_, headers) => {
    it("a form posted to …/persona/reset leaves the chat's persona as it was", async () => {
      const id = await reconfiguredChat();
      const res = await client.post(`/api/chat/sessions/${id}/persona/reset`).set(headers).type('form').send('x=1');
      expectRefused(res);
      expect((await persona(id)).isDefault).toBe(false);
    });

    it('a form posted to sign-out (revoke-access) leaves the user signed in', async () => {
      expectRefused(await client.post('/api/auth/revoke-access').set(headers).type('form').send(''));
      await client.get('/api/chat/sessions').expect(200);
    });

    it('sign-in (grant-access) sets no cookie', async () => {
      const res = await sut
        .anonymous()
        .post('/api/auth/grant-access')
        .set(headers)
        .send({ passcode: sut.config.access.code });
      expectRefused(res);
    });

    it('an upload is refused unread, and nothing is kept', async () => {
      const rows = async () =>
        Number((await sut.app.get(DataSource).query('SELECT count(*) AS n FROM chat_attachments'))[0].n);
      const before = await rows();
      const res = await client
        .post('/api/chat/attachments')
        .query({ agentType: 'takes-photos-and-documents' })
        .set(headers)
        .attach('file', Buffer.from('notes'), { filename: 'notes.txt', contentType: 'text/plain' });
      expectRefused(res);
      expect(res.headers.connection).toBe('close');
      expect(await rows()).toBe(before);
    });
  });

  it('lets the app’s own pages, and clients that are no browser, change things', async () => {
    const id = await reconfiguredChat();
    await client.post(`/api/chat/sessions/${id}/persona/reset`).set('Sec-Fetch-Site', 'same-origin').expect(200);
    await client.put(`/api/chat/sessions/${id}/persona`).set('Origin', own).send(roofer).expect(200);
    // curl or a script: neither header, and only the cookie it was given.
    await client.post(`/api/chat/sessions/${id}/persona/reset`).expect(200);
    await client.post('/api/chat/sessions').set('Origin', own).send({ agentType: PLAIN }).expect(201);
    // Reading is never refused: a link from another site opens the app.
    await client.get('/api/chat/sessions').set('Sec-Fetch-Site', 'cross-site').expect(200);
  });

  it('behind a trusted proxy (TRUST_PROXY, loopback by default), compares with the X-Forwarded-Host and -Proto it reports', async () => {
    const forwarded = { 'X-Forwarded-Host': 'chat.example.org', 'X-Forwarded-Proto': 'https' };
    await client
      .post('/api/chat/sessions')
      .set({ ...forwarded, Origin: 'https://chat.example.org' })
      .send({ agentType: PLAIN })
      .expect(201);
    expectRefused(
      await client
        .post('/api/chat/sessions')
        .set({ ...forwarded, Origin: own })
        .send({ agentType: PLAIN }),
    );
  });
});

describe('Forwarded headers from a proxy the app does not trust (e2e)', () => {
  let sut: TestApp;
  let own: string;
  beforeAll(async () => {
    sut = await startTestApp({ env: { TRUST_PROXY: '10.0.0.1' } });
    own = await sut.url();
  });
  afterAll(() => sut.close());

  it('are not believed: a forged X-Forwarded-Host does not make another origin the app’s own', async () => {
    const client = await sut.authorized();
    const res = await client
      .post('/api/chat/sessions')
      .set({ 'X-Forwarded-Host': 'evil.test', 'X-Forwarded-Proto': 'https', Origin: 'https://evil.test' })
      .send({ agentType: PLAIN });
    expectRefused(res);
    await client
      .post('/api/chat/sessions')
      .set({ 'X-Forwarded-Host': 'evil.test', Origin: own })
      .send({ agentType: PLAIN })
      .expect(201);
  });
});
