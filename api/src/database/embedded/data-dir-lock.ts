import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lock's name since the first embedded engine, so an older version still running on DATA_DIR holds it too. */
export const LOCK_FILE = 'pgdata.lock';

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process that holds DATA_DIR's embedded database, if one does (a CLI checks before it starts one). */
export function dataDirHolder(dataDir: string): number | undefined {
  let holder: number;
  try {
    holder = Number(readFileSync(join(dataDir, LOCK_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  return holder && holder !== process.pid && isRunning(holder) ? holder : undefined;
}

/**
 * One app per DATA_DIR: a second one would stop the first one's database server as a leftover. The lock file
 * appears with our pid already in it (a hard link of a file we wrote), so a process starting at the same
 * moment never reads an empty lock and takes it too. Returns the release.
 */
export function acquireDataDirLock(dataDir: string): () => void {
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
