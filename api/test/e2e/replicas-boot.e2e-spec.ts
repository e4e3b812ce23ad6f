import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrations } from '../../src/database/migrations';
import { fixtureAgentsDir } from '../support/fixture-agents';
import { builtServer, freePort, runServer, waitForOutput, type ServerProcess } from '../support/server-process';
import { createIsolatedDatabase } from '../support/test-database';
import { newDataDir } from '../support/data-dirs';

const STARTED = /Open http:\/\//;

/**
 * Several processes started at the same moment. Replicas that share a PostgreSQL must all boot (their
 * migrations take turns under an advisory lock); the embedded database belongs to one process, so of
 * processes on one data directory exactly one must boot and the others must refuse it, untouched.
 */
describe('Processes started together (the built server)', () => {
  const started: ServerProcess[] = [];
  let dataDir: string;

  beforeAll(() => {
    if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build -w api first`);
  });
  beforeEach(() => (dataDir = newDataDir('mb-replicas-')));
  afterEach(async () => {
    for (const server of started.splice(0)) {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startThree(env: (port: number, index: number) => Record<string, string | undefined>) {
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    started.push(...ports.map((port, index) => runServer({ PORT: String(port), ...env(port, index) })));
    return ports;
  }

  const common = { AGENTS_DIR: fixtureAgentsDir, ACCESS_CODE: 'replica-code' };

  it('PostgreSQL: three replicas on one fresh database all boot, each migration applied once', async () => {
    const database = await createIsolatedDatabase();
    try {
      // Each replica keeps its secrets in a directory of its own, as separate machines would.
      const ports = await startThree((_port, index) => ({
        ...common,
        DATABASE_URL: database.url,
        DATA_DIR: join(dataDir, `replica-${index}`),
      }));
      await Promise.all(started.map((server) => waitForOutput(server, STARTED, 60_000)));
      for (const port of ports) {
        const health = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
      }

      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        const applied = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
        // Each of the app's migrations exactly once, in order.
        expect(applied.rows.map((row) => row.name)).toEqual(migrations.map((migration) => migration.name));
      } finally {
        await client.end();
      }
    } finally {
      for (const server of started) server.child.kill('SIGKILL');
      await Promise.all(started.map((server) => server.exited));
      await database.drop();
    }
  });
  it('embedded database: of three processes on one data directory exactly one boots; the others refuse it and exit', async () => {
    const ports = await startThree(() => ({ ...common, DATA_DIR: dataDir }));
    const outcomes = await Promise.all(
      started.map((server) =>
        Promise.race([
          waitForOutput(server, STARTED, 60_000).then(() => 'serving' as const),
          server.exited.then((code) => `exited ${code}` as const),
        ]),
      ),
    );

    expect(outcomes.filter((outcome) => outcome === 'serving')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'exited 1')).toHaveLength(2);
    const refused = started.filter((_server, index) => outcomes[index] !== 'serving');
    for (const server of refused) {
      expect(server.output()).toMatch(
        /The embedded database in .* is in use by process \d+; stop it or set another DATA_DIR/,
      );
    }
    const serving = ports[outcomes.indexOf('serving')];
    const health = await fetch(`http://127.0.0.1:${serving}/api/health`);
    expect(health.status).toBe(200);
  });
});
