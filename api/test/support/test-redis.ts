import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * When TEST_REDIS_URL is set (with TEST_DATABASE_URL: the PostgreSQL pass) the tests of replicas run
 * against that Redis. Each test takes a key prefix of its own, so parallel files and runs never meet,
 * and removes only its own keys afterwards.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL?.trim() || undefined;

export interface IsolatedRedis {
  url: string;
  prefix: string;
  /** A connection of the test's own (no key prefix), to read what the app wrote. */
  admin: Redis;
  /** The keys under this prefix, for assertions. */
  keys(): Promise<string[]>;
  /** Removes every key under this prefix. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function requireTestRedisUrl(): string {
  if (!testRedisUrl) throw new Error('TEST_REDIS_URL is not set: these tests need a Redis (redis://127.0.0.1:6379)');
  return testRedisUrl;
}

export async function isolatedRedis(): Promise<IsolatedRedis> {
  const url = requireTestRedisUrl();
  const prefix = `mb-test-${randomBytes(6).toString('hex')}:`;
  const admin = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await admin.connect();
  const keys = async () => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      found.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return found.sort();
  };
  return {
    url,
    prefix,
    admin,
    keys,
    async flush() {
      const found = await keys();
      if (found.length) await admin.unlink(...found);
    },
    async close() {
      await admin.quit();
    },
  };
}
