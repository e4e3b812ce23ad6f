import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadAppConfig } from './app-config';

describe(loadAppConfig.name, () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'mb-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const problemsOf = (env: Record<string, string>) => {
    try {
      loadAppConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('defaults to port 3000, the embedded database in DATA_DIR and gpt-4o', () => {
    const sut = loadAppConfig({ DATA_DIR: dataDir, ACCESS_CODE: 'some-code' });
    expect(sut).toMatchObject({
      port: 3000,
      env: 'development',
      database: { kind: 'embedded', dataDir },
      openai: { model: 'gpt-4o' },
    });
    expect(sut.serper.baseUrl).toBe('https://google.serper.dev');
  });

  it('lets one API key make API_KEY_RPM requests a minute: 60 unless set, a whole number of at least 1', () => {
    expect(loadAppConfig({ DATA_DIR: dataDir }).apiKeys).toEqual({ requestsPerMinute: 60 });
    expect(loadAppConfig({ DATA_DIR: dataDir, API_KEY_RPM: '5' }).apiKeys).toEqual({ requestsPerMinute: 5 });
    expect(problemsOf({ API_KEY_RPM: '0' })).toEqual([expect.stringMatching(/^API_KEY_RPM: /)]);
    expect(problemsOf({ API_KEY_RPM: 'many' })).toEqual(['API_KEY_RPM: must be a number of requests a minute']);
  });

  it('uses PostgreSQL when DATABASE_URL is a postgres URL', () => {
    const sut = loadAppConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgresql://u@db:5432/app' });
    expect(sut.database).toEqual({ kind: 'postgres', url: 'postgresql://u@db:5432/app' });
  });

  it('names every bad variable in one error, never its value', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://root:hunter2@db/app',
      PORT: 'eighty',
      OPENAI_BASE_URL: 'not a url',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^PORT: /),
      expect.stringMatching(/^DATABASE_URL: must be a postgres:\/\/ URL/),
      expect.stringMatching(/^OPENAI_BASE_URL: must be an http\(s\) URL/),
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('runs in one process without REDIS_URL, and shares through Redis with it (key prefix mb: unless REDIS_PREFIX says)', () => {
    expect(loadAppConfig({ DATA_DIR: dataDir }).redis).toBeUndefined();
    expect(loadAppConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://:pw@cache:6379/2' }).redis).toEqual({
      url: 'redis://:pw@cache:6379/2',
      keyPrefix: 'mb:',
    });
    expect(loadAppConfig({ DATA_DIR: dataDir, REDIS_URL: 'rediss://cache', REDIS_PREFIX: 'staging:' }).redis).toEqual({
      url: 'rediss://cache',
      keyPrefix: 'staging:',
    });
  });

  it('stops on a REDIS_URL that is not a redis URL without repeating its password, and on a bad REDIS_PREFIX', () => {
    const problems = problemsOf({ REDIS_URL: 'http://user:hunter2@cache:6379', REDIS_PREFIX: 'two words' });
    expect(problems).toEqual([
      expect.stringMatching(/^REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/),
      expect.stringMatching(/^REDIS_PREFIX: /),
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
    expect(problemsOf({ REDIS_URL: 'redis://user:hunter2@[cache' })).toEqual([expect.stringMatching(/^REDIS_URL: /)]);
  });

  it('trusts only a local proxy by default, and takes hops or address lists from TRUST_PROXY', () => {
    expect(loadAppConfig({ DATA_DIR: dataDir }).trustProxy).toBe('loopback');
    expect(loadAppConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadAppConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: must be a number of proxy hops/),
    ]);
  });

  it('refuses to run in production without ACCESS_CODE', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['ACCESS_CODE: is required when NODE_ENV=production']);
  });

  it('generates an access code and a session secret once, keeps them private in DATA_DIR and reuses them', () => {
    const first = loadAppConfig({ DATA_DIR: dataDir });
    expect(first.access.codeSource).toBe('generated');
    expect(first.access.code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(readFileSync(join(dataDir, 'access-code'), 'utf8').trim()).toBe(first.access.code);
    expect(statSync(join(dataDir, 'access-code')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600);
    const second = loadAppConfig({ DATA_DIR: dataDir });
    expect(second.access).toEqual(first.access);
  });

  it('prefers ACCESS_CODE from the environment over a kept one', () => {
    loadAppConfig({ DATA_DIR: dataDir });
    expect(loadAppConfig({ DATA_DIR: dataDir, ACCESS_CODE: 'from-env' }).access).toMatchObject({
      code: 'from-env',
      codeSource: 'env',
    });
  });
});
