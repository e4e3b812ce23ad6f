import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { fixtureAgentsDir } from '../support/fixture-agents';
import { builtServer, freePort, runServer, waitForOutput, type ServerProcess } from '../support/server-process';
import { createIsolatedDatabase } from '../support/test-database';
import { newDataDir } from '../support/data-dirs';

describe('The built server (e2e)', () => {
  let dataDir: string;
  let running: ServerProcess | undefined;

  beforeAll(() => {
    if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build -w api first`);
  });
  beforeEach(() => (dataDir = newDataDir('mb-boot-')));
  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with no configuration, prints the URL and how to get the generated code, and keeps data through kill -9', async () => {
    const database = await createIsolatedDatabase();
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database?.url };
    try {
      running = runServer(env);
      await waitForOutput(running, /Access code: /);
      const code = readFileSync(join(dataDir, 'access-code'), 'utf8').trim();
      expect(running.output()).toContain(`Open http://localhost:${port}`);
      expect(running.output()).toMatch(/read it with: cat .*access-code/);
      expect(running.output()).not.toContain(code);

      const url = `http://127.0.0.1:${port}`;
      const client = request.agent(url);
      await client.post('/api/auth/grant-access').send({ passcode: code }).expect(200);
      // Whichever agents the repository ships: this test is about running with no configuration.
      const [agent] = (await client.get('/api/agents').expect(200)).body as Array<{ id: string }>;
      const session = (
        await client.post('/api/chat/sessions').send({ agentType: agent.id, title: 'Lisbon in May' }).expect(201)
      ).body;
      await client
        .post(`/api/chat/sessions/${session.id}/messages`)
        .send({ role: 'user', content: 'Find us a quiet hotel' })
        .expect(201);

      running.child.kill('SIGKILL');
      await running.exited;

      running = runServer(env);
      await waitForOutput(running, /Access code: /);
      // Same secret and code from DATA_DIR, so the old cookie still works after the restart.
      const messages = await client.get(`/api/chat/sessions/${session.id}/messages`).expect(200);
      expect(messages.body).toEqual([
        expect.objectContaining({ role: 'user', content: 'Find us a quiet hotel', order: 0 }),
      ]);
    } finally {
      running?.child.kill('SIGKILL');
      await running?.exited;
      await database?.drop();
    }
  });

  it('stops the boot on a bad agent file with file: /pointer: message', async () => {
    const agentsDir = join(dataDir, 'agents');
    cpSync(fixtureAgentsDir, agentsDir, { recursive: true });
    const agent = JSON.parse(readFileSync(join(agentsDir, 'completions-only.json'), 'utf8'));
    writeFileSync(
      join(agentsDir, 'completions-only.json'),
      JSON.stringify({ ...agent, model: { temperature: 'hot', maxTokens: 1500 } }),
    );
    running = runServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      AGENTS_DIR: agentsDir,
      ACCESS_CODE: 'code-1234',
    });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/agents\/completions-only\.json: \/model\/temperature: must be number/);
    expect(running.output()).not.toMatch(/\n\s+at /);
  });

  it('stops the boot on bad configuration, one line per problem and no values', async () => {
    running = runServer({ PORT: 'not-a-port', DATA_DIR: dataDir, DATABASE_URL: 'mysql://root:s3cret@db/app' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(
      /^Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(running.output()).not.toContain('s3cret');
  });

  it('refuses to start in production without ACCESS_CODE', async () => {
    running = runServer({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('ACCESS_CODE: is required when NODE_ENV=production');
  });
});
