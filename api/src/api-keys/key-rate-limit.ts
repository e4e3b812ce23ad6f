import { Inject, Injectable, Optional } from '@nestjs/common';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RedisConnection } from '../redis';

const MINUTE_SECONDS = 60;

/**
 * Requests a minute per API key: in this process alone, or in Redis (REDIS_URL) so that every replica counts the
 * same requests. While Redis is unreachable each process counts in its own memory (the insurance limiter), so a
 * key gets at most its limit per replica for that while, rather than no limit or no service.
 */
@Injectable()
export class KeyRateLimit {
  /** One limiter per limit in use (a key may be given less than API_KEY_RPM); all count under one prefix. */
  private readonly limiters = new Map<number, RateLimiterAbstract>();

  constructor(@Optional() @Inject(RedisConnection) private readonly redis: RedisConnection | null) {}

  /** Counts one request of the key: 0 when it may go on, else the milliseconds until it may try again. */
  async take(keyId: string, perMinute: number): Promise<number> {
    try {
      await this.limiter(perMinute).consume(keyId);
      return 0;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, rejection.msBeforeNext);
      throw rejection;
    }
  }

  private limiter(points: number): RateLimiterAbstract {
    let limiter = this.limiters.get(points);
    if (!limiter) {
      const limits = { points, duration: MINUTE_SECONDS };
      limiter = this.redis
        ? new RateLimiterRedis({
            ...limits,
            storeClient: this.redis.client,
            keyPrefix: this.redis.key('api-key-rpm'),
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(limits),
          })
        : new RateLimiterMemory(limits);
      this.limiters.set(points, limiter);
    }
    return limiter;
  }
}
