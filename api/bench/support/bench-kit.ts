import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  freePort,
  runServer,
  serverNodeFlags,
  waitForOutput,
  type ServerProcess,
} from '../../test/support/server-process';

/** What the API benches share: the bench agent, statistics, HTTP helpers, child processes and their cleanup. */

export const BENCH_AGENTS_DIR = join(__dirname, '..', 'agents');
/** The one agent in BENCH_AGENTS_DIR: plain chat completions, so nothing but the relay is measured. */
export const BENCH_AGENT = 'bench-completions';
export const BENCH_KEY = 'sk-bench-key';
export const BENCH_ACCESS_CODE = 'bench-access';

/** Nearest-rank percentile; NaN for no samples. */
export function percentile(samples: number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`;

/** CLOCK_MONOTONIC in milliseconds: the same clock in every process of this machine (unlike performance.now()). */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/** Adds this to a performance.now() reading of this process to put it on monotonicMs(). */
export function performanceToMonotonic(): number {
  const before = performance.now();
  const now = monotonicMs();
  return now - (before + performance.now()) / 2;
}

export async function timed(call: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await call();
  return performance.now() - start;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

/** POSTs JSON and reads the whole answer; anything but 200 is an error of the bench. */
export async function postJson(url: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`POST ${url} answered ${res.status}`);
  return res;
}

export async function accessCookie(base: string): Promise<string> {
  const res = await postJson(`${base}/api/auth/grant-access`, { passcode: BENCH_ACCESS_CODE }, {});
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mb_access='));
  if (!cookie) throw new Error('grant-access set no mb_access cookie');
  return cookie.split(';')[0];
}

/**
 * Resources to release in reverse order, on success, failure, Ctrl-C or the bench's own deadline.
 * Child processes are also killed synchronously on exit, whatever ends the bench.
 */
export class Cleanup {
  private readonly steps: { what: string; run: () => unknown }[] = [];
  private readonly children = new Set<ChildProcess>();

  constructor() {
    process.on('exit', () => {
      for (const child of this.children)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
  }

  add(what: string, run: () => unknown): void {
    this.steps.push({ what, run });
  }

  /** Stops the child on cleanup: SIGTERM, then SIGKILL if it has not exited in time. */
  child(what: string, child: ChildProcess): void {
    this.children.add(child);
    this.add(what, () => stopChild(child));
  }

  /** Resources released together, earlier than the rest (run() here), or with the rest on the way out. */
  scope(what: string): Cleanup {
    const scope = new Cleanup();
    this.add(what, () => scope.run());
    return scope;
  }

  async run(): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await step.run();
      } catch (error) {
        console.error(`cleanup of ${step.what} failed: ${(error as Error).message}`);
      }
    }
  }
}

export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Runs a bench with a hard deadline; cleans up on every way out. Exit code 1 when the bench threw
 * or reported a problem through `process.exitCode`.
 */
export function runBench(name: string, deadlineMs: number, bench: (cleanup: Cleanup) => Promise<void>): void {
  const cleanup = new Cleanup();
  let finishing = false;
  const finish = async (code: number, error?: unknown) => {
    if (finishing) return;
    finishing = true;
    if (error) console.error(error);
    await cleanup.run();
    process.exit(code || Number(process.exitCode ?? 0));
  };
  const deadline = setTimeout(
    () => void finish(1, new Error(`${name}: gave up after ${deadlineMs / 1000} s`)),
    deadlineMs,
  );
  deadline.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void finish(130));
  bench(cleanup).then(
    () => finish(0),
    (error: unknown) => finish(1, error),
  );
}

export interface BenchServer {
  server: ServerProcess;
  base: string;
  pid: number;
}

/**
 * The built server in a child process, as `npm run serve` runs it (node's flags included), with the
 * bench agent only. `env` adds the database and model settings.
 */
export async function startBenchServer(
  cleanup: Cleanup,
  env: Record<string, string | undefined>,
  startTimeoutMs = 60_000,
): Promise<BenchServer> {
  const port = await freePort();
  const server = runServer({
    PORT: String(port),
    ACCESS_CODE: BENCH_ACCESS_CODE,
    AGENTS_DIR: BENCH_AGENTS_DIR,
    NODE_ENV: 'production',
    ...env,
  });
  cleanup.child('the server', server.child);
  await waitForOutput(server, /Open http/, startTimeoutMs);
  return { server, base: `http://127.0.0.1:${port}`, pid: server.child.pid! };
}

/**
 * The server's node flags (`npm run serve`), which the load generators need as much: without
 * --no-memory-reducer a process that sat idle for half a minute mostly runs its next burst several times
 * slower (idle.bench.ts), and a bench client or fake slowed so would be counted against the server.
 */
export const loadGeneratorFlagsMissing = serverNodeFlags.filter((flag) => !process.execArgv.includes(flag));

/** A TypeScript file of the bench run as a child process with an IPC channel (through the tsx loader this bench runs under). */
export function spawnBenchChild(file: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...process.execArgv, ...loadGeneratorFlagsMissing, file], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

let ticksPerSecond: number | undefined;
/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, normally 100). */
export function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  if (!(ticksPerSecond > 0)) throw new Error('getconf CLK_TCK gave no clock tick rate');
  return ticksPerSecond;
}

/** utime + stime of a process in milliseconds (from /proc/<pid>/stat); undefined once it is gone. */
export function processCpuMs(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return ((utime + stime) * 1000) / clockTicksPerSecond();
}

/**
 * One-shot calls through several paths, sequential, after a warm-up; each round runs every path once,
 * starting with a different one so no path always follows another. Durations in ms, by path and round.
 */
export async function compareSequential<Path extends string>(
  paths: Record<Path, () => Promise<void>>,
  { warmup, rounds }: { warmup: number; rounds: number },
): Promise<Record<Path, number[]>> {
  const names = Object.keys(paths) as Path[];
  for (let i = 0; i < warmup; i++) for (const name of names) await paths[name]();
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Path, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length];
      samples[name].push(await timed(paths[name]));
    }
  }
  return samples;
}

/** Per round, a path's duration minus the direct call's: the median of these is robust to drift over the run. */
export const pairedDifferences = (path: number[], direct: number[]) => path.map((value, i) => value - direct[i]);

/**
 * How much slower this machine runs the same JavaScript right after its thread slept `idleMs` than back to
 * back (median of both). Virtual machines commonly lose caches and clock speed while a core idles; every
 * sequential call that waits on a slow upstream pays that factor on all the work it does after the wait.
 */
export async function coldCpuFactor(idleMs: number, rounds = 60): Promise<{ warmMs: number; coldMs: number }> {
  const work = (): unknown =>
    JSON.parse(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, text: 'x'.repeat(i % 50) }))));
  const timedWork = () => {
    const start = performance.now();
    work();
    return performance.now() - start;
  };
  for (let i = 0; i < 2000; i++) work();
  const warm = Array.from({ length: rounds }, timedWork);
  const cold: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await sleep(idleMs);
    cold.push(timedWork());
  }
  return { warmMs: percentile(warm, 50), coldMs: percentile(cold, 50) };
}

/** A forwarder of support/ (the bare one by default) to `to`, in a child process; resolves with its base URL. */
export function startForwarder(
  cleanup: Cleanup,
  to: string,
  file = 'bare-forwarder.ts',
  name = 'the bare forwarder',
): Promise<string> {
  const child: ChildProcess = spawnBenchChild(join(__dirname, file), { FORWARD_TO: to });
  cleanup.child(name, child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 30 s`)), 30_000);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code})`)));
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      resolve(`http://127.0.0.1:${message.port}`);
    });
  });
}
