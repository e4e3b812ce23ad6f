import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { newDataDir } from '../support/data-dirs';
import { eventually } from '../support/eventually';
import { fixtureAgentsDir } from '../support/fixture-agents';
import { builtServer, freePort, runServer, waitForOutput, type ServerProcess } from '../support/server-process';

const ACCESS_CODE = 'embedded-code';
const STARTED = /Open http:\/\//;

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** postmaster.pid: the server's process, its socket's folder and the address it listens on (empty: none). */
function postmaster(dataDir: string): { pid: number; socketDir: string; listenAddress: string } | undefined {
  const file = join(dataDir, 'postgresql', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(lines[0]), socketDir: lines[4], listenAddress: lines[5].trim() };
}

/** The process that started `pid`, from /proc. */
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
const childrenOf = (pid: number) =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((candidate) => {
      try {
        return parentOf(candidate) === pid;
      } catch {
        return false; // ended meanwhile
      }
    });

/** Ended: gone, or a zombie its parent has not reaped yet. */
const hasEnded = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return true;
  }
};

describe('The embedded database: a real PostgreSQL in DATA_DIR (the built server, no DATABASE_URL)', () => {
  let dataDir: string;
  let running: ServerProcess | undefined;
  const squatters: ChildProcess[] = [];

  beforeAll(() => {
    if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build -w api first`);
  });
  beforeEach(() => (dataDir = newDataDir('mb-embedded-')));
  afterEach(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGTERM');
      await running.exited;
    }
    const left = postmaster(dataDir);
    if (left && isRunning(left.pid)) process.kill(left.pid, 'SIGKILL');
    for (const squatter of squatters.splice(0)) squatter.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function boot(port: number): Promise<ServerProcess> {
    const server = runServer({ PORT: String(port), DATA_DIR: dataDir, AGENTS_DIR: fixtureAgentsDir, ACCESS_CODE });
    await waitForOutput(server, STARTED, 60_000);
    return server;
  }

  async function startChat(port: number, text: string): Promise<string> {
    const client = request.agent(`http://127.0.0.1:${port}`);
    await client.post('/api/auth/grant-access').send({ passcode: ACCESS_CODE }).expect(200);
    const session = (await client.post('/api/chat/sessions').send({ agentType: 'completions-only', title: text }))
      .body as { id: string };
    return session.id;
  }

  async function titles(port: number): Promise<string[]> {
    const client = request.agent(`http://127.0.0.1:${port}`);
    await client.post('/api/auth/grant-access').send({ passcode: ACCESS_CODE }).expect(200);
    return ((await client.get('/api/chat/sessions').expect(200)).body as Array<{ title: string }>).map((s) => s.title);
  }

  it('runs PostgreSQL 18 with its files in DATA_DIR, on a private socket only, behind a generated password', async () => {
    running = await boot(await freePort());
    expect(running.output()).toContain(`Database: embedded PostgreSQL in ${dataDir}`);
    expect(readFileSync(join(dataDir, 'postgresql', 'PG_VERSION'), 'utf8').trim()).toBe('18');
    const server = postmaster(dataDir)!;
    expect(server.listenAddress).toBe(''); // no TCP port at all
    expect(statSync(server.socketDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600);

    const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
    const connect = (secret: string) =>
      new Client({ host: server.socketDir, user: 'postgres', database: 'postgres', password: secret });
    const wrong = connect('not-the-password');
    await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);
    const right = connect(password);
    await right.connect();
    const { rows } = await right.query<{ count: string }>('SELECT count(*) FROM migrations');
    await right.end();
    expect(Number(rows[0].count)).toBeGreaterThan(0);
  });

  it('stops the server with the app: on SIGTERM, and on kill -9 of the app, after which the next start finds the data', async () => {
    const port = await freePort();
    running = await boot(port);
    await startChat(port, 'Kept through kill -9');
    const first = postmaster(dataDir)!;

    running.child.kill('SIGKILL');
    await running.exited;
    // The watchdog removes the socket's folder just after it has reaped the server: wait for both.
    await eventually(
      () => !isRunning(first.pid) && !existsSync(first.socketDir),
      'the server to end when its app is killed, and its socket folder to go',
      { timeoutMs: 10_000 },
    );

    running = await boot(port);
    expect(await titles(port)).toEqual(['Kept through kill -9']);
    const second = postmaster(dataDir)!;
    // Nest ends on SIGTERM after its shutdown hooks, the database's stop among them.
    running.child.kill('SIGTERM');
    await running.exited;
    expect(isRunning(second.pid)).toBe(false);
    expect(postmaster(dataDir)).toBeUndefined();
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
  });

  it('stops a server left running by a run that was killed with its watchdog, then starts on the same data', async () => {
    const port = await freePort();
    running = await boot(port);
    await startChat(port, 'Kept through an orphan');
    const orphan = postmaster(dataDir)!;
    // The watchdog and its watcher (the other child it started) die with the app: nothing stops the server.
    const watchdog = parentOf(orphan.pid);
    const killed = [...childrenOf(watchdog).filter((pid) => pid !== orphan.pid), watchdog];
    for (const pid of killed) process.kill(pid, 'SIGKILL');
    running.child.kill('SIGKILL');
    await running.exited;
    // Once they have ended, nothing is left that could stop the server: it is an orphan.
    await eventually(() => killed.every(hasEnded), 'the watchdog and its watcher to end');
    expect(isRunning(orphan.pid)).toBe(true);

    running = await boot(port);
    expect(running.output()).toContain(
      `Stopping the database server an earlier run left running (process ${orphan.pid})`,
    );
    expect(isRunning(orphan.pid)).toBe(false);
    expect(await titles(port)).toEqual(['Kept through an orphan']);
  });

  it('starts over a postmaster.pid whose process number another program now has', async () => {
    const port = await freePort();
    running = await boot(port);
    await startChat(port, 'Kept through a reused pid');
    running.child.kill('SIGTERM');
    await running.exited;
    // What a crash leaves, with the number of a living process that is not PostgreSQL, of the server's own
    // user (PostgreSQL would take another user's process for a gone one): nobody when this runs as root.
    const { uid, gid } = statSync(join(dataDir, 'postgresql'));
    const squatter = spawn('sleep', ['60'], { uid, gid, stdio: 'ignore' });
    squatters.push(squatter);
    const stale = `${squatter.pid}\n${join(dataDir, 'postgresql')}\n1700000000\n5432\n/tmp\n\n  1234 5678\nready\n`;
    writeFileSync(join(dataDir, 'postgresql', 'postmaster.pid'), stale);

    running = await boot(port);
    expect(await titles(port)).toEqual(['Kept through a reused pid']);
  });
});
