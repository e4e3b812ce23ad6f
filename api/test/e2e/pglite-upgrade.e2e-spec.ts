import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import request from 'supertest';
import { newDataDir } from '../support/data-dirs';
import { fixtureAgentsDir } from '../support/fixture-agents';
import { writePgliteDatabase } from '../support/pglite-database';
import { builtServer, freePort, runServer, waitForOutput, type ServerProcess } from '../support/server-process';

const ACCESS_CODE = 'upgrade-code';
const AGENT = 'completions-only';
const SESSION_A = '0d7a3c9e-1b7f-4a4e-9c61-5a0f0c1e2a01';
const SESSION_B = '0d7a3c9e-1b7f-4a4e-9c61-5a0f0c1e2a02';
/** More than one batch of the copy (500 rows). */
const MESSAGES_IN_A = 1_201;
/** Before these migrations: the server runs them itself over the copied rows. */
const MIGRATIONS_BEFORE_PINS = 6;

/** Every file's bytes, by path: equal digests mean the files are exactly as they were. */
function digestOf(dir: string): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

async function seedChats(dataDir: string, migrationCount: number, extraMigration?: string): Promise<void> {
  await writePgliteDatabase(join(dataDir, 'pgdata'), {
    migrationCount,
    extraMigration,
    async seed(db) {
      await db.query(
        `INSERT INTO chat_sessions (id, agent_type, title, created_at, updated_at, persona)
         VALUES ($1, $3, 'Gärten im Frühling', now() - interval '2 days', now() - interval '1 day', '{"role_description": "A gardener"}'),
                ($2, $3, 'Crawlspace humidity', now() - interval '1 day', now(), NULL)`,
        [SESSION_A, SESSION_B, AGENT],
      );
      await db.query(
        `INSERT INTO chat_messages (session_id, role, content, "order", created_at, sources)
         SELECT $1, CASE WHEN n % 2 = 0 THEN 'user' ELSE 'assistant' END,
                CASE WHEN n = 0 THEN 'Welche Gärten blühen im März? 🌷' ELSE 'message ' || n END,
                n, now() - interval '1 day' + n * interval '1 second',
                CASE WHEN n = 1 THEN '[{"title": "Kew", "link": "https://example.org/kew"}]'::jsonb END
         FROM generate_series(0, $2::int - 1) AS n`,
        [SESSION_A, MESSAGES_IN_A],
      );
      await db.query(
        `INSERT INTO chat_messages (session_id, role, content, "order", created_at)
         VALUES ($1, 'user', 'How dry should a crawlspace be?', 0, now())`,
        [SESSION_B],
      );
      await db.query(
        `INSERT INTO chat_persona_history (id, session_id, persona, description, created_at)
         VALUES (gen_random_uuid(), $1, '{"role_description": "A gardener"}', 'Pasted in the chat', now())`,
        [SESSION_A],
      );
    },
  });
}

describe('Upgrading a DATA_DIR of the earlier embedded engine, PGlite (the built server)', () => {
  let dataDir: string;
  let running: ServerProcess | undefined;

  beforeAll(() => {
    if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build -w api first`);
  });
  beforeEach(() => (dataDir = newDataDir('mb-upgrade-')));
  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await running.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const boot = (port: number) =>
    runServer({ PORT: String(port), DATA_DIR: dataDir, AGENTS_DIR: fixtureAgentsDir, ACCESS_CODE });

  it('copies every row into PostgreSQL, prints the counts, keeps the old files aside and serves the chats', async () => {
    await seedChats(dataDir, MIGRATIONS_BEFORE_PINS);
    const before = digestOf(join(dataDir, 'pgdata'));
    const port = await freePort();
    running = boot(port);
    await waitForOutput(running, /Open http:\/\//, 90_000);

    const output = running.output();
    expect(output).toContain(`chat_messages: ${MESSAGES_IN_A + 1} rows before, ${MESSAGES_IN_A + 1} after`);
    expect(output).toContain('chat_sessions: 2 rows before, 2 after');
    expect(output).toContain('chat_persona_history: 1 rows before, 1 after');
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('pgdata.pglite-backup-'));
    expect(aside).toHaveLength(1);
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
    expect(digestOf(join(dataDir, aside[0]))).toBe(before);
    expect(output).toContain(`The earlier files are kept in ${join(dataDir, aside[0])}`);

    const client = request.agent(`http://127.0.0.1:${port}`);
    await client.post('/api/auth/grant-access').send({ passcode: ACCESS_CODE }).expect(200);
    const sessions = (await client.get('/api/chat/sessions').expect(200)).body as Array<{ id: string; title: string }>;
    expect(sessions.map((session) => session.title)).toEqual(['Crawlspace humidity', 'Gärten im Frühling']);
    const messages = (await client.get(`/api/chat/sessions/${SESSION_A}/messages?limit=1000`).expect(200)).body;
    expect(messages).toHaveLength(1000);
    expect(messages.at(-1)).toMatchObject({ order: MESSAGES_IN_A - 1, content: `message ${MESSAGES_IN_A - 1}` });
    const oldest = (await client.get(`/api/chat/sessions/${SESSION_A}/messages?before=2`).expect(200)).body;
    expect(oldest[0]).toMatchObject({ role: 'user', content: 'Welche Gärten blühen im März? 🌷' });
    expect(oldest[1].sources).toEqual([{ title: 'Kew', link: 'https://example.org/kew' }]);
    // The search vectors are computed again by the new server, in English and German forms.
    const found = (await client.get('/api/chat/search').query({ q: 'Garten' }).expect(200)).body;
    expect(found.results.map((result: { sessionId: string }) => result.sessionId)).toContain(SESSION_A);
    // The migrations after the old database's ran over the copied rows (pins came later).
    await client.patch(`/api/chat/sessions/${SESSION_B}`).send({ pinned: true }).expect(200);
    // The identity of messages goes on past the copied ones.
    await client
      .post(`/api/chat/sessions/${SESSION_B}/messages`)
      .send({ role: 'user', content: 'And in winter?' })
      .expect(201);

    // Stopped just after the copy was put in place, before the old files moved: the next start finishes that.
    running.child.kill('SIGKILL');
    await running.exited;
    renameSync(join(dataDir, aside[0]), join(dataDir, 'pgdata'));
    running = boot(port);
    await waitForOutput(running, /Open http:\/\//, 90_000);
    expect(running.output()).not.toContain('rows before');
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
    const again = (await client.get(`/api/chat/sessions/${SESSION_B}/messages`).expect(200)).body;
    expect(again.map((message: { content: string }) => message.content)).toEqual([
      'How dry should a crawlspace be?',
      'And in winter?',
    ]);
  }, 120_000);

  it('refuses a database a newer version wrote: says why, starts nothing and leaves the old files untouched', async () => {
    await seedChats(dataDir, MIGRATIONS_BEFORE_PINS, 'FromTheFuture1899999999999');
    const before = digestOf(join(dataDir, 'pgdata'));
    running = boot(await freePort());

    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(
      /could not be copied \(it was written by another version of the app \(its migration FromTheFuture1899999999999 is not one of this version's\)\); its files are untouched/,
    );
    expect(digestOf(join(dataDir, 'pgdata'))).toBe(before);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('postgresql'))).toEqual([]);
  }, 120_000);
});
