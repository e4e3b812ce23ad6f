import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const LOCK_FILE = 'pgdata.lock';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite has no lock of its own, and two processes on one data directory would corrupt it. */
function acquireLock(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder}; stop it or set another DATA_DIR.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

export interface EmbeddedPostgres {
  /** Connection settings for the `pg` driver. */
  connection: { host: string; port: number; username: string; database: string };
  stop(): Promise<void>;
}

/**
 * Runs PGlite in-process and exposes it on a private unix socket, so the same `pg` driver,
 * entities and migrations serve the embedded and the PostgreSQL modes.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const releaseLock = acquireLock(dataDir);
  let db: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  const socketDir = mkdtempSync(join(tmpdir(), 'mb-pg-'));
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    db = await PGlite.create(join(dataDir, 'pgdata'));
    const port = 5432;
    server = new PGLiteSocketServer({ db, path: join(socketDir, `.s.PGSQL.${port}`), maxConnections: 8 });
    await server.start();
  } catch (error) {
    await db?.close().catch(() => undefined);
    rmSync(socketDir, { recursive: true, force: true });
    releaseLock();
    throw error;
  }
  const [startedDb, startedServer] = [db, server];
  return {
    connection: { host: socketDir, port: 5432, username: 'postgres', database: 'postgres' },
    async stop() {
      await startedServer.stop();
      await startedDb.close();
      rmSync(socketDir, { recursive: true, force: true });
      releaseLock();
    },
  };
}
