import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = 3100;
const baseURL = `http://127.0.0.1:${port}`;

// Playwright loads this file in the runner and again in each worker; the environment carries the
// directory across so every run gets exactly one fresh, empty data directory.
const dataDirVariable = 'MB_E2E_DATA_DIR';
if (!process.env[dataDirVariable]) {
  const created = mkdtempSync(join(tmpdir(), 'mb-e2e-'));
  process.env[dataDirVariable] = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
const dataDir = process.env[dataDirVariable] as string;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node api/dist/main.js',
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ACCESS_CODE: 'e2e-access-code',
      NODE_ENV: 'test',
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stderr: 'pipe',
  },
});
