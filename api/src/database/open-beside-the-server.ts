import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config';
import { dataDirHolder } from './embedded/data-dir-lock';
import { type EmbeddedOptions, startEmbeddedPostgres } from './embedded/embedded-postgres';
import { openDataSource } from './open-data-source';

export interface ScriptDatabase {
  db: DataSource;
  close(): Promise<void>;
}

/**
 * The server's database, for a script run beside it (a CLI): DATABASE_URL, or the embedded one only while no server
 * holds DATA_DIR, since one process at a time can open it. `busy` says, in the script's words, what to do instead.
 */
export async function openBesideTheServer(
  config: AppConfig,
  busy: (pid: number | string, dataDir: string) => Error,
  options: EmbeddedOptions = {},
): Promise<ScriptDatabase> {
  if (config.database.kind === 'postgres') {
    const db = await openDataSource({ url: config.database.url }, []);
    return { db, close: () => db.destroy() };
  }
  const { dataDir } = config.database;
  const holder = dataDirHolder(dataDir);
  if (holder) throw busy(holder, dataDir);
  let embedded;
  try {
    embedded = await startEmbeddedPostgres(dataDir, options);
  } catch (error) {
    // Started between the check and here: the lock said so, and nothing was touched.
    const pid = /is in use by process (\d+)/.exec((error as Error).message)?.[1];
    if (pid) throw busy(pid, dataDir);
    throw error;
  }
  try {
    const db = await openDataSource(embedded, []);
    return { db, close: () => db.destroy().finally(() => embedded.stop()) };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}
