/**
 * Unit specs beside the code, API e2e specs in test/e2e; swc keeps the run fast and emits decorator metadata for Nest.
 * The specs of replicas (test/replicas/*.redis-spec.ts: Redis, and several server processes on one PostgreSQL) are
 * in the list only when the machine offers both, as the PostgreSQL pass does (TEST_DATABASE_URL and TEST_REDIS_URL).
 */
const withReplicas = Boolean(process.env.TEST_DATABASE_URL?.trim() && process.env.TEST_REDIS_URL?.trim());

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/test/**/*.spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
    ...(withReplicas ? ['<rootDir>/test/replicas/*.redis-spec.ts'] : []),
  ],
  testTimeout: 30000,
  maxWorkers: 2,
};
