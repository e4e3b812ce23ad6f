import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import request from 'supertest';
import { CapturingLogger } from '../support/capturing-logger';
import { eventually } from '../support/eventually';
import { ANNA, BEN, cookieFor, writePeople, type TestPerson } from '../support/people';
import { newDataDir } from '../support/data-dirs';
import { startTestApp, TEST_ACCESS_CODE, type TestApp } from '../support/test-app';

const CAROL: TestPerson = { id: 'carol', firstName: 'Carol', code: 'carol-1958-pine' };

/** An app whose PEOPLE_FILE lists `people`, in a data dir of its own. */
async function appWithPeople(people: TestPerson[], env: Record<string, string> = {}, logger?: CapturingLogger) {
  const dataDir = newDataDir('mb-people-');
  const file = join(dataDir, 'people.json');
  await writePeople(file, people);
  const sut = await startTestApp({ dataDir, env: { PEOPLE_FILE: file, ...env }, logger });
  return { sut, file };
}

const checkAccess = (sut: TestApp, cookie = '') =>
  request(sut.app.getHttpServer()).get('/api/auth/check-access').set('Cookie', cookie);

const signedOut = async (sut: TestApp, cookie: string) => (await checkAccess(sut, cookie)).body.authorized === false;

describe('People: signing in with a personal code (e2e)', () => {
  const logger = new CapturingLogger();
  let sut: TestApp;
  let file: string;

  beforeAll(async () => {
    ({ sut, file } = await appWithPeople([ANNA, BEN], {}, logger));
  });
  afterAll(() => sut.close());

  it('says people are configured, and signs a person in by their code in any case, naming them', async () => {
    await checkAccess(sut).expect(200, { authorized: false, people: true });
    const res = await sut
      .anonymous()
      .post('/api/auth/grant-access')
      .send({ passcode: `  ${ANNA.code.toUpperCase()} ` })
      .expect(200, { success: true, viewer: { kind: 'person', personId: 'anna', firstName: 'Anna' } });
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(/^mb_access=p1\.anna\./);
    expect(cookie).not.toContain(ANNA.code);
    await checkAccess(sut, cookie).expect(200, {
      authorized: true,
      people: true,
      viewer: { kind: 'person', personId: 'anna', firstName: 'Anna' },
    });
    await sut.anonymous().get('/api/chat/sessions').set('Cookie', cookie).expect(200);
  });

  it('refuses the shared code once people exist (ACCESS_CODE_WITH_PEOPLE=off, the default), as a wrong code', async () => {
    const res = await sut.anonymous().post('/api/auth/grant-access').send({ passcode: TEST_ACCESS_CODE }).expect(401);
    expect(res.body).toMatchObject({ code: 'ACCESS_DENIED', message: 'Invalid passcode. Please try again.' });
  });

  it('throttles wrong codes across personal codes too: after five, even a right one waits', async () => {
    const client = () => sut.anonymous().post('/api/auth/grant-access').set('X-Forwarded-For', '203.0.113.40');
    for (let i = 0; i < 5; i++)
      await client()
        .send({ passcode: `anna-guess-${i}` })
        .expect(401);
    const blocked = await client().send({ passcode: ANNA.code }).expect(429);
    expect(blocked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });

  it('signs a person out everywhere when the file no longer lists them, and keeps the others in', async () => {
    const anna = await cookieFor(sut, ANNA.code);
    const ben = await cookieFor(sut, BEN.code);
    await writePeople(file, [ANNA]);
    await eventually(() => signedOut(sut, ben), "Ben's removal to sign him out");
    await sut.anonymous().get('/api/chat/sessions').set('Cookie', ben).expect(401);
    await sut.anonymous().post('/api/auth/grant-access').send({ passcode: BEN.code }).expect(401);
    expect((await checkAccess(sut, anna)).body.authorized).toBe(true);
    await writePeople(file, [ANNA, BEN]);
    await eventually(
      async () => (await sut.anonymous().post('/api/auth/grant-access').send({ passcode: BEN.code })).ok,
      'Ben back',
    );
  });

  it('signs a person out when their code changes: the old code and its cookies no longer open anything', async () => {
    const old = await cookieFor(sut, BEN.code);
    const rekeyed = { ...BEN, code: 'ben-new-0042-fern' };
    await writePeople(file, [ANNA, rekeyed]);
    await eventually(() => signedOut(sut, old), "Ben's new code to sign out his old cookie");
    await sut.anonymous().post('/api/auth/grant-access').send({ passcode: BEN.code }).expect(401);
    const fresh = await cookieFor(sut, rekeyed.code);
    expect((await checkAccess(sut, fresh)).body.viewer).toEqual({ kind: 'person', personId: 'ben', firstName: 'Ben' });
    await writePeople(file, [ANNA, BEN]);
    await eventually(() => signedOut(sut, fresh), 'the old code back');
  });

  it('takes a person added while it runs', async () => {
    await writePeople(file, [ANNA, BEN, CAROL]);
    const carol = await eventually(
      async () => (await sut.anonymous().post('/api/auth/grant-access').send({ passcode: CAROL.code })).ok,
      'Carol added',
    );
    expect(carol).toBe(true);
  });

  it('keeps the last valid list when an edit breaks the file, and says where and why in the log', async () => {
    const anna = await cookieFor(sut, ANNA.code);
    writeFileSync(file, JSON.stringify({ people: [{ id: 'Anna!', firstName: 'Anna', codeHash: 'plain-text' }] }));
    await eventually(() => logger.lines.some((line) => line.includes('kept the last valid list')), 'the reload');
    expect(logger.lines).toContainEqual(expect.stringContaining(`${file}: /people/0/id: must match pattern`));
    expect(logger.lines).toContainEqual(expect.stringContaining(`${file}: /people/0/codeHash: must match pattern`));
    expect((await checkAccess(sut, anna)).body.authorized).toBe(true);
    await cookieFor(sut, CAROL.code);
    await writePeople(file, [ANNA, BEN]);
  });
});

describe('People: the shared code as a guest (ACCESS_CODE_WITH_PEOPLE=guest) (e2e)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    ({ sut } = await appWithPeople([ANNA], { ACCESS_CODE_WITH_PEOPLE: 'guest' }));
  });
  afterAll(() => sut.close());

  it('signs the shared code in as a guest, and a personal code as its person', async () => {
    await sut
      .anonymous()
      .post('/api/auth/grant-access')
      .send({ passcode: TEST_ACCESS_CODE })
      .expect(200, { success: true, viewer: { kind: 'guest' } });
    const guest = await cookieFor(sut, TEST_ACCESS_CODE);
    expect(guest).toMatch(/^mb_access=v1\./);
    await checkAccess(sut, guest).expect(200, { authorized: true, people: true, viewer: { kind: 'guest' } });
  });
});

describe('People: the file at boot (e2e)', () => {
  it('refuses to start when PEOPLE_FILE names a file that is not there', async () => {
    const dataDir = newDataDir('mb-people-');
    await expect(startTestApp({ dataDir, env: { PEOPLE_FILE: join(dataDir, 'absent.json') } })).rejects.toThrow(
      /absent\.json: \/: cannot be read \(ENOENT\)/,
    );
  });

  it('refuses to start on an invalid file, naming each problem by its pointer', async () => {
    const dataDir = newDataDir('mb-people-');
    const file = join(dataDir, 'people.json');
    await writePeople(file, [ANNA, { ...BEN, id: 'anna' }, { ...BEN, id: 'guest' }]);
    const started = startTestApp({ dataDir, env: { PEOPLE_FILE: file } });
    await expect(started).rejects.toThrow(/\/people\/1\/id: "anna" is already \/people\/0\/id/);
    await expect(started).rejects.toThrow(/\/people\/2\/id: "guest" is reserved/);
  });
});
