import { expect, test } from './fixtures';

test.describe('files browsers and crawlers ask for', () => {
  test('robots.txt is a real text file that keeps crawlers out of the API and the hub', async ({ request }) => {
    const res = await request.get('/robots.txt');

    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/api\/$/m);
    expect(body).not.toContain('<html');
  });

  for (const path of ['/', '/about', '/ctzn', '/mb', '/no-such-page']) {
    test(`${path} links a favicon that is a real image`, async ({ page, request }) => {
      await page.goto(path);
      const href = await page.locator('link[rel="icon"]').getAttribute('href');
      expect(href).toBeTruthy();

      const res = await request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^image\//);
    });
  }

  for (const path of ['/assets/no-such-chunk.js', '/favicon.ico', '/no-such-file.png']) {
    test(`a missing file ${path} is a 404, not the app's HTML`, async ({ request }) => {
      const res = await request.get(path);

      expect(res.status()).toBe(404);
      expect(res.headers()['content-type'] ?? '').not.toMatch(/text\/html/);
    });
  }

  test("the site is React's production build, whatever NODE_ENV the build ran under", async ({ request }) => {
    const html = await (await request.get('/')).text();
    const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)];
    expect(scripts.length).toBeGreaterThan(0);

    for (const [, src] of scripts) {
      const code = await (await request.get(src)).text();
      // Only React's development build carries this console hint.
      expect({ src, development: code.includes('Download the React DevTools') }).toEqual({ src, development: false });
    }
  });

  for (const [path, type] of [
    ['/sw.js', /^(text|application)\/javascript/],
    ['/manifest.webmanifest', /^application\/manifest\+json/],
    ['/icons/icon-192.png', /^image\/png$/],
  ] as const) {
    test(`the installable app's ${path} is served as itself and revalidated on every load`, async ({ request }) => {
      const res = await request.get(path);

      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toMatch(type);
      // A new service worker must reach every phone at its next visit, never after a long cache lifetime.
      expect(res.headers()['cache-control']).toBe('no-cache');
    });
  }

  test('an unknown /api path is a JSON 404', async ({ request }) => {
    const res = await request.get('/api/no-such-route');

    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  test('a client route still gets the app', async ({ request }) => {
    const res = await request.get('/some/client/route');

    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/html/);
  });
});
