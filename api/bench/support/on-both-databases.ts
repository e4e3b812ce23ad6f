import 'reflect-metadata';
import { rmSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import { ChatMessageEntity } from '../../src/sessions/chat-message.entity';
import { ChatSessionEntity } from '../../src/sessions/chat-session.entity';
import { startEmbeddedPostgres } from '../../src/database/embedded/embedded-postgres';
import { openDataSource } from '../../src/database/open-data-source';
import { newDataDir } from '../../test/support/data-dirs';
import { createBenchSchema } from './bench-database';

/**
 * Runs a bench against a fresh embedded database of its own, then against a PostgreSQL schema of its own
 * (BENCH_DATABASE_URL), each migrated as the app does and removed afterwards. A PostgreSQL that cannot be
 * reached is reported as a missing run and fails the bench.
 */
export async function onBothDatabases(name: string, run: (label: string, db: DataSource) => Promise<void>) {
  const entities = [ChatSessionEntity, ChatMessageEntity];
  const dataDir = newDataDir(`mb-bench-${name}-`);
  const embedded = await startEmbeddedPostgres(dataDir);
  const local = await openDataSource(embedded, entities);
  try {
    await run('embedded PostgreSQL', local);
  } finally {
    await local.destroy();
    await embedded.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const schema = await createBenchSchema().catch((error: Error) => {
    console.log(`!!! PostgreSQL is not usable, its run is MISSING: ${error.message}`);
    process.exitCode = 1;
  });
  if (!schema) return;
  const remote = await openDataSource({ url: schema.url }, entities);
  try {
    await run('PostgreSQL', remote);
  } finally {
    await remote.destroy();
    await schema.drop();
  }
}
