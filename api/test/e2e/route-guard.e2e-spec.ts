import { concretePath, registeredRoutes, type RegisteredRoute } from '../support/registered-routes';
import { startTestApp, type TestApp } from '../support/test-app';

const PUBLIC_ROUTES = [
  'GET /api/agents',
  'GET /api/auth/check-access',
  'GET /api/docs',
  'GET /api/docs/:file',
  'GET /api/health',
  'GET /api/openapi.json',
  'GET /api/settings',
  'POST /api/auth/grant-access',
];

const key = (route: RegisteredRoute) => `${route.method} ${route.path}`;

describe('Access guard over every registered route (e2e)', () => {
  let sut: TestApp;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    sut = await startTestApp();
    routes = registeredRoutes(sut.app).filter((route) => route.path.startsWith('/api/'));
  });
  afterAll(() => sut.close());

  it('finds the routes the app registers', () => {
    expect(routes.map(key)).toEqual(
      expect.arrayContaining(['GET /api/chat/sessions', 'POST /api/chat/sessions/:id/messages', ...PUBLIC_ROUTES]),
    );
  });

  it('leaves exactly the intended routes public', async () => {
    const open: string[] = [];
    for (const route of routes) {
      const res = await sut
        .anonymous()
        [route.method.toLowerCase() as 'get'](concretePath(route.path))
        .set('Content-Type', 'application/json');
      if (res.status !== 401) open.push(key(route));
    }
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('refuses a private route before reading its body, whatever the body is', async () => {
    await sut
      .anonymous()
      .post('/api/chat/sessions')
      .set('Content-Type', 'application/json')
      .send('{ not json')
      .expect(401);
    await sut.anonymous().post('/api/chat/sessions').set('Content-Type', 'text/plain').send('hello').expect(401);
    await sut
      .anonymous()
      .post('/api/chat/sessions')
      .set('Content-Type', 'application/json')
      .send(`{"title":"${'x'.repeat(600 * 1024)}"}`)
      .expect(401);
  });

  it('answers every private route with ACCESS_REQUIRED and the spec text, before looking at the input', async () => {
    const privateRoutes = routes.filter((route) => !PUBLIC_ROUTES.includes(key(route)));
    expect(privateRoutes.length).toBeGreaterThan(5);
    for (const route of privateRoutes) {
      const res = await sut
        .anonymous()
        [route.method.toLowerCase() as 'post'](concretePath(route.path))
        .send({ not: 'valid' });
      expect({ route: key(route), status: res.status, body: res.body }).toEqual({
        route: key(route),
        status: 401,
        body: { statusCode: 401, code: 'ACCESS_REQUIRED', message: 'Please enter the access code to view this page.' },
      });
    }
  });
});
