import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

async function query<T>(embedded: EmbeddedPostgres, sql: string): Promise<T[]> {
  const client = new Client({ ...embedded.connection, user: embedded.connection.username });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe(startEmbeddedPostgres.name, () => {
  let dataDir: string;
  let sut: EmbeddedPostgres | undefined;

  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'mb-embedded-'))));
  afterEach(async () => {
    await sut?.stop();
    sut = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the pg driver and keeps what it stored through a stop and a start', async () => {
    sut = await startEmbeddedPostgres(dataDir);
    await query(sut, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')");
    await sut.stop();
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);

    sut = await startEmbeddedPostgres(dataDir);
    expect(await query(sut, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
  });

  it('leaves the event loop free while a query runs', async () => {
    sut = await startEmbeddedPostgres(dataDir);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      await query(sut, 'SELECT pg_sleep(0.5)');
    } finally {
      clearInterval(timer);
    }
    // On the main thread the query would hold the loop for all of its half second: no tick at all.
    expect(ticks).toBeGreaterThan(10);
  });

  it('refuses a data directory that another running process holds', async () => {
    writeFileSync(join(dataDir, 'pgdata.lock'), String(process.ppid));
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(
      `The embedded database in ${dataDir} is in use by process ${process.ppid}`,
    );
  });

  it('takes over the lock of a process that is gone', async () => {
    writeFileSync(join(dataDir, 'pgdata.lock'), '999999999');
    sut = await startEmbeddedPostgres(dataDir);
    expect(await query(sut, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('names the directory of damaged files, and releases it', async () => {
    sut = await startEmbeddedPostgres(dataDir);
    await sut.stop();
    sut = undefined;
    writeFileSync(join(dataDir, 'pgdata', 'global', 'pg_control'), 'not a control file');

    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(
      `The embedded database in ${dataDir} could not be opened`,
    );
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
  });
});
