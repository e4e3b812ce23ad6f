/**
 * The specs of clients nobody here wrote that the machine must provide: the official Python openai package
 * (OPENAI_PYTHON: a venv's python) and nginx with deploy/nginx.conf (NGINX) in front of two replicas on the
 * machine's PostgreSQL and Redis (TEST_DATABASE_URL, TEST_REDIS_URL). `npm run test:clients` runs them (CI does,
 * after npm test); `npm test` never does, so it needs only Node and npm.
 */
const base = require('./jest.config');

module.exports = { ...base, testMatch: ['<rootDir>/test/clients/*.clients-spec.ts'] };
