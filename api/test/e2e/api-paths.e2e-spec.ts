import { API_ROUTES, apiPath } from '@mb/contracts/api-paths';
import { registeredRoutes } from '../support/registered-routes';
import { startTestApp, type TestApp } from '../support/test-app';

describe('The API paths both ends share (@mb/contracts/api-paths)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });
  afterAll(() => sut?.close());

  it('names only routes the server registers', () => {
    const served = new Set(registeredRoutes(sut.app).map((route) => route.path));
    const unknown = Object.entries(API_ROUTES).filter(([, pattern]) => !served.has(pattern));
    expect(unknown).toEqual([]);
  });

  it('fills in parameters encoded, and a query when given', () => {
    expect(apiPath('messages', { id: 'a/b c' })).toBe('/api/chat/sessions/a%2Fb%20c/messages');
    expect(apiPath('sessions', undefined, { agentType: 'x&y' })).toBe('/api/chat/sessions?agentType=x%26y');
    expect(apiPath('health')).toBe('/api/health');
  });
});
