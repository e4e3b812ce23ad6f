import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ApiKey } from '@mb/contracts/types/wire/api-key';
import type { CreatedApiKey } from '@mb/contracts/types/wire/created-api-key';
import { SteppingClock } from '../support/stepping-clock';
import { startTestApp, type TestApp } from '../support/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('API keys: made, listed and revoked in the private area (e2e)', () => {
  const clock = new SteppingClock(Date.UTC(2001, 0, 1));
  let sut: TestApp;
  beforeAll(async () => {
    sut = await startTestApp({ clock, env: { API_KEY_RPM: '30' } });
  });
  afterAll(() => sut?.close());

  const make = async (body: object) =>
    (await (await sut.authorized()).post('/api/keys').send(body).expect(201)).body as CreatedApiKey;

  it('shows the key once, stores only its hash, and lists it without the key', async () => {
    const created = await make({ name: '  Home Assistant ', agents: ['completions-only'], expiresInDays: 30 });
    expect(created.secret).toMatch(/^mb-[0-9a-f]{8}-[\w-]{43}$/);
    expect(created.secret.startsWith(`${created.apiKey.prefix}-`)).toBe(true);
    expect(created.apiKey).toMatchObject({
      name: 'Home Assistant',
      agents: ['completions-only'],
      allowConfirmTools: false,
      requestsPerMinute: null,
      lastUsedAt: null,
      tokensUsed: 0,
      revokedAt: null,
    });
    const made = Date.parse(created.apiKey.createdAt);
    expect(new Date(made).getUTCFullYear()).toBe(2001);
    expect(Date.parse(created.apiKey.expiresAt!) - made).toBe(30 * DAY_MS);

    const rows = await sut.app
      .get(DataSource)
      .query<Array<Record<string, unknown>>>(`SELECT * FROM api_keys WHERE id = $1`, [created.apiKey.id]);
    const [row] = rows;
    expect((row.secret_hash as Buffer).equals(createHash('sha256').update(created.secret).digest())).toBe(true);
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));

    const listed = (await (await sut.authorized()).get('/api/keys').expect(200)).body as ApiKey[];
    expect(listed.find((key) => key.id === created.apiKey.id)).toEqual(created.apiKey);
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(12));
  });

  it('revokes one key at a time; revoking again keeps the first time', async () => {
    const kept = await make({ name: 'kept' });
    const revoked = await make({ name: 'revoked' });
    const client = await sut.authorized();
    const answer = (await client.delete(`/api/keys/${revoked.apiKey.id}`).expect(200)).body as ApiKey;
    expect(answer.revokedAt).not.toBeNull();
    const again = (await client.delete(`/api/keys/${revoked.apiKey.id}`).expect(200)).body as ApiKey;
    expect(again.revokedAt).toBe(answer.revokedAt);
    const listed = (await client.get('/api/keys').expect(200)).body as ApiKey[];
    expect(listed.find((key) => key.id === kept.apiKey.id)?.revokedAt).toBeNull();
    expect(listed.find((key) => key.id === revoked.apiKey.id)?.revokedAt).toBe(answer.revokedAt);
    await client.delete('/api/keys/00000000-0000-4000-8000-000000000000').expect(404);
    await client.delete('/api/keys/not-a-uuid').expect(400);
  });

  it('refuses unknown agents, a limit above API_KEY_RPM and a blank name, naming the field', async () => {
    const client = await sut.authorized();
    const unknown = await client
      .post('/api/keys')
      .send({ name: 'x', agents: ['no-such-agent'] })
      .expect(400);
    expect(unknown.body.details).toEqual(['agents: "no-such-agent" is not a known agent']);
    const tooFast = await client.post('/api/keys').send({ name: 'x', requestsPerMinute: 31 }).expect(400);
    expect(tooFast.body.details).toEqual(['requestsPerMinute: at most API_KEY_RPM (30); a key may be given less']);
    await client.post('/api/keys').send({ name: 'slower', requestsPerMinute: 30 }).expect(201);
    await client.post('/api/keys').send({ name: '   ' }).expect(400);
    await client.post('/api/keys').send({ name: 'x', expiresInDays: 0 }).expect(400);
  });

  it('needs the access cookie: without it nothing is listed, made or revoked', async () => {
    const key = await make({ name: 'private' });
    await sut.anonymous().get('/api/keys').expect(401);
    await sut.anonymous().post('/api/keys').send({ name: 'x' }).expect(401);
    await sut.anonymous().delete(`/api/keys/${key.apiKey.id}`).expect(401);
    // Nor does a key open them: keys are for /v1 only.
    await sut.anonymous().get('/api/keys').set('Authorization', `Bearer ${key.secret}`).expect(401);
  });
});
