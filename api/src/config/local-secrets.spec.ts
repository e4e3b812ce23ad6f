import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { generateSessionSecret, readOrCreateSecret } from './local-secrets';

const run = promisify(execFile);

describe(readOrCreateSecret.name, () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'mb-secrets-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the secret once, private, and reads it back afterwards', () => {
    const first = readOrCreateSecret(dataDir, 'session-secret', generateSessionSecret);
    expect(readOrCreateSecret(dataDir, 'session-secret', () => 'another')).toBe(first);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8')).toBe(`${first}\n`);
    expect(statSync(join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir)).toEqual(['session-secret']);
  });

  it('gives processes that share the directory and start together one and the same secret', async () => {
    // They all look for the secret at the same instant, and each takes a while to make one.
    const script = `
      const { readOrCreateSecret, generateSessionSecret } = require(${JSON.stringify(join(__dirname, 'local-secrets.ts'))});
      const slowly = () => (Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300), generateSessionSecret());
      const startAt = Number(process.argv[2]);
      while (Date.now() < startAt) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      process.stdout.write(readOrCreateSecret(process.argv[1], 'session-secret', slowly));`;
    const startAt = String(Date.now() + 2500);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => run(process.execPath, ['--import', 'tsx', '-e', script, dataDir, startAt])),
    );
    const secrets = new Set(answers.map(({ stdout }) => stdout));
    expect(secrets.size).toBe(1);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe([...secrets][0]);
    expect(readdirSync(dataDir)).toEqual(['session-secret']);
  });
});
