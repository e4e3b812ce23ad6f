import { existsSync, rmSync } from 'node:fs';
import { FakeOpenAI } from '../fakes/fake-openai';
import { newDataDir } from './data-dirs';
import { fixtureAgentsDir } from './fixture-agents';
import { accessCookie, makeKeyOverHttp } from './keys-over-http';
import { SERVER_KEY } from './model-fakes';
import { builtServer, freePort, runServer, waitForOutput } from './server-process';
import { createIsolatedDatabase } from './test-database';

export interface BuiltServer {
  /** http://127.0.0.1:<port> */
  base: string;
  /** The fake model service behind it. */
  openai: FakeOpenAI;
  /** A key for `agents`, made as the private area makes one: POST /api/keys with the access cookie. */
  makeKey(name: string, agents: string[]): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The built server in its own process, as production runs it: a database of its own, the fixture agents, and the
 * fake model service behind it. For clients nobody here wrote (curl, the Python package), which talk to it over HTTP.
 */
export async function startBuiltServer(label: string): Promise<BuiltServer> {
  if (!existsSync(builtServer)) throw new Error(`${builtServer} is missing: run npm run build -w api first`);
  const accessCode = `${label}-test-code`;
  const openai = await FakeOpenAI.start({ acceptedKeys: [SERVER_KEY] });
  const dataDir = newDataDir(`mb-${label}-`);
  const database = await createIsolatedDatabase();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = runServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    AGENTS_DIR: fixtureAgentsDir,
    ACCESS_CODE: accessCode,
    OPENAI_API_KEY: SERVER_KEY,
    OPENAI_BASE_URL: openai.baseUrl,
  });
  await waitForOutput(server, /Open http:\/\//);
  return {
    base,
    openai,
    makeKey: async (name, agents) =>
      (await makeKeyOverHttp(base, await accessCookie(base, accessCode), { name, agents })).secret,
    async stop() {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      await openai.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
