import { createIsolatedDatabase } from '../support/test-database';
import { SteppingClock } from '../support/stepping-clock';
import { startTestApp, TEST_ACCESS_CODE, type TestApp } from '../support/test-app';

describe('Access (e2e)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });
  afterAll(() => sut.close());

  it('reports no access without the cookie', async () => {
    await sut.anonymous().get('/api/auth/check-access').expect(200, { authorized: false });
  });

  it('grants access for the code in any letter case and sets a hardened cookie', async () => {
    const client = sut.anonymous();
    const res = await client
      .post('/api/auth/grant-access')
      .send({ passcode: `  ${TEST_ACCESS_CODE.toUpperCase()} ` })
      .expect(200, { success: true });
    const cookie = res.headers['set-cookie'][0];
    expect(cookie).toMatch(/^mb_access=v1\./);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).not.toContain(TEST_ACCESS_CODE);
    await client.get('/api/auth/check-access').expect(200, { authorized: true });
    await client.get('/api/chat/sessions').expect(200);
  });

  it('marks the cookie Secure when served over HTTPS behind a local proxy', async () => {
    const res = await sut
      .anonymous()
      .post('/api/auth/grant-access')
      .set('X-Forwarded-Proto', 'https')
      .send({ passcode: TEST_ACCESS_CODE })
      .expect(200);
    expect(res.headers['set-cookie'][0]).toMatch(/; Secure/);
  });

  it('refuses {granted: true} without a code', async () => {
    const res = await sut.anonymous().post('/api/auth/grant-access').send({ granted: true }).expect(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('passcode is required'),
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong code with the spec text and no cookie', async () => {
    const res = await sut
      .anonymous()
      .post('/api/auth/grant-access')
      .set('X-Forwarded-For', '10.0.0.1')
      .send({ passcode: 'wrong' })
      .expect(401);
    expect(res.body).toEqual({
      statusCode: 401,
      code: 'ACCESS_DENIED',
      message: 'Invalid passcode. Please try again.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses forged and tampered cookies', async () => {
    const granted = await sut.anonymous().post('/api/auth/grant-access').send({ passcode: TEST_ACCESS_CODE });
    const token = /mb_access=([^;]+)/.exec(granted.headers['set-cookie'][0])![1];
    const [version, issuedAt, signature] = token.split('.');
    for (const forged of [
      'granted',
      `${version}.${Number(issuedAt) + 1}.${signature}`,
      `${version}.${issuedAt}.${signature.slice(0, -2)}AA`,
    ]) {
      await sut
        .anonymous()
        .get('/api/auth/check-access')
        .set('Cookie', `mb_access=${forged}`)
        .expect(200, { authorized: false });
      await sut.anonymous().get('/api/chat/sessions').set('Cookie', `mb_access=${forged}`).expect(401);
    }
  });

  it('throttles wrong codes per client with 429 and Retry-After, even for the right code', async () => {
    const client = () => sut.anonymous().post('/api/auth/grant-access').set('X-Forwarded-For', '203.0.113.9');
    for (let i = 0; i < 5; i++)
      await client()
        .send({ passcode: `guess-${i}` })
        .expect(401);
    const blocked = await client().send({ passcode: TEST_ACCESS_CODE }).expect(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(/Try again in \d+ minutes?/),
    });
    // Another client is not affected.
    await sut
      .anonymous()
      .post('/api/auth/grant-access')
      .set('X-Forwarded-For', '203.0.113.10')
      .send({ passcode: TEST_ACCESS_CODE })
      .expect(200);
  });

  it('revokes access on request', async () => {
    const client = await sut.authorized();
    await client.post('/api/auth/revoke-access').expect(200);
    await client.get('/api/auth/check-access').expect(200, { authorized: false });
  });
});

describe('Access across a change of ACCESS_CODE (e2e)', () => {
  it('revokes every cookie issued under the old code', async () => {
    const database = await createIsolatedDatabase();
    const first = await startTestApp({ database });
    const granted = await first
      .anonymous()
      .post('/api/auth/grant-access')
      .send({ passcode: TEST_ACCESS_CODE })
      .expect(200);
    const cookie = granted.headers['set-cookie'][0].split(';')[0];
    await first.anonymous().get('/api/auth/check-access').set('Cookie', cookie).expect(200, { authorized: true });
    const dataDir = first.dataDir;
    await first.app.close();

    const second = await startTestApp({ dataDir, database, env: { ACCESS_CODE: 'a-brand-new-code' } });
    try {
      await second.anonymous().get('/api/auth/check-access').set('Cookie', cookie).expect(200, { authorized: false });
      await second.anonymous().post('/api/auth/grant-access').send({ passcode: TEST_ACCESS_CODE }).expect(401);
    } finally {
      await second.close();
      await database?.drop();
    }
  });
});

describe('Throttling without a trusted proxy (e2e)', () => {
  it('keys wrong codes on the real peer, so a forged X-Forwarded-For does not reset the count', async () => {
    const sut = await startTestApp({ env: { TRUST_PROXY: '0' } });
    try {
      for (let i = 0; i < 5; i++) {
        await sut
          .anonymous()
          .post('/api/auth/grant-access')
          .set('X-Forwarded-For', `198.51.100.${i}`)
          .send({ passcode: `guess-${i}` })
          .expect(401);
      }
      await sut
        .anonymous()
        .post('/api/auth/grant-access')
        .set('X-Forwarded-For', '198.51.100.99')
        .send({ passcode: TEST_ACCESS_CODE })
        .expect(429);
      const secure = await sut.anonymous().get('/api/auth/check-access').set('X-Forwarded-Proto', 'https');
      expect(secure.status).toBe(200);
    } finally {
      await sut.close();
    }
  });
});

describe("Access on the server's clock (e2e)", () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  // Long past, so a time the system clock gave instead stands out.
  const clock = new SteppingClock(Date.UTC(2001, 0, 1));
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ clock });
  });
  afterAll(() => sut.close());

  it('keeps a granted access for 30 days of the clock, then asks for the code again', async () => {
    const client = sut.anonymous();
    await client.post('/api/auth/grant-access').send({ passcode: TEST_ACCESS_CODE }).expect(200);
    clock.advance(29 * DAY_MS);
    await client.get('/api/auth/check-access').expect(200, { authorized: true });
    clock.advance(2 * DAY_MS);
    await client.get('/api/auth/check-access').expect(200, { authorized: false });
  });
});
