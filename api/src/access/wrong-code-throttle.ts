import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import { RedisConnection } from '../redis';

const MAX_FAILED_ATTEMPTS = 5;
const FAILED_ATTEMPTS_WINDOW_SECONDS = 15 * 60;

const limits = { points: MAX_FAILED_ATTEMPTS, duration: FAILED_ATTEMPTS_WINDOW_SECONDS };

/**
 * Counts wrong access codes per client: in this process alone, or in Redis (REDIS_URL) so that every
 * replica counts the same tries. While Redis is unreachable each process counts in its own memory
 * (the insurance limiter): with N replicas a client gets at most N×5 tries for that while, where
 * failing open would allow unlimited guessing and failing closed would lock every user out.
 */
@Injectable()
export class WrongCodeThrottle {
  private readonly failures: RateLimiterAbstract;

  constructor(@Optional() @Inject(RedisConnection) redis: RedisConnection | null) {
    this.failures = redis
      ? new RateLimiterRedis({
          ...limits,
          storeClient: redis.client,
          keyPrefix: redis.key('wrong-code'),
          // Straight to the insurance limiter while disconnected, instead of waiting for a reconnection.
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(limits),
        })
      : new RateLimiterMemory(limits);
  }

  /** Milliseconds until this client may try again, or 0 when it may try now. */
  async blockedFor(client: string): Promise<number> {
    const record = await this.failures.get(client);
    return record && record.consumedPoints >= MAX_FAILED_ATTEMPTS ? Math.max(1, record.msBeforeNext) : 0;
  }

  async recordFailure(client: string): Promise<void> {
    // Past the limit consume() rejects with the (already counted) record: nothing more to do.
    await this.failures.consume(client).catch((rejection: RateLimiterRes | Error) => {
      if (rejection instanceof Error) throw rejection;
    });
  }

  async forget(client: string): Promise<void> {
    await this.failures.delete(client);
  }
}
