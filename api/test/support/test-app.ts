import 'reflect-metadata';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { INestApplication, LoggerService } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app.factory';
import type { Clock } from '../../src/common/clock';
import { loadAppConfig, type AppConfig } from '../../src/config/app-config';
import { fixtureAgentsDir } from './fixture-agents';
import { createIsolatedDatabase } from './test-database';
import { newDataDir } from './data-dirs';

export const TEST_ACCESS_CODE = 'Correct-Horse-42';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  dataDir: string;
  agentsDir: string;
  /** A client without access. */
  anonymous(): TestAgent;
  /** A client holding the access cookie. */
  authorized(): Promise<TestAgent>;
  /** The app listening on a loopback port, for clients that read streams as they come (fetch). */
  url(): Promise<string>;
  /** The access cookie, for such clients. */
  accessCookie(): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string | undefined>;
  /** Copy the fixture agents into a private directory the test may change. */
  privateAgents?: boolean;
  /** Reuse a data directory (and so its secret and embedded database) from an earlier app. */
  dataDir?: string;
  /** A database the caller created (and drops); by default each app gets its own. */
  database?: { url: string; drop(): Promise<void> };
  /** Where the app logs (default: errors only, to the console). */
  logger?: LoggerService;
  /** The time the app stores (default: the system's). */
  clock?: Clock;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? newDataDir('mb-test-');
  const agentsDir = options.privateAgents ? mkdtempSync(join(tmpdir(), 'mb-agents-')) : fixtureAgentsDir;
  if (options.privateAgents) cpSync(fixtureAgentsDir, agentsDir, { recursive: true });
  const database = options.database ?? (await createIsolatedDatabase());
  const config = loadAppConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AGENTS_DIR: agentsDir,
    ACCESS_CODE: TEST_ACCESS_CODE,
    DATABASE_URL: database?.url,
    ...options.env,
  });
  const app = await createApp(config, { logger: options.logger ?? ['error'], clock: options.clock });
  await app.init();
  const server = app.getHttpServer();
  let listening: Promise<string> | undefined;

  return {
    app,
    config,
    dataDir,
    agentsDir,
    anonymous: () => request.agent(server),
    async authorized() {
      const agent = request.agent(server);
      await agent.post('/api/auth/grant-access').send({ passcode: TEST_ACCESS_CODE }).expect(200);
      return agent;
    },
    url() {
      listening ??= app.listen(0, '127.0.0.1').then(() => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      return listening;
    },
    async accessCookie() {
      const res = await request(server).post('/api/auth/grant-access').send({ passcode: TEST_ACCESS_CODE }).expect(200);
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
    },
    async close() {
      await app.close();
      if (!options.database) await database?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
      if (options.privateAgents) rmSync(agentsDir, { recursive: true, force: true });
    },
  };
}
