export { RedisConnection, type RedisSettings } from './redis-connection';
export { RedisModule } from './redis.module';
