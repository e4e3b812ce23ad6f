import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashCode } from '../../api/src/access/people/person-code';
import { FAKE_OPENAI_BASE_URL, FAKE_SERPER_BASE_URL, FIXTURE_AGENTS_DIR, SERPER_KEY, SERVER_KEY } from './e2e-env';
import { mcpServersFileUnder } from './mcp-servers';

/** A member of the browser tests' circle, with the code they type. */
export type E2EPerson = { id: string; firstName: string; code: string };

export const ANNA: E2EPerson = { id: 'anna', firstName: 'Anna', code: 'anna-4821-lime' };
export const BEN: E2EPerson = { id: 'ben', firstName: 'Ben', code: 'ben-7730-slate' };

/** The app server with people configured: started by the spec that needs it, not by every run. */
const portOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const PEOPLE_PORT = 3110 + portOffset;
export const PEOPLE_BASE_URL = `http://127.0.0.1:${PEOPLE_PORT}`;

const serveCommand = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { serve: string } }).scripts.serve;

async function writePeopleFile(file: string, people: readonly E2EPerson[]): Promise<void> {
  const entries = await Promise.all(
    people.map(async ({ id, firstName, code }) => ({ id, firstName, codeHash: await hashCode(code) })),
  );
  writeFileSync(file, `${JSON.stringify({ people: entries }, null, 2)}\n`);
}

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${PEOPLE_BASE_URL}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** A running app server whose PEOPLE_FILE lists `people`, over the fixture agents and the fake upstreams. */
export class PeopleServer {
  private constructor(private readonly child: ChildProcess) {}

  static async start(people: readonly E2EPerson[]): Promise<PeopleServer> {
    const dataRoot = process.env.MB_E2E_DATA_DIR;
    if (!dataRoot) throw new Error('MB_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
    const dir = join(dataRoot, 'people');
    mkdirSync(join(dir, 'data'), { recursive: true });
    const peopleFile = join(dir, 'people.json');
    await writePeopleFile(peopleFile, people);
    const child = spawn(serveCommand, {
      shell: true,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(PEOPLE_PORT),
        DATA_DIR: join(dir, 'data'),
        PEOPLE_FILE: peopleFile,
        ACCESS_CODE: 'e2e-people-shared-code',
        DATABASE_URL: '',
        SESSION_SECRET: '',
        TRUST_PROXY: '',
        AGENTS_DIR: FIXTURE_AGENTS_DIR,
        OPENAI_API_KEY: SERVER_KEY,
        OPENAI_BASE_URL: FAKE_OPENAI_BASE_URL,
        OPENAI_MODEL: '',
        OPENAI_TIMEOUT_MS: '10000',
        SERPER_API_KEY: SERPER_KEY,
        SERPER_BASE_URL: FAKE_SERPER_BASE_URL,
        MCP_SERVERS_FILE: mcpServersFileUnder(dataRoot),
      },
    });
    const server = new PeopleServer(child);
    let over = false;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => {
        over = true;
        reject(new Error(`the people server exited (${code}) before it was healthy`));
      }),
    );
    exited.catch(() => undefined);
    // Health is polled until the server answers or the process ends; the spec's own timeout bounds the wait.
    const ready = (async () => {
      while (!over && !(await healthy())) await new Promise((resolve) => setTimeout(resolve, 250));
    })();
    try {
      await Promise.race([ready, exited]);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  /** Ends the server (its whole process group: the shell and node) and waits for it to go. */
  async stop(): Promise<void> {
    const { pid } = this.child;
    if (pid === undefined || this.child.exitCode !== null) return;
    const gone = new Promise((resolve) => this.child.once('exit', resolve));
    process.kill(-pid, 'SIGTERM');
    await gone;
  }
}
