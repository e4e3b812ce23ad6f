import { ChatPage } from './pages/chat-page';
import { KeyForm } from './pages/key-form';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { USER_KEY } from './support/e2e-env';
import { agents, pathOf } from './support/fixture-agents';

const streamed = { streamed: true } as const;

test.describe('chatting with a key of your own (server without a key)', () => {
  test.beforeEach(async ({ grantAccess, keylessBaseURL }) => {
    await grantAccess(keylessBaseURL);
  });

  test('each turn carries the key only in X-OpenAI-Key, and the model sees it as the bearer', async ({
    page,
    keylessBaseURL,
    upstream,
  }) => {
    const form = new KeyForm(page);
    const chat = new ChatPage(page);
    await page.goto(`${keylessBaseURL}${pathOf(agents.sendsOnEnter)}`);
    await form.keyField.fill(USER_KEY);
    await form.connectButton.click();
    await expect(chat.messageBox).toBeVisible();

    const turn = page.waitForRequest((request) => request.url().endsWith('/api/chat/turns'));
    await chat.send('Does my crawlspace need a dehumidifier?');
    const sent = await turn;
    expect(sent.headers()['x-openai-key']).toBe(USER_KEY);
    expect(sent.postData() ?? '').not.toContain(USER_KEY);
    expect(new URL(sent.url()).search).toBe('');
    await expect(chat.assistantMessages().last()).toContainText('Echo: Does my crawlspace need a dehumidifier?');

    const [call] = (await upstream.completionRequests()).filter((request) => request.body.stream === true);
    expect(call.headers.authorization).toBe(`Bearer ${USER_KEY}`);
  });

  test('a key refused mid-chat gives "API Key Invalid"; Connect OpenAI forgets it and shows the key form again', async ({
    page,
    keylessBaseURL,
    upstream,
  }) => {
    const form = new KeyForm(page);
    const chat = new ChatPage(page);
    await page.goto(`${keylessBaseURL}${pathOf(agents.noticeErrors)}`);
    await form.keyField.fill(USER_KEY);
    await form.connectButton.click();
    await expect(chat.messageBox).toBeVisible();

    await upstream.scriptReply(Array.from({ length: 4 }, () => ({ status: 401, match: streamed })));
    await chat.send('Plan a weekend in Ojai');
    const notice = chat.notices.last();
    await expect(notice).toContainText('API Key Invalid');
    await notice.getByRole('button', { name: 'Connect OpenAI' }).click();

    await expect(form.keyField).toBeVisible();
    expect(await page.evaluate((name) => sessionStorage.getItem(name), KeyForm.storageName)).not.toContain(USER_KEY);
  });
});

test.describe('toasts', () => {
  test.beforeEach(async ({ grantAccess, context }) => {
    await grantAccess();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('a toast and an error toast pass axe with no serious or critical violations', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    const toasts = page.getByRole('region', { name: /Notification/ }).getByRole('listitem');

    await chat.copyButtons().first().click();
    await expect(toasts).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'toast');

    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    await chat.copyButtons().first().click();
    await expect(toasts.filter({ hasText: 'Copy Failed' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'error toast');
  });

  test('one at a time, at most 420 px wide, gone after 5 s or when swiped right', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    const region = page.getByRole('region', { name: /Notification/ });
    const toasts = region.getByRole('listitem');

    await chat.copyButtons().first().click();
    await expect(toasts).toHaveCount(1);
    await chat.historyToggle.click();
    await page.getByRole('button', { name: 'New Chat', exact: true }).click();
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText('New Session');

    const viewport = region.getByRole('list');
    await expect(viewport).toHaveCSS('max-width', '420px');

    // Displayed for 5 s, then removed.
    await expect(toasts).toHaveCount(0, { timeout: 7_000 });

    await chat.copyButtons().first().click();
    const toast = toasts.first();
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    if (!box) throw new Error('the toast has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, y, { steps: 5 });
    await page.mouse.move(box.x + 140, y, { steps: 5 });
    await page.mouse.up();
    await expect(toasts).toHaveCount(0, { timeout: 2_000 });
  });
});
