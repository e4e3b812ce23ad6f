import { existsSync, rmSync } from 'node:fs';
import { FakeOpenAI } from '../fakes/fake-openai';
import { newDataDir } from './data-dirs';
import { fixtureAgentsDir } from './fixture-agents';
import { SERVER_KEY } from './model-fakes';
import { builtServer, freePort, runServer, waitForOutput, type ServerProcess } from './server-process';
import { TEST_ACCESS_CODE } from './test-app';
import { createIsolatedDatabase, type IsolatedDatabase } from './test-database';
import { isolatedRedis, type IsolatedRedis } from './test-redis';

const SESSION_SECRET = 'replicas-share-this-secret-0123456789abcdef';

export interface Replica {
  name: string;
  server: ServerProcess;
  baseUrl: string;
}

/** A bound on a wait that does not keep the test run alive. */
const deadline = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Real server processes (the built api/dist/main.js) on one fake model, one PostgreSQL schema and one Redis key
 * prefix, as replicas behind a proxy would run. open() sets its parts one by one, so close() undoes as much as a
 * failed open() did.
 */
export class ReplicaSet {
  openai!: FakeOpenAI;
  redis!: IsolatedRedis;
  database!: IsolatedDatabase;
  readonly replicas: Replica[] = [];
  private readonly dirs: string[] = [];

  /** `dataDirPrefix`: how the replicas' DATA_DIR folders are named. */
  constructor(private readonly dataDirPrefix: string) {}

  async open(): Promise<void> {
    if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build -w api first`);
    this.openai = await FakeOpenAI.start({ acceptedKeys: [SERVER_KEY] });
    this.redis = await isolatedRedis();
    this.database = await createIsolatedDatabase();
  }

  /** A fresh folder, removed by close(). */
  newDir(prefix: string): string {
    const dir = newDataDir(prefix);
    this.dirs.push(dir);
    return dir;
  }

  /** Starts a replica with the shared settings and `env` over them; resolves once it serves. */
  async start(name: string, env: Record<string, string> = {}): Promise<Replica> {
    const port = await freePort();
    const server = runServer({
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: this.newDir(`${this.dataDirPrefix}-${name}-`),
      AGENTS_DIR: fixtureAgentsDir,
      ACCESS_CODE: TEST_ACCESS_CODE,
      SESSION_SECRET,
      DATABASE_URL: this.database.url,
      REDIS_URL: this.redis.url,
      REDIS_PREFIX: this.redis.prefix,
      OPENAI_BASE_URL: this.openai.baseUrl,
      OPENAI_API_KEY: SERVER_KEY,
      ...env,
    });
    const replica: Replica = { name, server, baseUrl: `http://127.0.0.1:${port}` };
    this.replicas.push(replica);
    await waitForOutput(server, new RegExp(`Open http://localhost:${port}`), 60_000);
    return replica;
  }

  /** Between tests: the last test's model calls over, and no script left. */
  async resetModel(): Promise<void> {
    await this.openai.idle();
    this.openai.reset();
  }

  async close(): Promise<void> {
    const servers = this.replicas.map(({ server }) => server);
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => Promise.race([server.exited, deadline(10_000)])));
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await this.openai?.close();
    await this.redis?.flush();
    await this.redis?.close();
    await this.database?.drop();
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
  }
}
