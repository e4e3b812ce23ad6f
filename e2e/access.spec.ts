import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { HubPage } from './pages/hub-page';
import { PasscodeScreen } from './pages/passcode-screen';
import { Toasts } from './pages/toasts';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { ACCESS_CODE } from './support/e2e-env';
import { agents, declared, pathOf } from './support/fixture-agents';

const grantPath = '/api/auth/grant-access';
const accessRequired = ['Access Required', 'Please enter the access code to view this page.'] as const;

/** Holds every request to `path` until the returned release function is called. */
async function holdRequests(page: Page, path: string): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const passcodeAgent = agents.passcodeGate;
const alertAgent = agents.alertsWithoutAccess;
const redirectAgent = agents.redirectsWithoutAccess;

test.describe('an agent that asks for the passcode on its own page', () => {
  test('without access: the passcode screen, its button disabled while the field is empty', async ({ page }) => {
    const screen = new PasscodeScreen(page, passcodeAgent);
    await screen.goto();

    await expect(screen.title).toBeVisible();
    await expect(screen.subtitle).toBeVisible();
    await expect(screen.backHome).toHaveAttribute('href', '/');
    await expect(screen.field).toHaveAttribute('type', 'password');
    await expect(screen.button).toBeDisabled();
    await screen.field.fill('   ');
    await expect(screen.button).toBeDisabled();
    await screen.field.fill('x');
    await expect(screen.button).toBeEnabled();
    await expect(page).toHaveURL(screen.path);
  });

  test("the busy label while the server checks, then 'Access Denied' for a wrong code", async ({
    page,
    allowHttpErrors,
  }) => {
    allowHttpErrors(grantPath, 401);
    const screen = new PasscodeScreen(page, passcodeAgent);
    await screen.goto();
    const release = await holdRequests(page, grantPath);

    await screen.field.fill('not-the-code');
    await screen.button.click();
    await expect(screen.busyButton).toBeDisabled();
    release();

    await new Toasts(page).expectShown('Access Denied', 'Invalid passcode. Please try again.');
    await expect(screen.button).toBeVisible();
    await expect(screen.field).toHaveValue('');
    await expect(screen.title).toBeVisible();
  });

  test('the right code opens the agent page without a reload', async ({ page }) => {
    const screen = new PasscodeScreen(page, passcodeAgent);
    await screen.goto();

    await screen.field.fill(ACCESS_CODE);
    await screen.button.click();

    await new Toasts(page).expectShown('Access Granted', screen.texts.welcome);
    await expect(screen.agentHeader).toBeVisible();
    await expect(screen.field).toHaveCount(0);
    await expect(screen.subtitle).toHaveCount(0);
    await expect(screen.button).toHaveCount(0);
    // This agent's file keeps the display hint across tabs too (access.persistFlag).
    expect(await page.evaluate(() => [sessionStorage.getItem('mbAccess'), localStorage.getItem('mbAccess')])).toEqual([
      'granted',
      'granted',
    ]);
  });

  test('passes axe with no serious or critical violations', async ({ page }) => {
    const screen = new PasscodeScreen(page, passcodeAgent);
    await screen.goto();
    await expect(screen.button).toBeVisible();

    await expectNoSeriousA11yViolations(page, 'passcode screen');
  });

  test('fits a 360 px wide screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const screen = new PasscodeScreen(page, passcodeAgent);
    await screen.goto();
    await expect(screen.button).toBeVisible();

    expect(await horizontalOverflow(page)).toBe(0);
  });
});

test.describe('an agent that shows a restriction alert without access', () => {
  const texts = declared(alertAgent.access.alert, 'access.alert');
  const path = pathOf(alertAgent);

  test('shows its alert and stays on the page', async ({ page }) => {
    await page.goto(path);

    const alert = page.getByRole('alert').filter({ hasText: texts.title });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(texts.text);
    await expect(page.getByRole('heading', { level: 1, name: alertAgent.display.header })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to MB' })).toHaveAttribute('href', HubPage.path);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(path);
  });

  test('fits a 360 px wide screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: texts.title })).toBeVisible();

    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('passes axe with no serious or critical violations', async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('alert').filter({ hasText: texts.title })).toBeVisible();

    await expectNoSeriousA11yViolations(page, 'restriction alert');
  });

  test('with access: the agent page instead of the alert', async ({ page, grantAccess }) => {
    await grantAccess();
    await page.goto(path);

    await expect(page.getByRole('heading', { level: 2, name: alertAgent.display.title })).toBeVisible();
    await expect(page.getByText(texts.title)).toHaveCount(0);
  });
});

test.describe('an agent that redirects visitors without access', () => {
  test("its checking text, then back to /mb with 'Access Required'", async ({ page }) => {
    const checkingText = declared(redirectAgent.access.checkingText, 'access.checkingText');
    const release = await holdRequests(page, '/api/auth/check-access');
    await page.goto(pathOf(redirectAgent));
    await expect(page.getByRole('status').filter({ hasText: checkingText })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'agent page, checking access');
    release();

    await expect(page).toHaveURL(HubPage.path);
    await new Toasts(page).expectShown(...accessRequired);
    await expect(new HubPage(page).prompt).toBeVisible();
  });

  for (const path of agents.hasAnAliasRoute.routes) {
    test(`every route of an agent redirects: ${path} goes to /mb with 'Access Required'`, async ({ page }) => {
      await page.goto(path);

      await expect(page).toHaveURL(HubPage.path);
      await new Toasts(page).expectShown(...accessRequired);
    });
  }

  test('the redirect replaces the agent page in the history', async ({ page }) => {
    await page.goto('/');
    await page.goto(pathOf(redirectAgent));
    await expect(page).toHaveURL(HubPage.path);

    await page.goBack();
    await expect(page).toHaveURL('/');
  });

  test('a browser flag alone grants nothing and is cleared', async ({ page }) => {
    const path = pathOf(redirectAgent);
    await page.addInitScript((agentPath) => {
      if (location.pathname !== agentPath) return;
      sessionStorage.setItem('mbAccess', 'granted');
      localStorage.setItem('mbAccess', 'granted');
    }, path);
    await page.goto(path);

    await expect(page).toHaveURL(HubPage.path);
    await new Toasts(page).expectShown(...accessRequired);
    expect(await page.evaluate(() => [sessionStorage.getItem('mbAccess'), localStorage.getItem('mbAccess')])).toEqual([
      null,
      null,
    ]);
  });
});

test.describe('access code', () => {
  test('is never shipped to the browser', async ({ page, request }) => {
    await page.goto('/');
    const html = await (await request.get('/')).text();
    const pending = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(pending.length).toBeGreaterThan(0);

    // Follow the lazily loaded chunks too: each names the chunks it imports.
    const seen = new Set<string>();
    while (pending.length > 0) {
      const asset = pending.pop() as string;
      if (seen.has(asset)) continue;
      seen.add(asset);
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      const source = await response.text();
      expect(source.toLowerCase(), asset).not.toContain(ACCESS_CODE.toLowerCase());
      for (const match of source.matchAll(/assets\/([\w.-]+\.js)/g)) pending.push(`/assets/${match[1]}`);
    }
    expect(seen.size).toBeGreaterThan(3);
  });
});
