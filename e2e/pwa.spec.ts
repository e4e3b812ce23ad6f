import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ChatPage } from './pages/chat-page';
import { HubPage } from './pages/hub-page';
import { LandingPage } from './pages/landing-page';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';

const offlineText = 'You are offline. Chats will work again when you are back online.';

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type WebManifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

/** Waits until the service worker is installed and controls the page (reloading once if it took over late). */
async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: offlineText });

test.describe('the installable app', () => {
  test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the manifest names the app, opens the hub standalone and lists icons that exist', async ({ page, request }) => {
    await new LandingPage(page).goto();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const manifest = (await res.json()) as WebManifest;

    expect(manifest).toMatchObject({
      name: 'mb',
      short_name: 'mb',
      start_url: HubPage.path,
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const kinds = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(kinds).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect({ src: icon.src, status: image.status(), type: image.headers()['content-type'] }).toEqual({
        src: icon.src,
        status: 200,
        type: icon.type,
      });
      expect({ src: icon.src, size: pngSize(await image.body()) }).toEqual({ src: icon.src, size: icon.sizes });
    }

    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const touch = await request.get(touchIcon!);
    expect(touch.headers()['content-type']).toBe('image/png');
    expect(pngSize(await touch.body())).toBe('180x180');
  });

  test('the service worker script is always revalidated and caches the app shell, never the API', async ({
    request,
  }) => {
    const res = await request.get('/sw.js');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const source = await res.text();
    const build = JSON.parse(/const BUILD = (\{.*\});/.exec(source)![1]) as { version: string; files: string[] };

    expect(build.version).toMatch(/^[0-9a-f]{16}$/);
    expect(build.files).toEqual(
      expect.arrayContaining(['/index.html', '/theme.js', '/manifest.webmanifest', '/icons/icon-192.png']),
    );
    expect(build.files.filter((file) => file.startsWith('/assets/') && file.endsWith('.js')).length).toBeGreaterThan(0);
    expect(build.files.filter((file) => file.startsWith('/api') || file === '/sw.js')).toEqual([]);
  });

  const screens = [
    { screen: '390 px', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    { screen: 'desktop', use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } },
  ] as const;
  for (const { screen, use } of screens) {
    test.describe(`offline on the ${screen}`, () => {
      test.use(use);

      for (const colorScheme of ['light', 'dark'] as const) {
        test(`the app still opens and says it is offline; back online it carries on (${colorScheme})`, async ({
          page,
          context,
          grantAccess,
        }) => {
          await grantAccess();
          await page.emulateMedia({ colorScheme });
          const landing = new LandingPage(page);
          await landing.goto();
          await untilServiceWorkerControls(page);
          await expect(offlineNotice(page)).toHaveCount(0);

          await context.setOffline(true);
          await page.reload();
          await expect(landing.heading).toBeVisible();
          await expect(offlineNotice(page)).toBeVisible();
          await expectNoSeriousA11yViolations(page, `landing page offline (${screen}, ${colorScheme})`);

          // Another page of the app opens from the cached shell too; what needs the server waits for it.
          await page.goto(HubPage.path);
          await expect(offlineNotice(page)).toBeVisible();
          await expect(page.getByRole('heading', { level: 1, name: HubPage.heading })).toBeVisible();
          await expect(page.getByRole('status').filter({ hasText: 'Waiting for a connection...' })).toBeVisible();
          await expectNoSeriousA11yViolations(page, `hub offline (${screen}, ${colorScheme})`);

          await context.setOffline(false);
          await expect(offlineNotice(page)).toHaveCount(0);
          await expect(page.getByRole('link', { name: HubPage.openAgent }).first()).toBeVisible();
        });
      }
    });
  }

  test('a chat works under the service worker, whose caches hold no API answer', async ({ page, grantAccess }) => {
    await grantAccess();
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    await untilServiceWorkerControls(page);
    await expect(chat.messageBox).toBeVisible();

    const apiFromWorker: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/') && response.fromServiceWorker()) {
        apiFromWorker.push(response.url());
      }
    });
    await chat.send('Hello from a phone');
    await expect(chat.assistantMessages().last()).toContainText('Echo: Hello from a phone');
    await page.reload();
    await expect(chat.userMessages().last()).toContainText('Hello from a phone');

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);
    expect(apiFromWorker).toEqual([]);
  });
});
