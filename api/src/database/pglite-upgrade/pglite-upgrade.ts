import { fork } from 'node:child_process';
import { cpSync, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from '../migrations';
import { openDataSource } from '../open-data-source';
import type { ServerConnection } from '../embedded/postgres-process';

/** Where the first embedded engine (PGlite) kept its files in DATA_DIR. */
export const PGLITE_DIR = 'pgdata';
/** Written into the new cluster once the copy is verified, before the old files are moved aside. */
export const COPIED_MARK = 'copied-from-pglite';
/** Beside this file in api/src (tests) and api/dist (the built server). */
const COPY_ENTRY = join(__dirname, 'pglite-copy.js');

export interface TableCopy {
  table: string;
  before: number;
  after: number;
}

export const hasPgliteData = (dataDir: string) => existsSync(join(dataDir, PGLITE_DIR, 'PG_VERSION'));

type CopyReport =
  | { kind: 'migrations'; names: string[] }
  | { kind: 'copied'; tables: TableCopy[] }
  | { kind: 'failed'; message: string };

/** The migrations the old database ran must be ours, in our order: else a newer version wrote it. */
function migrationsRunBy(names: string[]) {
  const known = migrations.map((migration) => migration.name);
  const unknown = names.find((name, index) => known[index] !== name);
  if (unknown)
    throw new Error(
      `it was written by another version of the app (its migration ${unknown} is not one of this version's)`,
    );
  return migrations.slice(0, names.length);
}

/**
 * Copies the rows of DATA_DIR/pgdata into a new, running server with an empty schema. PGlite reads a scratch
 * copy of the files (opening them may replay its log), so the old files stay exactly as they were whatever
 * happens. The new server first gets exactly the migrations the old database had run; the app's start then
 * runs the rest over the copied rows.
 */
export async function copyFromPglite(dataDir: string, connection: ServerConnection): Promise<TableCopy[]> {
  const scratch = join(dataDir, '.pglite-upgrade');
  rmSync(scratch, { recursive: true, force: true });
  cpSync(join(dataDir, PGLITE_DIR), scratch, { recursive: true });
  const child = fork(COPY_ENTRY, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
  try {
    return await new Promise<TableCopy[]>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the copying process ended early (exit code ${code})`)));
      child.once('error', reject);
      child.on('message', (report: CopyReport) => {
        if (report.kind === 'failed') reject(new Error(report.message));
        else if (report.kind === 'copied') resolve(report.tables);
        else
          void createSchema(connection, report.names).then(
            () => child.send('schema-ready'),
            (error: Error) => reject(error),
          );
      });
      child.send({ pgliteDir: scratch, connection: { ...connection, user: connection.username } });
    });
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function createSchema(connection: ServerConnection, names: string[]): Promise<void> {
  const dataSource = await openDataSource({ connection }, [], migrationsRunBy(names));
  await dataSource.destroy();
}

export function verifyCopies(tables: TableCopy[]): void {
  const short = tables.filter((copy) => copy.before !== copy.after);
  if (short.length)
    throw new Error(
      `rows differ after the copy: ${short.map((c) => `${c.table} ${c.before} -> ${c.after}`).join(', ')}`,
    );
}

/** The old files, moved aside once the copy is in place, under a name that says what they are and when (`now`). */
export function setPgliteFilesAside(dataDir: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const aside = join(dataDir, `${PGLITE_DIR}.pglite-backup-${stamp}`);
  renameSync(join(dataDir, PGLITE_DIR), aside);
  return aside;
}

export function markCopied(clusterDir: string, dataDir: string): void {
  writeFileSync(join(clusterDir, COPIED_MARK), `${join(dataDir, PGLITE_DIR)}\n`);
}
