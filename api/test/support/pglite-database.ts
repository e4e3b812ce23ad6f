import { PGlite } from '@electric-sql/pglite';
import type { QueryRunner } from 'typeorm';
import { migrations } from '../../src/database/migrations';

/**
 * Writes DATA_DIR/pgdata as the earlier versions of the app did with their embedded engine (PGlite): our
 * migrations (the first `migrationCount`, or all) recorded in TypeORM's migrations table, then `seed`.
 */
export async function writePgliteDatabase(
  dir: string,
  options: { migrationCount?: number; extraMigration?: string; seed?: (db: PGlite) => Promise<void> } = {},
): Promise<void> {
  const db = await PGlite.create(dir);
  try {
    // The table exactly as TypeORM creates it.
    await db.exec(
      'CREATE TABLE "migrations" ("id" SERIAL NOT NULL, "timestamp" bigint NOT NULL, "name" character varying NOT NULL, ' +
        'CONSTRAINT "PK_8c82d7f526340ab734260ea46be" PRIMARY KEY ("id"))',
    );
    // Our migrations only ever call query(); this is the part of TypeORM's QueryRunner they use.
    const runner = {
      query: (sql: string, parameters?: unknown[]) =>
        parameters?.length ? db.query(sql, parameters) : db.exec(sql).then(() => undefined),
    } as unknown as QueryRunner;
    for (const Migration of migrations.slice(0, options.migrationCount ?? migrations.length)) {
      const migration = new Migration();
      await migration.up(runner);
      await db.query('INSERT INTO "migrations" ("timestamp", "name") VALUES ($1, $2)', [
        Number(/\d{13}$/.exec(migration.name)?.[0]),
        migration.name,
      ]);
    }
    if (options.extraMigration)
      await db.query('INSERT INTO "migrations" ("timestamp", "name") VALUES ($1, $2)', [
        Date.now(),
        options.extraMigration,
      ]);
    await options.seed?.(db);
  } finally {
    await db.close();
  }
}
