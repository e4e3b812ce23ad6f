import { expect, test } from './fixtures';
import { ChatPage } from './pages/chat-page';
import { HubPage } from './pages/hub-page';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';

const streamed = { streamed: true } as const;

test.describe('usage and reply details', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test('a saved reply opens its details by keyboard; Escape closes them and focus returns', async ({
    page,
    upstream,
  }) => {
    await upstream.scriptReply({ text: 'Three short words', match: streamed });
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    await chat.send('What did that cost?');
    await expect(chat.assistantMessages().last()).toContainText('Three short words');
    // The greeting was never a model's reply: only the saved reply has details.
    await expect(chat.replyDetailsButtons()).toHaveCount(1);
    const button = chat.replyDetailsButtons();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.focus();
    await page.keyboard.press('Enter');

    const details = chat.replyDetails();
    await expect(details).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(details.getByRole('term')).toContainText(['Model', 'Strategy', 'Retries', 'Tokens']);
    await expect(details).toContainText('gpt-4o');
    await expect(details).toContainText(/Tokens\s*[\d,]+ in \/ 3 out/);
    await expectNoSeriousA11yViolations(page, 'chat, reply details open');

    await page.keyboard.press('Escape');

    await expect(details).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    // A reload shows the details from the saved message.
    await page.reload();
    await expect(chat.replyDetailsButtons()).toHaveCount(1);
  });

  test("the hub shows this month's tokens and cost on the card of an agent that replied", async ({
    page,
    upstream,
  }) => {
    await upstream.scriptReply({ text: 'Counted reply', match: streamed });
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    await chat.send('Count this');
    await expect(chat.replyDetailsButtons()).toHaveCount(1);

    const hub = new HubPage(page);
    await hub.goto();

    await expect(hub.usage(agents.sendsOnEnter.display.name)).toHaveText(
      /^[\d.]+[kM]? tokens this month · (≈ \$\d+\.\d\d|< \$0\.01)$/,
    );
    await expectNoSeriousA11yViolations(page, 'hub, with usage');
  });
});
