import { Global, Inject, Injectable, Module, OnApplicationShutdown, Optional } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../config';
import { RedisConnection } from './redis-connection';

/** Closes the connections last, after every module has finished its shutdown work (a reply's last events). */
@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Optional() @Inject(RedisConnection) private readonly redis: RedisConnection | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.close();
  }
}

/**
 * RedisConnection when REDIS_URL is set, and null otherwise: callers inject it with
 * `@Optional() @Inject(RedisConnection)` and keep their one-process behaviour without it.
 */
@Global()
@Module({
  providers: [
    {
      provide: RedisConnection,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<RedisConnection | null> => {
        if (!config.redis) return null;
        const redis = new RedisConnection(config.redis);
        await redis.connect();
        return redis;
      },
    },
    RedisLifecycle,
  ],
  exports: [RedisConnection],
})
export class RedisModule {}
