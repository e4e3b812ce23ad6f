import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/database/embedded/embedded-postgres';
import { newDataDir } from './data-dirs';

/** Set by the setup for the teardown: jest runs both in its main process. */
declare global {
  var sharedTestDatabase: { server: EmbeddedPostgres; dir: string } | undefined;
}

/**
 * The suite runs on one PostgreSQL, each app in a schema of its own: the machine's (TEST_DATABASE_URL, as CI
 * sets it), else an embedded server started here for the whole run, exactly as the app starts its own.
 */
export default async function startSharedDatabase(): Promise<void> {
  if (process.env.TEST_DATABASE_URL?.trim()) return;
  const dir = newDataDir('mb-test-db-');
  const server = await startEmbeddedPostgres(join(dir, 'data'), { maxConnections: 300 });
  globalThis.sharedTestDatabase = { server, dir };
  const { username, password, database, host } = server.connection;
  process.env.TEST_DATABASE_URL = `postgres://${username}:${encodeURIComponent(password)}@localhost/${database}?host=${encodeURIComponent(host)}`;
}

export async function stopSharedDatabase(): Promise<void> {
  const shared = globalThis.sharedTestDatabase;
  if (!shared) return;
  await shared.server.stop();
  rmSync(shared.dir, { recursive: true, force: true });
}
