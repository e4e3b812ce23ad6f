import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { KeyForm } from './pages/key-form';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { USER_KEY } from './support/e2e-env';
import { agents, declared, pathOf } from './support/fixture-agents';

/** The agent whose file words the key form: its heading and intro above the form. */
const agent = agents.wordsItsKeyForm;
const keyFormTexts = declared(agent.keyForm, 'keyForm');
const agentPath = pathOf(agent);

/** Looks like a key, but the fake OpenAI accepts only the server's and USER_KEY. */
const REFUSED_KEY = 'sk-e2e-refused-key-00000000000000000';

const messageBox = (page: Page) => page.getByPlaceholder(agent.input.placeholder);

/** Counts the page's key checks, to prove the browser-side rules stop a bad key before any call. */
function countVerifyRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === KeyForm.verifyKeyPath) count++;
  });
  return () => count;
}

test.describe('API key form on the app without a server key', () => {
  test.beforeEach(async ({ grantAccess, keylessBaseURL }) => {
    await grantAccess(keylessBaseURL);
  });

  test("shows the agent's loading text while the settings load, then the agent's heading, intro and the form", async ({
    page,
    keylessBaseURL,
  }) => {
    let releaseSettings = () => {};
    const settingsHeld = new Promise<void>((resolve) => (releaseSettings = resolve));
    await page.route(`**${KeyForm.settingsPath}`, async (route) => {
      await settingsHeld;
      await route.continue();
    });
    const form = new KeyForm(page);

    await page.goto(`${keylessBaseURL}${agentPath}`);

    await expect(page.getByRole('status').filter({ hasText: agent.display.loadingText })).toBeVisible();
    await expect(form.card).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'agent page, connecting');
    releaseSettings();
    await expect(form.card).toBeVisible();
    await expect(page.getByText(agent.display.loadingText)).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 2, name: declared(keyFormTexts.heading, 'keyForm.heading'), exact: true }),
    ).toBeVisible();
    await expect(page.getByText(declared(keyFormTexts.intro, 'keyForm.intro'), { exact: true })).toBeVisible();
    await expect(form.status).toHaveText(KeyForm.texts.serverActive);
    await expect(form.card.getByText(/kept only in this browser tab/)).toBeVisible();
    await expect(form.keyField).toHaveAttribute('type', 'password');
    await expect(form.keyField).toHaveAttribute('placeholder', 'sk-...');
    await expect(form.getKeyLink).toHaveAttribute('href', 'https://platform.openai.com/api-keys');
    await expect(form.getKeyLink).toHaveAttribute('target', '_blank');
    await expect(form.getKeyLink).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(messageBox(page)).toHaveCount(0);
  });

  test('stops an empty, wrongly prefixed or short key in the browser with the spec messages', async ({
    page,
    keylessBaseURL,
  }) => {
    const verifyRequests = countVerifyRequests(page);
    const form = new KeyForm(page);
    await page.goto(`${keylessBaseURL}${agentPath}`);

    await form.submit('');
    await form.expectFieldError(KeyForm.texts.empty);
    await form.submit('pk-0123456789012345678901234567890');
    await form.expectFieldError(KeyForm.texts.prefix);
    await form.submit('sk-short');
    await form.expectFieldError(KeyForm.texts.tooShort);

    await expect(form.keyField).toBeFocused();
    expect(verifyRequests()).toBe(0);
  });

  test('passes axe with no serious or critical violations, also while it shows a field error', async ({
    page,
    keylessBaseURL,
  }) => {
    const form = new KeyForm(page);
    await page.goto(`${keylessBaseURL}${agentPath}`);
    await expect(form.status).toHaveText(KeyForm.texts.serverActive);
    await expectNoSeriousA11yViolations(page, 'key form');

    await form.submit('sk-short');
    await form.expectFieldError(KeyForm.texts.tooShort);
    await expectNoSeriousA11yViolations(page, 'key form with a field error');
  });

  test('a key the model service refuses gives the Invalid API Key toast and keeps the form', async ({
    page,
    keylessBaseURL,
    allowHttpErrors,
    upstream,
  }) => {
    allowHttpErrors(KeyForm.verifyKeyPath, 502);
    const form = new KeyForm(page);
    await page.goto(`${keylessBaseURL}${agentPath}`);

    await form.submit(REFUSED_KEY);

    const toast = form.toast(KeyForm.texts.invalidTitle);
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(/appears to be invalid/i);
    await expect(toast).not.toContainText(REFUSED_KEY);
    await expect(form.connectButton).toBeEnabled();
    await expect(form.card).toBeVisible();
    expect(await page.content()).not.toContain(REFUSED_KEY);
    expect((await form.storedKeys()).session).toBeNull();
    const keyChecks = (await upstream.openaiRequests()).filter((request) => request.path.startsWith('/v1/models'));
    expect(keyChecks.map((request) => request.headers.authorization)).toEqual([`Bearer ${REFUSED_KEY}`]);
  });

  test('a valid key is checked through the X-OpenAI-Key header, kept for this tab only, and opens the chat', async ({
    page,
    context,
    keylessBaseURL,
    upstream,
  }) => {
    const form = new KeyForm(page);
    await page.goto(`${keylessBaseURL}${agentPath}`);
    const verifyRequest = page.waitForRequest((request) => new URL(request.url()).pathname === KeyForm.verifyKeyPath);

    await form.submit(USER_KEY);

    const sent = await verifyRequest;
    expect(sent.method()).toBe('POST');
    expect(sent.headers()['x-openai-key']).toBe(USER_KEY);
    expect(sent.postData() ?? '').not.toContain(USER_KEY);
    const toast = form.toast(KeyForm.texts.successTitle);
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(KeyForm.texts.successText);
    await expect(form.card).toHaveCount(0);
    await expect(messageBox(page)).toBeVisible();
    const keyChecks = (await upstream.openaiRequests()).filter((request) => request.path.startsWith('/v1/models'));
    expect(keyChecks.map((request) => request.headers.authorization)).toEqual([`Bearer ${USER_KEY}`]);

    const stored = await form.storedKeys();
    expect(stored.session && JSON.parse(stored.session)).toBe(USER_KEY);
    expect(stored.local).not.toContain(USER_KEY);
    expect(await context.cookies()).not.toContainEqual(
      expect.objectContaining({ value: expect.stringContaining(USER_KEY) }),
    );

    await page.reload();
    await expect(messageBox(page)).toBeVisible();
    await expect(form.card).toHaveCount(0);

    // sessionStorage belongs to the tab: another tab asks again.
    const otherTab = await context.newPage();
    await otherTab.goto(`${keylessBaseURL}${agentPath}`);
    await expect(new KeyForm(otherTab).card).toBeVisible();
    await otherTab.close();
  });

  test('a failed settings call shows Connection Error, and Retry Connection reloads the page', async ({
    page,
    keylessBaseURL,
    allowHttpErrors,
  }) => {
    allowHttpErrors(KeyForm.settingsPath, 500);
    await page.route(`**${KeyForm.settingsPath}`, (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, code: 'INTERNAL', message: 'Internal server error' } }),
    );
    const form = new KeyForm(page);
    await page.goto(`${keylessBaseURL}${agentPath}`);

    await expect(form.alert).toContainText(KeyForm.texts.connectionError);
    await expect(form.alert).toContainText(KeyForm.texts.serverUnreachable);
    await expectNoSeriousA11yViolations(page, 'key form, connection error');
    await expect(form.keyField).toBeVisible();

    await page.unroute(`**${KeyForm.settingsPath}`);
    await Promise.all([page.waitForEvent('load'), form.retryButton.click()]);

    await expect(form.status).toHaveText(KeyForm.texts.serverActive);
    await expect(form.alert).toHaveCount(0);
  });

  test('fits a 360 px wide screen without sideways scrolling', async ({ page, keylessBaseURL }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const form = new KeyForm(page);
    await page.goto(`${keylessBaseURL}${agentPath}`);
    await form.submit('');
    await form.expectFieldError(KeyForm.texts.empty);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const box = await form.card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await expect(form.connectButton).toBeInViewport();
  });
});

test('the app with a server key opens the chat without asking for a key', async ({ page, grantAccess }) => {
  await grantAccess();
  const form = new KeyForm(page);

  await page.goto(agentPath);

  await expect(messageBox(page)).toBeVisible();
  await expect(form.card).toHaveCount(0);
  await expect(page.getByText(KeyForm.title)).toHaveCount(0);
});
