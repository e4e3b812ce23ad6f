import { ChatPage } from './pages/chat-page';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents, greetingOf } from './support/fixture-agents';

const streamed = { streamed: true } as const;

/** A desktop, and a 390 px phone (with a keyboard attached) in dark mode, where the history is a drawer. */
const layouts = [
  { name: 'desktop, light', width: 1280, height: 800, colorScheme: 'light' },
  { name: '390 px, dark', width: 390, height: 844, colorScheme: 'dark' },
] as const;

for (const layout of layouts) {
  test.describe(`chat keyboard shortcuts (${layout.name})`, () => {
    test.beforeEach(async ({ grantAccess, page }) => {
      await grantAccess();
      await page.setViewportSize({ width: layout.width, height: layout.height });
      await page.emulateMedia({ colorScheme: layout.colorScheme });
    });

    test('Escape stops a reply in progress and keeps what arrived', async ({ page, upstream }) => {
      await upstream.scriptReply({
        text: 'one two three four five six seven eight nine ten',
        tokenDelayMs: 400,
        match: streamed,
      });
      const chat = new ChatPage(page);
      await chat.goto(agents.sendsOnEnter);
      await chat.send('Count to ten');
      const reply = chat.assistantMessages().last();
      await expect(reply).toContainText('two');

      await page.keyboard.press('Escape');

      await expect(reply).toContainText('This reply was interrupted before it was complete.');
      await expect(reply).not.toContainText('ten');
      await expect(chat.sendButton).toBeVisible();
    });

    test('Escape with nothing in progress, or closing a menu, stops nothing', async ({ page, upstream }) => {
      await upstream.scriptReply({ text: 'alpha beta gamma delta epsilon zeta', tokenDelayMs: 300, match: streamed });
      const chat = new ChatPage(page);
      await chat.goto(agents.sendsOnEnter);
      await page.keyboard.press('Escape');
      await chat.send('Greek letters, please');
      const reply = chat.assistantMessages().last();
      await expect(reply).toContainText('alpha');
      await page.getByRole('button', { name: 'Show Chat History' }).click();
      const search = page
        .getByRole('searchbox', { name: 'Search chats' })
        .or(page.getByRole('textbox', { name: 'Search chats' }));
      await search.fill('alpha');
      await search.press('Escape');

      await expect(reply).toContainText('zeta');
      await expect(reply).not.toContainText('interrupted');
    });

    test('Ctrl/Cmd+Shift+O starts a new chat', async ({ page }) => {
      const chat = new ChatPage(page);
      await chat.goto(agents.sendsOnEnter);
      await chat.send('Remember this one');
      await expect(chat.assistantMessages().last()).toContainText('Echo: Remember this one');
      await expect(chat.sessionLine).toBeVisible();

      await page.keyboard.press('ControlOrMeta+Shift+O');

      await expect(chat.userMessages()).toHaveCount(0);
      await expect(chat.assistantMessages()).toHaveCount(1);
      await expect(chat.assistantMessages().first()).toContainText(greetingOf(agents.sendsOnEnter));
      await expectNoSeriousA11yViolations(page, 'chat, after a new chat by keyboard');
    });
  });
}
