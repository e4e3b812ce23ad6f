import { RedisConnection } from '../redis';
import { WrongCodeThrottle } from './wrong-code-throttle';

describe(WrongCodeThrottle.name, () => {
  async function failFiveTimes(sut: WrongCodeThrottle, client: string): Promise<void> {
    for (let i = 0; i < 5; i++) {
      expect(await sut.blockedFor(client)).toBe(0);
      await sut.recordFailure(client);
    }
  }

  it('blocks a client for 15 minutes after 5 wrong codes, and forgets them after a right one', async () => {
    const sut = new WrongCodeThrottle(null);
    await failFiveTimes(sut, '192.0.2.1');
    expect(await sut.blockedFor('192.0.2.1')).toBeGreaterThan(14 * 60 * 1000);
    expect(await sut.blockedFor('192.0.2.2')).toBe(0);

    await sut.recordFailure('192.0.2.3');
    await sut.forget('192.0.2.3');
    await failFiveTimes(sut, '192.0.2.3');
  });

  it('keeps counting in memory while Redis is unreachable: neither open to guessing nor closed to everyone', async () => {
    // Never connected: every Redis call is refused at once, as during an outage.
    const redis = new RedisConnection({ url: 'redis://127.0.0.1:1', keyPrefix: 'mb-test:' });
    const sut = new WrongCodeThrottle(redis);
    await failFiveTimes(sut, '192.0.2.1');
    expect(await sut.blockedFor('192.0.2.1')).toBeGreaterThan(14 * 60 * 1000);
    expect(await sut.blockedFor('192.0.2.2')).toBe(0);
    await redis.close();
  });
});
