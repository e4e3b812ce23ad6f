import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ChatPage } from './pages/chat-page';
import { ChatSearch } from './pages/chat-search';
import { HistoryPanel } from './pages/history-panel';
import { HubPage } from './pages/hub-page';
import { LandingPage } from './pages/landing-page';
import { SideMenu } from './pages/side-menu';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';

const phone = { width: 390, height: 844 };
const smallPhone = { width: 360, height: 740 };
const colorSchemes = ['light', 'dark'] as const;

/** How far the page scrolls sideways (0 when nothing is wider than the screen). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Whether the element is a modal dialog (the page behind it inert). */
const isModal = (page: Page) => page.evaluate(() => document.querySelector('dialog[open]')?.matches(':modal') ?? false);

/** A reply with everything that could push a phone's page sideways. */
const wideReply = [
  `A long word: ${'Donaudampfschifffahrtsgesellschaftskapitän'.repeat(3)} and a link https://example.com/${'a'.repeat(120)}.`,
  '',
  '```ts',
  `const aVeryLongLineOfCode = ${JSON.stringify('x'.repeat(160))}; // ${'comment '.repeat(10)}`,
  '```',
  '',
  '| Column one | Column two | Column three | Column four | Column five | Column six | Column seven |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  '| some value | another value | a third value | a fourth value | a fifth value | a sixth value | the seventh |',
  '',
  `Inline code too: \`${'y'.repeat(90)}\`.`,
].join('\n');

/** A first message unique to this test, so its session title is too (the database lives for the whole run). */
const uniqueQuestion = (topic: string) => `${topic} ${randomUUID().slice(0, 8)}`;

test.describe('phones: the history is a drawer below 768 px', () => {
  test.use({ viewport: phone, isMobile: true, hasTouch: true });

  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  for (const colorScheme of colorSchemes) {
    test(`opens and closes from the keyboard, holding focus while open (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      const chat = new ChatPage(page);
      const history = new HistoryPanel(page);
      await chat.goto(agents.sendsOnEnter);

      await chat.historyToggle.focus();
      await page.keyboard.press('Enter');
      await expect(history.drawer).toBeVisible();
      expect(await isModal(page)).toBe(true);
      // Focus moved into the drawer, and Tab never leaves it for the inert chat behind.
      await expect(history.drawer.locator(':focus')).toHaveCount(1);
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        await expect(chat.messageBox).not.toBeFocused();
      }
      await expect(history.newChatButton).toBeVisible();
      await expectNoSeriousA11yViolations(page, `history drawer at 390 px (${colorScheme})`);

      await page.keyboard.press('Escape');
      await expect(history.drawer).toHaveCount(0);
      await expect(chat.historyToggle).toBeFocused();
      await expect(chat.historyToggle).toHaveAttribute('aria-expanded', 'false');

      // The drawer's own close button, reached with the keyboard, does the same.
      await page.keyboard.press('Enter');
      await expect(history.drawer).toBeVisible();
      await history.closeButton.focus();
      await page.keyboard.press('Enter');
      await expect(history.drawer).toHaveCount(0);
      await expect(chat.historyToggle).toBeFocused();
    });
  }

  test('a tap on the backdrop closes it; choosing a chat closes it and shows that chat', async ({ page }) => {
    const chat = new ChatPage(page);
    const history = new HistoryPanel(page);
    await chat.goto(agents.sendsOnEnter);
    const question = uniqueQuestion('Balcony tomatoes');
    await chat.send(question);
    await expect(chat.assistantMessages().last()).toContainText(`Echo: ${question}`);

    await chat.historyToggle.click();
    await expect(history.drawer).toBeVisible();
    const drawerBox = await history.drawer.boundingBox();
    expect(drawerBox!.width).toBeLessThan(phone.width);
    // The strip of chat still showing beside the drawer is the backdrop.
    await page.mouse.click(phone.width - 10, phone.height / 2);
    await expect(history.drawer).toHaveCount(0);

    await chat.historyToggle.click();
    await history.newChatButton.click();
    await expect(history.drawer).toHaveCount(0);
    await expect(chat.userMessages()).toHaveCount(0);

    await chat.historyToggle.click();
    await history.continueButton(question).click();
    await expect(history.drawer).toHaveCount(0);
    await expect(chat.userMessages().last()).toContainText(question);
    await expect(chat.historyToggle).toBeFocused();
  });

  test('Ctrl+K opens the drawer on the search box; Escape first clears the search, then closes the drawer', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    const history = new HistoryPanel(page);
    const search = new ChatSearch(page);
    await chat.goto(agents.sendsOnEnter);
    await chat.messageBox.focus();

    await page.keyboard.press('Control+k');
    await expect(history.drawer).toBeVisible();
    await expect(search.box).toBeFocused();
    await page.keyboard.type('tomatoes');
    await expect(search.results.or(search.noMatch).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'search in the history drawer at 390 px');

    await page.keyboard.press('Escape');
    await expect(search.box).toHaveValue('');
    await expect(history.drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(history.drawer).toHaveCount(0);
  });

  test('the composer stays on screen when the on-screen keyboard takes half of it', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    // Chrome on Android then shrinks the page above the keyboard, as a smaller window would.
    expect(viewport).toContain('interactive-widget=resizes-content');

    await chat.messageBox.focus();
    const keyboardHeight = 400;
    await page.setViewportSize({ width: phone.width, height: phone.height - keyboardHeight });
    await expect(chat.messageBox).toBeInViewport();
    await expect(chat.sendButton).toBeInViewport();
    const box = await chat.messageBox.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(phone.height - keyboardHeight);

    // On its side the phone is wider than 768 px but short: the composer still fits without scrolling.
    await page.setViewportSize({ width: phone.height, height: phone.width });
    await expect(chat.sendButton).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
  });
});

test.describe("phones: the browser bar's colour", () => {
  test.use({ viewport: phone, isMobile: true, hasTouch: true });

  /** The theme-color the browser uses: the content of the meta whose media query holds. */
  const barColour = (page: Page) =>
    page.evaluate(
      () =>
        Array.from(document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')).find(
          (meta) => !meta.media || matchMedia(meta.media).matches,
        )?.content,
    );

  test("follows the system, then the 'Dark mode' switch, after a reload too", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await new LandingPage(page).goto();
    expect(await barColour(page)).toBe('#111827');

    await new SideMenu(page).setDarkMode(false);
    expect(await barColour(page)).toBe('#ffffff');
    await page.reload();
    expect(await barColour(page)).toBe('#ffffff');

    await new SideMenu(page).setDarkMode(true);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await barColour(page)).toBe('#111827');
  });
});

test.describe('desktop: the history stays a column beside the chat', () => {
  for (const colorScheme of colorSchemes) {
    test(`the toggle shows the panel in the page, not in a drawer (${colorScheme})`, async ({ page, grantAccess }) => {
      await grantAccess();
      await page.emulateMedia({ colorScheme });
      const chat = new ChatPage(page);
      const history = new HistoryPanel(page);
      await chat.goto(agents.sendsOnEnter);
      await chat.historyToggle.focus();
      await page.keyboard.press('Enter');
      await expect(history.panel).toBeVisible();
      await expect(history.drawer).toHaveCount(0);
      await expect(history.closeButton).toHaveCount(0);
      await chat.messageBox.fill('still usable beside the history');
      await expect(chat.messageBox).toHaveValue('still usable beside the history');
      await expectNoSeriousA11yViolations(page, `history column on the desktop (${colorScheme})`);
    });
  }
});

test.describe('nothing scrolls sideways at 360 px', () => {
  test.use({ viewport: smallPhone, isMobile: true, hasTouch: true });

  test('the landing page, about, the hub without and with access', async ({ page, grantAccess }) => {
    await new LandingPage(page).goto();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);

    const hub = new HubPage(page);
    await page.goto(HubPage.path);
    await expect(hub.field).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);

    await grantAccess();
    await page.reload();
    await expect(page.getByRole('link', { name: HubPage.openAgent }).first()).toBeVisible();
    expect(await sidewaysScroll(page)).toBe(0);
  });

  for (const colorScheme of colorSchemes) {
    test(`a chat whose reply has long words, code and a wide table; the drawer open (${colorScheme})`, async ({
      page,
      grantAccess,
      upstream,
    }) => {
      await grantAccess();
      await page.emulateMedia({ colorScheme });
      await upstream.scriptReply({ text: wideReply, match: { streamed: true } });
      const chat = new ChatPage(page);
      await chat.goto(agents.sendsOnEnter);
      await chat.send(`Something wide ${'x'.repeat(70)}`);
      await expect(chat.assistantMessages().last()).toContainText('Inline code too');
      expect(await sidewaysScroll(page)).toBe(0);
      // The code and the table scroll inside their own boxes instead.
      const code = chat.assistantMessages().last().locator('pre');
      expect(await code.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      // … and take keyboard focus, so the arrow keys scroll them.
      await expect(code).toHaveAttribute('tabindex', '0');
      await expect(chat.assistantMessages().last().locator('table').locator('..')).toHaveAttribute('tabindex', '0');
      await expectNoSeriousA11yViolations(page, `chat with a wide reply at 360 px (${colorScheme})`);

      const history = new HistoryPanel(page);
      await chat.historyToggle.click();
      await expect(history.drawer).toBeVisible();
      expect(await sidewaysScroll(page)).toBe(0);
    });
  }
});
