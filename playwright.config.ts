import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  ACCESS_CODE,
  CONTROL_BASE_URL,
  FAKE_OPENAI_BASE_URL,
  FIXTURE_AGENTS_DIR,
  FAKE_SERPER_BASE_URL,
  KEYED_BASE_URL,
  KEYED_PORT,
  KEYLESS_PORT,
  SERPER_KEY,
  SERVER_KEY,
  agentsDirUnder,
} from './e2e/support/e2e-env';
import { mcpServersFileUnder, writeMcpServersFile } from './e2e/support/mcp-servers';

// Playwright loads this file in the runner and again in each worker; the environment carries the
// directory across so every run gets exactly one fresh, empty data directory per app server.
const dataDirVariable = 'MB_E2E_DATA_DIR';
if (!process.env[dataDirVariable]) {
  const created = mkdtempSync(join(tmpdir(), 'mb-e2e-'));
  // Run as root, the embedded PostgreSQL runs as an unprivileged user, who must be let through to its files.
  chmodSync(created, 0o711);
  process.env[dataDirVariable] = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
const dataRoot = process.env[dataDirVariable];
// The app servers start as `npm run serve` starts one (node's flags included), without npm in between.
const serveCommand = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { serve: string } }).scripts.serve;
const keyedDataDir = join(dataRoot, 'keyed');
const keylessDataDir = join(dataRoot, 'keyless');
mkdirSync(keyedDataDir, { recursive: true });
mkdirSync(keylessDataDir, { recursive: true });
// Both apps read the browser tests' own agent files, never the shipped agents/. The keyed app reads a
// copy, so a test can drop in a new agent without touching the repo.
const keyedAgentsDir = agentsDirUnder(dataRoot);
if (!existsSync(keyedAgentsDir)) cpSync(FIXTURE_AGENTS_DIR, keyedAgentsDir, { recursive: true });
// Both apps connect the same MCP servers: the reference server over stdio, and one that is down.
const mcpServersFile = mcpServersFileUnder(dataRoot);
if (!existsSync(mcpServersFile)) writeMcpServersFile(mcpServersFile);

// The web servers inherit the runner's environment: blank what must not leak in from it.
const appEnv = {
  ACCESS_CODE,
  NODE_ENV: 'test',
  DATABASE_URL: '',
  SESSION_SECRET: '',
  AGENTS_DIR: '',
  TRUST_PROXY: '',
  OPENAI_BASE_URL: FAKE_OPENAI_BASE_URL,
  OPENAI_MODEL: '',
  OPENAI_TIMEOUT_MS: '10000',
  SERPER_API_KEY: SERPER_KEY,
  SERPER_BASE_URL: FAKE_SERPER_BASE_URL,
  MCP_SERVERS_FILE: mcpServersFile,
};

const server = {
  reuseExistingServer: false,
  timeout: 60_000,
  stderr: 'pipe',
  gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
} as const;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  reporter: 'list',
  use: {
    baseURL: KEYED_BASE_URL,
    trace: 'retain-on-failure',
    // A service worker answers a page's requests before Playwright sees them (page.route, the response
    // checks of e2e/fixtures.ts); only the specs of the installable app (pwa.spec.ts) allow it.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // Started in order: the fakes first, so the apps never see a missing upstream.
  webServer: [
    {
      name: 'upstreams',
      command: 'npx tsx e2e/support/fake-upstreams.ts',
      url: `${CONTROL_BASE_URL}/control/health`,
      ...server,
    },
    {
      name: 'keyed',
      command: serveCommand,
      url: `http://127.0.0.1:${KEYED_PORT}/api/health`,
      env: {
        ...appEnv,
        PORT: String(KEYED_PORT),
        DATA_DIR: keyedDataDir,
        AGENTS_DIR: keyedAgentsDir,
        OPENAI_API_KEY: SERVER_KEY,
      },
      ...server,
    },
    {
      name: 'keyless',
      command: serveCommand,
      url: `http://127.0.0.1:${KEYLESS_PORT}/api/health`,
      env: {
        ...appEnv,
        PORT: String(KEYLESS_PORT),
        DATA_DIR: keylessDataDir,
        AGENTS_DIR: FIXTURE_AGENTS_DIR,
        OPENAI_API_KEY: '',
      },
      ...server,
    },
  ],
});
