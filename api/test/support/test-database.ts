import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The suite's PostgreSQL (the machine's, or the embedded one the global setup started): see shared-database.setup.ts. */
function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the API tests through jest (npm test -w api)');
  return url;
}

export interface IsolatedDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A schema of its own on the suite's PostgreSQL, so parallel files never see each other's rows. */
export async function createIsolatedDatabase(): Promise<IsolatedDatabase> {
  const shared = testDatabaseUrl();
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: shared });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(shared);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: shared });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}
