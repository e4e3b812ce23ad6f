import { ChatPage } from './pages/chat-page';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';

const streamed = { streamed: true } as const;
const agent = agents.keepsVersions;

/** Each flow on a desktop and on a 390 px phone, in light and dark mode, with axe in all four. */
const layouts = [
  { name: 'desktop, light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: 'desktop, dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  { name: '390 px, light', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  { name: '390 px, dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
] as const;

test.describe('regenerate, edit and versions of the last exchange', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  for (const layout of layouts) {
    test(`Regenerate keeps the first reply as a version; the choice survives a reload (${layout.name})`, async ({
      page,
      upstream,
    }) => {
      await page.setViewportSize(layout.viewport);
      await page.emulateMedia({ colorScheme: layout.colorScheme });
      const chat = new ChatPage(page);
      await chat.goto(agent);
      await upstream.scriptReply({ text: 'Oak is hard and pale.', match: streamed });
      await chat.send('Which wood for a desk?');
      const reply = chat.assistantMessages().last();
      await expect(reply).toContainText('Oak is hard and pale.');
      await expect(chat.versions()).toHaveCount(0);

      await upstream.scriptReply({ text: 'Walnut is dark and warm.', match: streamed });
      await chat.regenerateButton().click();
      await expect(reply).toContainText('Walnut is dark and warm.');
      await expect(chat.versions()).toContainText('2 / 2');
      await expect(chat.nextVersion()).toBeDisabled();
      await expect(chat.userMessages()).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, `chat with two versions (${layout.name})`);

      await chat.previousVersion().click();
      await expect(chat.versions()).toContainText('1 / 2');
      await expect(reply).toContainText('Oak is hard and pale.');
      await expect(chat.previousVersion()).toBeDisabled();

      await page.reload();
      await expect(chat.versions()).toContainText('1 / 2');
      await expect(chat.assistantMessages().last()).toContainText('Oak is hard and pale.');
      await expect(chat.assistantMessages()).toHaveCount(2);

      // What the model sees next is the version chosen.
      await chat.send('And for shelves?');
      await expect(chat.assistantMessages().last()).toContainText('Echo: And for shelves?');
      const [last] = (await upstream.completionRequests()).filter((r) => r.body.stream).slice(-1);
      expect(last.body.messages.slice(1).map((m) => m.content)).toEqual([
        'Which wood for a desk?',
        'Oak is hard and pale.',
        'And for shelves?',
      ]);
      await expect(chat.versions()).toHaveCount(0);
    });

    test(`Edit message sends the changed question; the earlier question and reply stay a version (${layout.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(layout.viewport);
      await page.emulateMedia({ colorScheme: layout.colorScheme });
      const chat = new ChatPage(page);
      await chat.goto(agent);
      await chat.send('How tall is a desk?');
      await expect(chat.assistantMessages().last()).toContainText('Echo: How tall is a desk?');

      await chat.editButton().click();
      await expect(chat.editBox()).toBeFocused();
      await expect(chat.editBox()).toHaveValue('How tall is a desk?');
      await expectNoSeriousA11yViolations(page, `editing the last message (${layout.name})`);
      await chat.editBox().fill('How tall is a standing desk?');
      await chat.conversation.getByRole('button', { name: 'Save and send' }).click();

      await expect(chat.userMessages().last()).toHaveText(/How tall is a standing desk\?/);
      await expect(chat.assistantMessages().last()).toContainText('Echo: How tall is a standing desk?');
      await expect(chat.versions()).toContainText('2 / 2');
      await expect(chat.userMessages()).toHaveCount(1);

      await chat.previousVersion().click();
      await expect(chat.versions()).toContainText('1 / 2');
      await expect(chat.userMessages().last()).toHaveText(/How tall is a desk\?/);
      await expect(chat.assistantMessages().last()).toContainText('Echo: How tall is a desk?');
      await chat.nextVersion().click();
      await expect(chat.versions()).toContainText('2 / 2');
      await expect(chat.userMessages().last()).toHaveText(/standing desk/);
    });
  }

  test('Stop during a regenerated reply keeps what arrived, as version 2', async ({ page, upstream }) => {
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.send('Count for me');
    await expect(chat.assistantMessages().last()).toContainText('Echo: Count for me');
    await upstream.scriptReply({
      text: 'one two three four five six seven eight nine ten',
      tokenDelayMs: 400,
      match: streamed,
    });

    await chat.regenerateButton().click();
    const reply = chat.assistantMessages().last();
    await expect(reply).toContainText('two');
    await expect(chat.regenerateButton()).toHaveCount(0);
    await expect(chat.editButton()).toHaveCount(0);
    await chat.stopButton.click();

    await expect(reply).toContainText('This reply was interrupted before it was complete.');
    await expect(reply).not.toContainText('ten');
    await expect(chat.versions()).toContainText('2 / 2');
    await page.reload();
    await expect(chat.assistantMessages().last()).toContainText('This reply was interrupted before it was complete.');
    await expect(chat.versions()).toContainText('2 / 2');
  });

  test('every action works from the keyboard: Regenerate, the arrows, Edit message with Escape and Ctrl+Enter', async ({
    page,
    upstream,
  }) => {
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.send('Name a colour');
    await expect(chat.assistantMessages().last()).toContainText('Echo: Name a colour');

    await upstream.scriptReply({ text: 'Teal.', match: streamed });
    await chat.regenerateButton().focus();
    await page.keyboard.press('Enter');
    await expect(chat.versions()).toContainText('2 / 2');
    // Written: the focus is back on Regenerate, not at the start of the page.
    await expect(chat.regenerateButton()).toBeFocused();

    await chat.previousVersion().focus();
    await page.keyboard.press('Enter');
    await expect(chat.versions()).toContainText('1 / 2');
    // The arrow used is now at its end: the focus stays on the switcher, on the other arrow.
    await expect(chat.nextVersion()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(chat.versions()).toContainText('2 / 2');
    await expect(chat.previousVersion()).toBeFocused();

    await chat.editButton().focus();
    await page.keyboard.press('Enter');
    await expect(chat.editBox()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(chat.editBox()).toHaveCount(0);
    await expect(chat.editButton()).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Name a warm colour');
    await page.keyboard.press('Control+Enter');
    await expect(chat.assistantMessages().last()).toContainText('Echo: Name a warm colour');
    await expect(chat.versions()).toContainText('3 / 3');
    await expect(chat.editButton()).toBeFocused();
  });
});
