import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ChatPage } from './pages/chat-page';
import { HubPage } from './pages/hub-page';
import { LandingPage } from './pages/landing-page';
import { SideMenu } from './pages/side-menu';
import { Toasts } from './pages/toasts';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const darkBackground = 'rgb(17, 24, 39)';
const lightBackground = 'rgb(255, 255, 255)';

test.describe('dark mode', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test('follows the system while nothing is chosen', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await new LandingPage(page).goto();
    expect(await theme(page)).toBeNull();
    expect(await background(page)).toBe(darkBackground);
    const menu = new SideMenu(page);
    await menu.open();
    await expect(menu.darkMode).toHaveAttribute('aria-pressed', 'true');
  });

  for (const width of [1280, 390]) {
    test(`the switch is remembered after a reload and applies on the landing page, the hub and a chat (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.emulateMedia({ colorScheme: 'light' });
      const landing = new LandingPage(page);
      await landing.goto();
      expect(await background(page)).toBe(lightBackground);
      await new SideMenu(page).setDarkMode(true);
      expect(await background(page)).toBe(darkBackground);
      await expectNoSeriousA11yViolations(page, 'landing page in dark mode');

      await page.reload();
      expect(await theme(page)).toBe('dark');
      expect(await background(page)).toBe(darkBackground);

      await new HubPage(page).goto();
      expect(await background(page)).toBe(darkBackground);
      await expectNoSeriousA11yViolations(page, 'hub in dark mode');

      const chat = new ChatPage(page);
      await chat.goto(agents.sendsOnEnter);
      expect(await background(page)).toBe(darkBackground);
      await expectNoSeriousA11yViolations(page, 'chat in dark mode');

      const menu = new SideMenu(page);
      await menu.setDarkMode(false);
      await page.reload();
      expect(await theme(page)).toBe('light');
      expect(await background(page)).toBe(lightBackground);
    });
  }

  test('a chosen light mode wins over a dark system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await new LandingPage(page).goto();
    await new SideMenu(page).setDarkMode(false);
    await page.reload();
    expect(await background(page)).toBe(lightBackground);
  });
});

test.describe('code blocks in replies', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  const reply = 'Try this:\n\n```ts\nconst answer: number = 42;\nconsole.log(answer);\n```\n\nThen run it.';

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`are highlighted, copied with 'Copy code' and pass axe (${colorScheme})`, async ({
      page,
      context,
      upstream,
    }) => {
      await page.emulateMedia({ colorScheme });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await upstream.scriptReply({ text: reply, match: { streamed: true } });
      const chat = new ChatPage(page);
      await chat.goto(agents.sendsOnEnter);
      await chat.send('Show me some code');
      const last = chat.assistantMessages().last();
      await expect(last).toContainText('Then run it.');
      await expect(last.locator('pre .hljs-keyword').first()).toHaveText('const');

      await last.getByRole('button', { name: 'Copy code' }).click();
      await new Toasts(page).expectShown('Content Copied', 'Code copied to clipboard.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        'const answer: number = 42;\nconsole.log(answer);',
      );
      await expect(page.getByRole('status').filter({ hasText: 'Assistant: Try this:' })).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, `chat with a code block (${colorScheme})`);
    });
  }
});
