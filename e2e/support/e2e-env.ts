import { join } from 'node:path';

/**
 * The one place the browser tests' ports, keys and URLs are defined; read by playwright.config.ts,
 * the fake upstreams script and the tests.
 */

/** The shared access code both app servers are started with. */
export const ACCESS_CODE = 'e2e-access-code';

/** The model key of the keyed app server (accepted by the fake OpenAI). */
export const SERVER_KEY = 'sk-e2e-server-key-000000000000000';
/** A key a user brings in the browser (also accepted by the fake OpenAI). */
export const USER_KEY = 'sk-e2e-user-key-0000000000000000000';
/** The Serper key of both app servers (the only one the fake Serper accepts). */
export const SERPER_KEY = 'serper-e2e-key';

/** Shifts every port, so two runs can share a machine (e.g. E2E_PORT_OFFSET=2000; mind fetch's blocked ports such as 4190). */
const portOffset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const KEYED_PORT = 3100 + portOffset;
export const KEYLESS_PORT = 3101 + portOffset;
export const FAKE_OPENAI_PORT = 3190 + portOffset;
export const FAKE_SERPER_PORT = 3191 + portOffset;
export const CONTROL_PORT = 3192 + portOffset;

/** The app whose server has an OpenAI key; Playwright's default baseURL. */
export const KEYED_BASE_URL = `http://127.0.0.1:${KEYED_PORT}`;
/**
 * The app without a server key. Its host differs from the keyed app's (localhost, not 127.0.0.1)
 * because cookies ignore the port: on one host the two apps would overwrite each other's access cookie.
 */
export const KEYLESS_BASE_URL = `http://localhost:${KEYLESS_PORT}`;

/** What the apps get as OPENAI_BASE_URL (FakeOpenAI serves under /v1). */
export const FAKE_OPENAI_BASE_URL = `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`;
/** What the apps get as SERPER_BASE_URL (FakeSerper serves POST /search at its root). */
export const FAKE_SERPER_BASE_URL = `http://127.0.0.1:${FAKE_SERPER_PORT}`;
/** The fake upstreams' control server (see fake-upstreams.ts). */
export const CONTROL_BASE_URL = `http://127.0.0.1:${CONTROL_PORT}`;

/**
 * The agent files of the browser tests, each named for the behaviour it exercises. The app servers
 * read these, never the shipped agents/, so rewording a persona cannot break a browser test.
 */
export const FIXTURE_AGENTS_DIR = join(__dirname, '..', 'fixtures', 'agents');

/** The agent files the keyed app watches: a per-run copy of the fixture agents inside the run's data directory. */
export function agentsDirUnder(dataRoot: string): string {
  return `${dataRoot}/agents`;
}

/** In a test: the keyed app's agents directory (playwright.config.ts passes the run's data root on). */
export function keyedAgentsDir(): string {
  const root = process.env.MB_E2E_DATA_DIR;
  if (!root) throw new Error('MB_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  return agentsDirUnder(root);
}
