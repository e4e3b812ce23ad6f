import { DataSource, MigrationExecutor, type EntitySchema } from 'typeorm';
import type { ServerConnection } from './embedded/postgres-process';
import { migrations as allMigrations } from './migrations';

export type EntityClass = abstract new (...args: never[]) => unknown;
/** The embedded server's connection, or a DATABASE_URL. */
export type DatabaseTarget = { connection: ServerConnection } | { url: string };

/**
 * Held while migrations run, so replicas started together on one database migrate one at a time
 * (racing, two would create the same table and one would crash at boot). Any fixed key works as long
 * as every version of the app uses the same one.
 */
export const MIGRATION_LOCK_KEY = '7120250941363518047';

/** Connects and brings the schema up to date (or to the given migrations): the one way the app, the tests and the bench open a database. */
export async function openDataSource(
  target: DatabaseTarget,
  entities: Array<EntityClass | EntitySchema>,
  migrations = allMigrations,
): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    ...('connection' in target ? target.connection : { url: target.url }),
    entities,
    migrations,
    synchronize: false,
    extra: { max: 10 },
  });
  await dataSource.initialize();
  try {
    await migrateUnderLock(dataSource);
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  }
  return dataSource;
}

/** The lock is a session lock, so the migrations run on the very connection that holds it. */
async function migrateUnderLock(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'each';
      await executor.executePendingMigrations();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}
