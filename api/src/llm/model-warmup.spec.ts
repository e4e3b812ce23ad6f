import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAppConfig } from '../config';
import { ModelWarmup } from './model-warmup';

describe(ModelWarmup.name, () => {
  let upstream: Server;
  let upstreamRequests: IncomingMessage[];
  let dataDir: string;
  let sut: ModelWarmup;

  beforeAll(async () => {
    upstreamRequests = [];
    upstream = createServer((req, res) => {
      upstreamRequests.push(req);
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    dataDir = mkdtempSync(join(tmpdir(), 'mb-warmup-'));
    const config = loadAppConfig({
      DATA_DIR: dataDir,
      ACCESS_CODE: 'some-code',
      OPENAI_API_KEY: 'sk-the-server-key-000000000000000000',
      OPENAI_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`,
    });
    sut = new ModelWarmup(config);
  });
  afterAll(async () => {
    await new Promise((resolve) => upstream.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('streams replies through the model client from a loopback stub, never calling the configured service', async () => {
    const outcome = await sut.run();

    expect(outcome.streams).toBe(100);
    expect(outcome.tokens).toBeGreaterThanOrEqual(outcome.streams * 4);
    expect(upstreamRequests).toHaveLength(0);
  });
});
