import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../test/support/eventually';
import { generateSessionSecret, readOrCreateSecret } from './local-secrets';

describe(readOrCreateSecret.name, () => {
  let dataDir: string;
  /** Where the race test's processes are told to go. */
  let goDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mb-secrets-'));
    goDir = mkdtempSync(join(tmpdir(), 'mb-secrets-go-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(goDir, { recursive: true, force: true });
  });

  it('creates the secret once, private, and reads it back afterwards', () => {
    const first = readOrCreateSecret(dataDir, 'session-secret', generateSessionSecret);
    expect(readOrCreateSecret(dataDir, 'session-secret', () => 'another')).toBe(first);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8')).toBe(`${first}\n`);
    expect(statSync(join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir)).toEqual(['session-secret']);
  });

  it('gives processes that share the directory and start together one and the same secret', async () => {
    // They all look for the secret at the same instant (told to go once all are ready), and each takes a while
    // to make one (the 300 ms are the race under test).
    const script = `
      const { existsSync } = require('node:fs');
      const { readOrCreateSecret, generateSessionSecret } = require(${JSON.stringify(join(__dirname, 'local-secrets.ts'))});
      const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
      const slowly = () => (pause(300), generateSessionSecret());
      process.stdout.write('ready\\n');
      while (!existsSync(process.argv[2])) pause(1);
      process.stdout.write(readOrCreateSecret(process.argv[1], 'session-secret', slowly));`;
    const go = join(goDir, 'go');
    const processes = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, dataDir, go], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += String(chunk)));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      return { child, output: () => output, exited };
    });
    await eventually(() => processes.every((p) => p.output() === 'ready\n'), 'every process ready', {
      timeoutMs: 20_000,
    });
    writeFileSync(go, '');
    expect(await Promise.all(processes.map((p) => p.exited))).toEqual(Array(6).fill(0));
    const secrets = new Set(processes.map((p) => p.output().slice('ready\n'.length)));
    expect(secrets.size).toBe(1);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe([...secrets][0]);
    expect(readdirSync(dataDir)).toEqual(['session-secret']);
  });
});
