import { DataSource, type EntitySchema } from 'typeorm';
import type { EmbeddedPostgres } from './embedded-postgres';
import { migrations } from './migrations';

export type EntityClass = abstract new (...args: never[]) => unknown;
export type DatabaseTarget = { embedded: EmbeddedPostgres } | { url: string };

/** Connects and brings the schema up to date: the one way the app, the tests and the bench open a database. */
export async function openDataSource(
  target: DatabaseTarget,
  entities: Array<EntityClass | EntitySchema>,
): Promise<DataSource> {
  const isEmbedded = 'embedded' in target;
  const dataSource = new DataSource({
    type: 'postgres',
    ...(isEmbedded ? target.embedded.connection : { url: target.url }),
    entities,
    migrations,
    synchronize: false,
    // PGlite is one backend: statements from parallel connections would interleave, so use one.
    extra: { max: isEmbedded ? 1 : 10 },
  });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}
