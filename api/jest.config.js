/**
 * Unit specs beside the code, API e2e specs in test/e2e; swc keeps the run fast and emits decorator metadata for Nest.
 * Every spec runs on PostgreSQL: the machine's (TEST_DATABASE_URL) or one embedded server for the run (the global
 * setup). The specs of replicas (test/replicas/*.redis-spec.ts) also need a Redis (TEST_REDIS_URL), as CI has.
 */
const withReplicas = Boolean(process.env.TEST_REDIS_URL?.trim());

module.exports = {
  testEnvironment: 'node',
  // The shared contracts package is read from its TypeScript source (its exports' "source" condition).
  testEnvironmentOptions: { customExportConditions: ['source', 'node', 'node-addons'] },
  // That condition would also send the MCP SDK's event-stream libraries to TypeScript sources jest cannot load.
  moduleNameMapper: {
    '^eventsource$': '<rootDir>/../node_modules/eventsource/dist/index.cjs',
    '^eventsource-parser$': '<rootDir>/../node_modules/eventsource-parser/dist/index.cjs',
    '^eventsource-parser/stream$': '<rootDir>/../node_modules/eventsource-parser/dist/stream.cjs',
  },
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
  globalSetup: '<rootDir>/test/support/shared-database.setup.ts',
  globalTeardown: '<rootDir>/test/support/shared-database.teardown.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
