import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../test/support/eventually';
import { generateSessionSecret, readOrCreateSecret } from './local-secrets';

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
    // They all look for the secret at the same instant (when told to go, once all are ready), and each takes a
    // while to make one (the 300 ms are the race under test).
    const script = `
      const { readSync } = require('node:fs');
      const { readOrCreateSecret, generateSessionSecret } = require(${JSON.stringify(join(__dirname, 'local-secrets.ts'))});
      const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
      const slowly = () => (pause(300), generateSessionSecret());
      process.stdout.write('ready\\n');
      for (;;) {
        try {
          if (readSync(0, Buffer.alloc(1)) > 0) break;
        } catch (error) {
          if (error.code !== 'EAGAIN') throw error;
          pause(1);
        }
      }
      process.stdout.write(readOrCreateSecret(process.argv[1], 'session-secret', slowly));`;
    const processes = Array.from({ length: 6 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, dataDir], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += String(chunk)));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      return { child, output: () => output, exited };
    });
    await eventually(() => processes.every((p) => p.output() === 'ready\n'), 'every process ready', {
      timeoutMs: 20_000,
    });
    for (const { child } of processes) child.stdin.end('go');
    expect(await Promise.all(processes.map((p) => p.exited))).toEqual(Array(6).fill(0));
    const secrets = new Set(processes.map((p) => p.output().slice('ready\n'.length)));
    expect(secrets.size).toBe(1);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe([...secrets][0]);
    expect(readdirSync(dataDir)).toEqual(['session-secret']);
  });
});
