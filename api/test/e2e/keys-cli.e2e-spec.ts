import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { repoRoot } from '../../src/config/repo-paths';
import { newDataDir } from '../support/data-dirs';
import { fixtureAgentsDir } from '../support/fixture-agents';
import { ANNA, BEN, writePeople } from '../support/people';
import { startTestApp, type TestApp } from '../support/test-app';
import { createIsolatedDatabase, type IsolatedDatabase } from '../support/test-database';

interface Run {
  status: number;
  out: string[];
  err: string;
}

/** `npm run keys:add -- …` as npm runs it (tsx over the sources), in a folder of its own, with `env` only. */
function keysAdd(cwd: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [
        join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
        '--conditions=source',
        '--tsconfig',
        join(repoRoot, 'api/tsconfig.json'),
        join(repoRoot, 'api/src/api-keys/keys-add.cli.ts'),
        ...args,
      ],
      { cwd, env: { PATH: process.env.PATH, AGENTS_DIR: fixtureAgentsDir, DATA_DIR: join(cwd, 'data'), ...env } },
      (error, stdout, stderr) =>
        resolve({
          status: error ? (error.code as number) : 0,
          out: stdout.trim().split('\n'),
          err: stderr.trim(),
        }),
    );
    child.stdin?.end();
  });
}

const KEY = /^mb-[0-9a-f]{8}-[A-Za-z0-9_-]{43}$/;

describe('npm run keys:add', () => {
  let dir: string;
  let database: IsolatedDatabase;
  let sut: TestApp | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mb-keys-cli-'));
    database = await createIsolatedDatabase();
  });
  afterEach(async () => {
    await sut?.close();
    sut = undefined;
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const models = async (secret: string) =>
    (
      await request(sut!.app.getHttpServer()).get('/v1/models').set('Authorization', `Bearer ${secret}`).expect(200)
    ).body.data.map((model: { id: string }) => model.id);

  it('makes a key in the server’s database, printed once, that opens /v1/models for its agents only', async () => {
    const run = await keysAdd(dir, ['Home Assistant', '--agents', 'completions-only,calls-tools', '--expires', '30d'], {
      DATABASE_URL: database.url,
      PORT: '4123',
      API_KEY_RPM: '20',
    });
    expect(run).toMatchObject({ status: 0, err: '' });
    expect(run.out).toEqual([
      expect.stringMatching(
        /^Made the API key "Home Assistant" \(for completions-only, calls-tools, until \d{4}-\d\d-\d\d, 20 requests a minute, confirm tools denied\):$/,
      ),
      expect.stringMatching(KEY),
      "It is shown only now (only its hash is kept). Use it as OPENAI_API_KEY with OPENAI_BASE_URL=http://localhost:4123/v1 and an agent id as the model (e.g. completions-only); revoke it in the private area's API keys screen.",
    ]);
    const secret = run.out[1];

    const client = new Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query('SELECT * FROM api_keys');
    await client.end();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(12));
    expect(rows[0]).toMatchObject({ name: 'Home Assistant', owner_id: null, allow_confirm_tools: false });
    const days = (rows[0].expires_at.getTime() - rows[0].created_at.getTime()) / 86_400_000;
    expect(days).toBe(30);

    sut = await startTestApp({ database });
    expect((await models(secret)).sort()).toEqual(['calls-tools', 'completions-only']);
    const listed = await (await sut.authorized()).get('/api/keys').expect(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ name: 'Home Assistant', agents: ['completions-only', 'calls-tools'] }),
    ]);
  }, 60_000);

  it('with people, makes the key of the person --person names, who sees through it what they may use', async () => {
    const people = join(dir, 'people.json');
    await writePeople(people, [ANNA, BEN]);
    const env = { DATABASE_URL: database.url, PEOPLE_FILE: people };
    const [nobody, ben, anna] = await Promise.all([
      keysAdd(dir, ['editor'], env),
      keysAdd(dir, ['editor', '--person', 'ben', '--confirm-tools', '--rpm', '5'], env),
      keysAdd(dir, ['editor', '--person', 'anna'], env),
    ]);
    expect(nobody).toMatchObject({
      status: 1,
      err: `keys:add: people are configured (${people}): say whose key it is with --person <id>`,
    });
    expect(ben.out[0]).toBe(
      'Made the API key "editor" of ben (for every agent its owner may use, never expiring, 5 requests a minute, confirm tools allowed):',
    );
    sut = await startTestApp({ database, env: { PEOPLE_FILE: people } });
    expect(await models(ben.out[1])).not.toContain('meant-for-anna');
    expect(await models(anna.out[1])).toContain('meant-for-anna');
  }, 60_000);

  it.each([
    [
      ['x', '--agents', 'completions-only,no-such-agent'],
      /^keys:add: --agents: "no-such-agent" is not an agent in .*fixtures\/agents \(.*completions-only/,
    ],
    [
      ['x', '--expires', '30 days'],
      /^keys:add: --expires: a number of days from 1 to 3650, as 30d or 30 \(not "30 days"\)$/,
    ],
    [['x', '--expires', '0d'], /^keys:add: --expires: a number of days from 1 to 3650/],
    [['x', '--rpm', '61'], /^keys:add: --rpm: at most API_KEY_RPM \(60\); a key may be given less$/],
    [['x', '--person', 'anna'], /^keys:add: --person: there are no people \(no file at .*people\.json, PEOPLE_FILE\)$/],
    [[], /^keys:add: a name is needed \(usage: npm run keys:add -- <name> /],
    [['  '], /^keys:add: the name must be 1 to 100 characters$/],
  ])(
    'refuses %j in one line with exit code 1, making no key',
    async (args, message) => {
      const run = await keysAdd(dir, args, { DATABASE_URL: database.url });
      expect(run.status).toBe(1);
      expect(run.err).toMatch(message);
      expect(run.err.split('\n')).toHaveLength(1);
      const client = new Client({ connectionString: database.url });
      await client.connect();
      const tables = await client.query(
        `SELECT 1 FROM information_schema.tables WHERE table_name = 'api_keys' AND table_schema = current_schema()`,
      );
      await client.end();
      expect(tables.rows).toEqual([]);
    },
    30_000,
  );

  it('says to use the keys screen or POST /api/keys while a server holds the embedded database, touching nothing', async () => {
    const dataDir = newDataDir('mb-keys-cli-data-');
    try {
      // This test's own process stands for the server: alive, and holding DATA_DIR's lock.
      writeFileSync(join(dataDir, 'pgdata.lock'), String(process.pid));
      const run = await keysAdd(dir, ['x'], { DATA_DIR: dataDir });
      expect(run).toMatchObject({ status: 1, out: [''] });
      expect(run.err).toBe(
        `keys:add: The server (process ${process.pid}) holds the embedded database in ${dataDir}, which only one process can open: make the key in the private area's API keys screen, or with POST /api/keys, instead.`,
      );
      expect(readFileSync(join(dataDir, 'pgdata.lock'), 'utf8')).toBe(String(process.pid));
      expect(existsSync(join(dataDir, 'postgresql'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
