import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { processCpuMs } from './bench-kit';

/**
 * A PostgreSQL schema of its own per bench run (as api/test/support/test-database.ts isolates test
 * apps): the server reaches it through search_path, and it is dropped afterwards, so a bench never
 * meets the rows of a test or of another run. The server's connections carry an application_name of
 * their own, so the bench can find their backend processes and read their CPU time.
 */
export const benchDatabaseUrl = process.env.BENCH_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export interface BackendCpuMeter {
  /** Reads every backend's CPU time; backends first seen after the first sample started after it. */
  sample(): Promise<void>;
  /** CPU milliseconds since the first sample, up to the latest one. */
  totalMs(): number;
}

export interface BenchSchema {
  /** DATABASE_URL for the server. */
  url: string;
  /** A meter of the CPU time the server's backend processes spend from its first sample on. */
  backendCpu(): BackendCpuMeter;
  drop(): Promise<void>;
}

export async function createBenchSchema(baseUrl = benchDatabaseUrl): Promise<BenchSchema> {
  const base = new URL(baseUrl);
  // A unix socket (empty host, ?host=/path) is local too.
  if (base.hostname && !LOOPBACK.has(base.hostname))
    throw new Error(`BENCH_DATABASE_URL must be on this machine (loopback), not ${base.hostname}`);
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: baseUrl, application_name: `${name}_admin` });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  url.searchParams.set('application_name', name);

  const backendPids = async () =>
    (
      await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [name])
    ).rows.map((row) => row.pid);

  return {
    url: url.toString(),
    // Backends come and go with the pool: remember each one's first and last reading.
    backendCpu() {
      const first = new Map<number, number>();
      const last = new Map<number, number>();
      let sampled = false;
      return {
        async sample() {
          for (const pid of await backendPids()) {
            const cpu = processCpuMs(pid);
            if (cpu === undefined) continue;
            if (!first.has(pid)) first.set(pid, sampled ? 0 : cpu);
            last.set(pid, cpu);
          }
          sampled = true;
        },
        totalMs: () => [...last].reduce((sum, [pid, cpu]) => sum + cpu - first.get(pid)!, 0),
      };
    },
    async drop() {
      try {
        await admin.query(`DROP SCHEMA ${name} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}
