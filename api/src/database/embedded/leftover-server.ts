import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning } from './data-dir-lock';

/** Temporary socket folders of the embedded servers start with this, in the system's temporary directory. */
export const SOCKET_DIR_PREFIX = 'mb-pg-';

/** The postmaster's working directory is its data directory; elsewhere than Linux, its command line names it. */
function servesCluster(pid: number, clusterDir: string): boolean {
  const cluster = realpathSync(clusterDir);
  if (existsSync(`/proc/${pid}`)) {
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === cluster;
    } catch {
      return false;
    }
  }
  try {
    return execFileSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' }).includes(cluster);
  } catch {
    return false;
  }
}

async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (isRunning(pid)) {
    if (performance.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/** Sends a server the signal, then waits for it to end (SIGKILL after `graceMs`). */
export async function endServer(pid: number, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  if (await exited(pid, graceMs)) return;
  process.kill(pid, 'SIGKILL');
  await exited(pid, 5_000);
}

export function postmasterPid(clusterDir: string): { pid: number; socketDir: string } | undefined {
  const file = `${clusterDir}/postmaster.pid`;
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(lines[0]), socketDir: lines[4]?.trim() ?? '' };
}

/**
 * What an app that died without stopping its database (kill -9, a power cut) may leave behind, cleared before
 * the next start (which holds DATA_DIR's lock, so no living app owns this server): the server itself, still
 * stopping or orphaned, its socket folder, and a postmaster.pid whose process number now belongs to another
 * program (PostgreSQL would refuse to start beside it).
 */
export async function clearLeftoverServer(clusterDir: string, log: (line: string) => void): Promise<void> {
  const left = postmasterPid(clusterDir);
  if (!left) return;
  if (left.pid > 0 && isRunning(left.pid)) {
    if (servesCluster(left.pid, clusterDir)) {
      log(`Stopping the database server an earlier run left running (process ${left.pid})`);
      await endServer(left.pid, 'SIGINT', 15_000);
    } else {
      rmSync(`${clusterDir}/postmaster.pid`, { force: true });
    }
  }
  if (basename(left.socketDir).startsWith(SOCKET_DIR_PREFIX) && dirname(left.socketDir) !== left.socketDir)
    rmSync(left.socketDir, { recursive: true, force: true });
}
