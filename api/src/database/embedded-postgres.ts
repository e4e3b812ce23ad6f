import { once } from 'node:events';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';

const LOCK_FILE = 'pgdata.lock';
const PORT = 5432;
/**
 * How many connections the socket server accepts; the app's pool opens one (open-data-source.ts), because
 * pglite-socket 0.2.17 runs the protocol messages of parallel connections interleaved in PGlite's single
 * session (electric-sql/pglite#1046): measured here, a 300 kB parameter beside small statements on four
 * connections failed 51 of 400 with "bind message supplies 2 parameters, but prepared statement "" requires 1".
 */
const MAX_CONNECTIONS = 8;
/** Beside this file in api/src (tests) and api/dist (the built server). */
const WORKER_ENTRY = join(__dirname, 'pglite-worker.js');
const STOP_TIMEOUT_MS = 15_000;

type WorkerReport = { kind: 'ready' } | { kind: 'failed'; message: string };

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own, and two processes on one data directory would corrupt it. The lock
 * file appears with our pid already in it (a hard link of a file we wrote), so a process starting at
 * the same moment never reads an empty lock and takes it too.
 */
function acquireLock(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  const mine = `${file}.${process.pid}`;
  const inUse = (holder: number) =>
    new Error(`The embedded database in ${dataDir} is in use by process ${holder}; stop it or set another DATA_DIR.`);
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, file);
        return () => rmSync(file, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      let holder: number;
      try {
        holder = Number(readFileSync(file, 'utf8'));
      } catch {
        continue; // released meanwhile: try again
      }
      if (holder && holder !== process.pid && isRunning(holder)) throw inUse(holder);
      rmSync(file, { force: true }); // left by a process that is gone
    }
    throw inUse(Number(readFileSync(file, 'utf8')));
  } finally {
    rmSync(mine, { force: true });
  }
}

interface DatabaseThread {
  worker: Worker;
  /** Resolves with the exit code when the thread ends, for whatever reason. */
  ended: Promise<number>;
}

function spawnDatabaseThread(workerData: { dataDir: string; socketPath: string; maxConnections: number }) {
  const worker = new Worker(WORKER_ENTRY, { workerData });
  return { worker, ended: new Promise<number>((resolve) => worker.once('exit', resolve)) };
}

/** Resolves once the thread serves connections; rejects with its reason when it cannot. */
async function started({ worker, ended }: DatabaseThread): Promise<void> {
  const settled = new AbortController();
  const endedEarly = ended.then((code) => {
    if (!settled.signal.aborted) throw new Error(`its thread ended during start (exit code ${code})`);
  });
  try {
    // once() also rejects when the thread throws (its 'error' event).
    const [report] = (await Promise.race([once(worker, 'message', { signal: settled.signal }), endedEarly])) as [
      WorkerReport,
    ];
    if (report.kind === 'failed') throw new Error(report.message);
  } finally {
    settled.abort();
  }
}

export interface EmbeddedPostgres {
  /** Connection settings for the `pg` driver. */
  connection: { host: string; port: number; username: string; database: string };
  stop(): Promise<void>;
}

/**
 * Runs PGlite in a worker thread (pglite-worker.js) and exposes it on a private unix socket, so the
 * same `pg` driver, entities and migrations serve the embedded and the PostgreSQL modes, and no query
 * ever runs on the event loop that serves requests.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const releaseLock = acquireLock(dataDir);
  const socketDir = mkdtempSync(join(tmpdir(), 'mb-pg-'));
  const cleanUp = () => {
    rmSync(socketDir, { recursive: true, force: true });
    releaseLock();
  };
  let thread: DatabaseThread | undefined;
  try {
    thread = spawnDatabaseThread({
      dataDir: join(dataDir, 'pgdata'),
      socketPath: join(socketDir, `.s.PGSQL.${PORT}`),
      maxConnections: MAX_CONNECTIONS,
    });
    await started(thread);
  } catch (error) {
    await thread?.worker.terminate();
    cleanUp();
    throw new Error(
      `The embedded database in ${dataDir} could not be opened (${(error as Error).message.replace(/\.$/, '')}). ` +
        'If its files are damaged, restore them from a backup or set another DATA_DIR.',
    );
  }

  const { worker, ended } = thread;
  const logger = new Logger('Database');
  let stopping = false;
  worker.on('error', (error) => logger.error(`The embedded database failed: ${error.message}`, error.stack));
  void ended.then((code) => {
    if (!stopping) logger.error(`The embedded database stopped unexpectedly (exit code ${code})`);
  });
  return {
    connection: { host: socketDir, port: PORT, username: 'postgres', database: 'postgres' },
    async stop() {
      if (stopping) return;
      stopping = true;
      worker.postMessage('stop');
      const timer = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
      await ended;
      clearTimeout(timer);
      cleanUp();
    },
  };
}
