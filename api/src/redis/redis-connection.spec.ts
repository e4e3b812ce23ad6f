import { createServer } from 'node:net';
import { RedisConnection } from './redis-connection';

const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe(RedisConnection.name, () => {
  it('puts the prefix before every key and channel name', () => {
    const sut = new RedisConnection({ url: 'redis://127.0.0.1:1', keyPrefix: 'run-7:' });
    expect(sut.key('turn:abc')).toBe('run-7:turn:abc');
  });

  it('words errors without the URL or the password it holds', () => {
    const url = 'redis://admin:s3cret-pass@cache:6379/0';
    const sut = new RedisConnection({ url, keyPrefix: 'mb:' });
    const described = sut.describe(new Error(`could not reach ${url} as admin with s3cret-pass`));
    expect(described).not.toContain('s3cret-pass');
    expect(described).not.toContain('admin');
    expect(described).toContain('REDIS_URL');
  });

  it('stops the boot with one line when nothing answers, naming neither the URL nor its password', async () => {
    const sut = new RedisConnection({ url: `redis://:hunter22@127.0.0.1:${await closedPort()}`, keyPrefix: 'mb:' });
    const failure = await sut.connect().then(
      () => undefined,
      (error: Error) => error,
    );
    await sut.close();
    expect(failure?.message).toMatch(/^Redis \(REDIS_URL\) did not answer: .*ECONNREFUSED/);
    expect(failure?.message).not.toContain('hunter22');
    expect(failure?.message).not.toContain('\n');
  });
});
