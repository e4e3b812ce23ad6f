import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

export interface RedisSettings {
  url: string;
  /** Put before every key and channel, so apps (and test runs) can share one Redis. */
  keyPrefix: string;
}

const CONNECT_TIMEOUT_MS = 2000;

/**
 * The Redis that replicas share (REDIS_URL): one connection for commands, and connections of their
 * own for callers that block (stream reads, subscriptions). Every error names the problem, never the
 * URL, which may hold a password.
 */
export class RedisConnection {
  private readonly logger = new Logger('Redis');
  private readonly main: Redis;
  private readonly dedicated = new Set<Redis>();
  private state: 'connecting' | 'up' | 'down' = 'connecting';
  private lastError: unknown;

  constructor(private readonly settings: RedisSettings) {
    this.main = this.watch(
      new Redis(settings.url, {
        lazyConnect: true,
        connectTimeout: CONNECT_TIMEOUT_MS,
        // How long a closing connection may take before its socket is destroyed (also after a failed boot).
        disconnectTimeout: 500,
        // CLIENT LIST tells which app (by its prefix) holds a connection, and what for.
        connectionName: `${settings.keyPrefix}commands`,
        // While Redis is away, a command fails after one reconnection attempt instead of waiting for
        // it to come back: a request is answered (from a fallback where there is one) rather than held.
        maxRetriesPerRequest: 1,
      }),
    );
  }

  /** For commands that answer at once; shared by the whole process. */
  get client(): Redis {
    return this.main;
  }

  get isReady(): boolean {
    return this.main.status === 'ready';
  }

  /** The name of a key or channel under this app's prefix. */
  key(name: string): string {
    return `${this.settings.keyPrefix}${name}`;
  }

  /** A connection of the caller's own (XREAD BLOCK, SUBSCRIBE); give it back with release(). Closed with the app. */
  dedicatedConnection(): Redis {
    const connection = this.watch(
      this.main.duplicate({
        lazyConnect: false,
        maxRetriesPerRequest: null,
        connectionName: `${this.settings.keyPrefix}dedicated`,
      }),
    );
    this.dedicated.add(connection);
    return connection;
  }

  release(connection: Redis): void {
    if (!this.dedicated.delete(connection)) return;
    connection.disconnect();
  }

  /** Stops the boot with one line when Redis does not answer. */
  async connect(): Promise<void> {
    try {
      await this.main.connect();
      await this.main.ping();
    } catch (error) {
      this.main.disconnect();
      // connect() only says the connection closed; the error event before it says why.
      throw new Error(`Redis (REDIS_URL) did not answer: ${this.describe(this.lastError ?? error)}`);
    }
  }

  /** Waits for pending commands (a reply's last events) before closing. */
  async close(): Promise<void> {
    for (const connection of this.dedicated) connection.disconnect();
    this.dedicated.clear();
    if (this.main.status === 'ready') await this.main.quit().catch(() => this.main.disconnect());
    else if (this.main.status !== 'end') this.main.disconnect();
  }

  /** An error's code or message with the URL's password taken out. */
  describe(error: unknown): string {
    const { code, message } = error as { code?: string; message?: string };
    const text = code && !message?.includes(code) ? `${code} ${message ?? ''}`.trim() : (message ?? String(error));
    const { password, username } = new URL(this.settings.url);
    let safe = text.split(this.settings.url).join('REDIS_URL');
    for (const secret of [password, username].filter((part) => part.length >= 3)) {
      safe = safe.split(decodeURIComponent(secret)).join('***').split(secret).join('***');
    }
    return safe;
  }

  /** Without an error listener ioredis prints every failed reconnection; one line per outage instead. */
  private watch(connection: Redis): Redis {
    connection.on('error', (error: Error) => {
      if (connection !== this.main) return;
      this.lastError = error;
      if (this.state !== 'up') return;
      this.state = 'down';
      this.logger.warn(`Redis is unreachable (${this.describe(error)}); retrying`);
    });
    connection.on('ready', () => {
      if (connection !== this.main) return;
      if (this.state === 'down') this.logger.log('Redis is reachable again');
      this.state = 'up';
    });
    return connection;
  }
}
