import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { serverNodeFlags } from '../test/support/server-process';
import { percentile, runBench, type Cleanup } from './support/bench-kit';

/**
 * Why `npm run serve` gives node --no-memory-reducer: the same HTTP work, in bursts of 200 requests on
 * kept-alive connections, timed back to back and then right after a quiet spell as long as the streaming
 * bench's one-turn level, in a node process with the server's flags and in one without them. By default
 * V8's memory reducer, seeing an idle process, runs garbage collections that shrink its heap (here from
 * 23 to 7 MB), and the next burst starts on a small young generation: many more collections until it grows.
 * The figures move from run to run on a shared machine; without the flag most runs are several times slower.
 */
const IDLE_MS = 34_000;

interface Outcome {
  backToBack: number[];
  afterIdle: number[];
}

function run(cleanup: Cleanup, flags: string[]): Promise<Outcome> {
  const execArgv = process.execArgv.filter((arg) => !serverNodeFlags.includes(arg));
  const child = spawn(process.execPath, [...execArgv, ...flags, join(__dirname, 'support', 'idle-burst-process.ts')], {
    env: { PATH: process.env.PATH, IDLE_MS: String(IDLE_MS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanup.child('the burst process', child);
  return new Promise((resolve, reject) => {
    child.once('message', (outcome: Outcome) => resolve(outcome));
    child.once('exit', (code) => reject(new Error(`the burst process exited (${code}) before answering`)));
  });
}

runBench('idle bench', 5 * 60_000, async (cleanup) => {
  console.log('');
  console.log(
    `CPU time of a burst of 200 HTTP requests in one node process (server and client), back to back and ` +
      `right after ${IDLE_MS / 1000} s idle`,
  );
  const row = (...cells: string[]) =>
    console.log(cells.map((cell, i) => (i ? cell.padStart(i === 1 ? 20 : 34) : cell.padEnd(44))).join(''));
  row('', 'back to back, p50', `after idle, bursts 1 to 6 (ms)`);
  for (const flags of [[], serverNodeFlags]) {
    const { backToBack, afterIdle } = await run(cleanup, flags);
    const label = flags.length ? `node ${flags.join(' ')} (npm run serve)` : 'node, default flags';
    row(label, `${percentile(backToBack, 50).toFixed(1)} ms`, afterIdle.map((ms) => ms.toFixed(0)).join(' '));
    const slowest = Math.max(...afterIdle.slice(0, 3)) / percentile(backToBack, 50);
    console.log(`  the slowest of the first three bursts after idle took ${slowest.toFixed(1)}x the back-to-back time`);
  }
});
