import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '../../src/config/repo-paths';
import { eventually } from './eventually';

export const builtServer = join(repoRoot, 'api', 'dist', 'main.js');

/** `npm run serve` (the root package.json), word by word: `node`, its flags, then the server's file. */
export const serveCommand: string[] = (
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: { serve: string } }
).scripts.serve.split(/\s+/);

/** The flags `npm run serve` gives node, so every server the tests and benches start runs as production does. */
export const serverNodeFlags = serveCommand.slice(1, -1);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
}

/** Runs the built server exactly as `npm start` does (node's flags included), with only the given environment. */
export function runServer(env: Record<string, string | undefined>): ServerProcess {
  const child = spawn(process.execPath, [...serverNodeFlags, builtServer], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until the server has written a line matching `pattern`; fails at once if it exits first. */
export async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs = 30000): Promise<void> {
  try {
    await eventually(
      () => {
        if (pattern.test(server.output())) return true;
        if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode})`);
        return false;
      },
      `${pattern} in the server's output`,
      { timeoutMs, intervalMs: 50 },
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}:\n${server.output()}`);
  }
}
