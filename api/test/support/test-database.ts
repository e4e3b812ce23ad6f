import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * When TEST_DATABASE_URL is set the suite runs on that PostgreSQL, each app in a schema of its own
 * (so parallel files never see each other's rows); otherwise each app gets a fresh embedded database.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

export async function createIsolatedDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (!testDatabaseUrl) return undefined;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}
