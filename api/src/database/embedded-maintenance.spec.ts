import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { EmbeddedMaintenance } from './embedded-maintenance';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { openDataSource } from './open-data-source';

interface Statistics {
  reltuples: number;
  n_dead_tup: string;
}

describe(EmbeddedMaintenance.name, () => {
  let dataDir: string;
  let embedded: EmbeddedPostgres;
  let db: DataSource;
  let sut: EmbeddedMaintenance;

  const statistics = async (table: string): Promise<Statistics> => {
    await db.query('SELECT pg_stat_force_next_flush()');
    return (
      await db.query<Statistics[]>(
        `SELECT c.reltuples, s.n_dead_tup FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = $1`,
        [table],
      )
    )[0];
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mb-maintenance-'));
    embedded = await startEmbeddedPostgres(dataDir);
    db = await openDataSource({ embedded }, []);
    sut = new EmbeddedMaintenance(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('analyzes a table that was filled and reclaims the rows its updates left behind', async () => {
    await db.query(`CREATE TABLE filled (id int PRIMARY KEY, note text)`);
    await db.query(`INSERT INTO filled SELECT g, 'first' FROM generate_series(1, 1000) g`);
    // Single-user PostgreSQL has no autovacuum: a table it filled stays unanalyzed.
    expect((await statistics('filled')).reltuples).toBe(-1);

    expect(await sut.pass()).toMatchObject({ analyzed: expect.arrayContaining(['filled']) as unknown });
    expect((await statistics('filled')).reltuples).toBe(1000);

    await db.query(`UPDATE filled SET note = 'second' WHERE id <= 500`);
    expect(Number((await statistics('filled')).n_dead_tup)).toBe(500);
    expect(await sut.pass()).toMatchObject({ vacuumed: expect.arrayContaining(['filled']) as unknown });
    expect(Number((await statistics('filled')).n_dead_tup)).toBe(0);
  });

  it('leaves a table alone while few of its rows have changed', async () => {
    await db.query(`CREATE TABLE steady (id int PRIMARY KEY)`);
    await db.query(`INSERT INTO steady SELECT g FROM generate_series(1, 1000) g`);
    expect((await sut.pass()).analyzed).toContain('steady');
    await db.query(`UPDATE steady SET id = id + 1000 WHERE id <= 10`);
    expect(Number((await statistics('steady')).n_dead_tup)).toBe(10);
    const pass = await sut.pass();
    expect(pass.vacuumed).not.toContain('steady');
    expect(pass.analyzed).not.toContain('steady');
  });
});
