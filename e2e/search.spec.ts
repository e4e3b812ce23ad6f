import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { ChatSearch } from './pages/chat-search';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents, pathOf } from './support/fixture-agents';

const here = agents.sendsOnEnter;
const elsewhere = agents.sendsOnShiftEnter;

/** A made-up word of letters only, so only this test's messages hold it (the database lives for the whole run). */
const uniqueWord = () => 'zq' + [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

/** A chat stored through the API: user and assistant messages alternating, the first by the user. */
async function seedChat(request: APIRequestContext, agentType: string, title: string, messages: string[]) {
  const session = await request.post('/api/chat/sessions', { data: { agentType, title } });
  expect(session.status()).toBe(201);
  const { id } = (await session.json()) as { id: string };
  for (const [i, content] of messages.entries()) {
    const saved = await request.post(`/api/chat/sessions/${id}/messages`, {
      data: { role: i % 2 ? 'assistant' : 'user', content },
    });
    expect(saved.status()).toBe(201);
  }
  return id;
}

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `Filler line ${i}: ${'nothing to see here, just a longer message. '.repeat(4)}`);

for (const { width, height, colorScheme } of [
  { width: 1280, height: 800, colorScheme: 'light' },
  { width: 390, height: 844, colorScheme: 'dark' },
] as const) {
  test.describe(`search across chats at ${width} px, ${colorScheme}`, () => {
    let word: string;
    let ownChat: string;
    let otherChat: string;

    test.beforeEach(async ({ grantAccess, page }) => {
      await grantAccess();
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme });
      word = uniqueWord();
      // The matching message comes first, so a long chat must scroll back up to it.
      ownChat = await seedChat(page.request, here.id, `Garden notes ${word}`, [
        `Where should the ${word} seedlings go?`,
        ...filler(12),
      ]);
      otherChat = await seedChat(page.request, elsewhere.id, 'Travel plans', [
        ...filler(11),
        `Pack the ${word} adapter for the trip.`,
      ]);
    });

    async function openSearch(page: Page) {
      const chat = new ChatPage(page);
      const search = new ChatSearch(page);
      await chat.goto(here);
      // Ctrl+K from the composer opens the history panel and focuses the search box.
      await chat.messageBox.click();
      await page.keyboard.press('Control+K');
      await expect(search.box).toBeFocused();
      await page.keyboard.type(word);
      await expect(search.resultButtons).toHaveCount(3);
      return { chat, search };
    }

    test('results are highlighted and grouped by agent, this agent first; Enter opens the chat at the message', async ({
      page,
    }) => {
      const { chat, search } = await openSearch(page);

      await expect(search.groupHeadings).toHaveText([`${here.display.name} (this agent)`, elsewhere.display.name]);
      const titleHit = search.group(here.display.name).getByRole('button').filter({ hasText: 'Chat title or summary' });
      await expect(search.marks(titleHit)).toHaveText([word]);
      const messageHit = search.result(here.display.name, `Where should the ${word} seedlings go?`);
      await expect(search.marks(messageHit)).toHaveText([word]);
      await expect(search.marks(search.result(elsewhere.display.name, 'adapter'))).toHaveText([word]);
      await expectNoSeriousA11yViolations(page, `search results at ${width} px`);
      if (width === 390) await page.screenshot({ path: test.info().outputPath('search-results-390.png') });

      // Arrow down to the message result, Enter opens it scrolled to the message, which takes the focus.
      await search.box.press('ArrowDown');
      while (!(await messageHit.evaluate((button) => button === document.activeElement))) {
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      const found = chat.userMessages().filter({ hasText: `Where should the ${word} seedlings go?` });
      await expect(found).toBeInViewport();
      expect(await chat.sessionId()).toBe(ownChat);
      await expect(page.locator('[data-key]:focus')).toContainText(`${word} seedlings`);
      await expect(page).toHaveURL(pathOf(here));

      if (width < 768) {
        // On a phone the history is a drawer, which closes once a chat is chosen.
        await expect(page.getByRole('dialog', { name: 'Chat History' })).toHaveCount(0);
        return;
      }
      // Escape clears the search and brings the sessions back.
      await search.box.focus();
      await page.keyboard.press('Escape');
      await expect(search.box).toHaveValue('');
      await expect(search.results).toHaveCount(0);
    });

    test("a result from another agent opens that agent's chat at the message", async ({ page }) => {
      const { chat, search } = await openSearch(page);
      const hit = search.result(elsewhere.display.name, 'adapter');
      await hit.focus();
      await page.keyboard.press('Enter');

      await expect(page).toHaveURL(pathOf(elsewhere));
      const found = chat.assistantMessages().filter({ hasText: `Pack the ${word} adapter` });
      await expect(found).toBeInViewport();
      expect(await chat.sessionId()).toBe(otherChat);
      await expect(page.locator('[data-key]:focus')).toContainText('adapter for the trip');
      await expectNoSeriousA11yViolations(page, `a chat opened from search at ${width} px`);
    });

    test('a search that matches nothing says so', async ({ page }) => {
      const chat = new ChatPage(page);
      const search = new ChatSearch(page);
      await chat.goto(here);
      await chat.historyToggle.click();
      await search.box.fill(`${uniqueWord()} "nothing"`);
      await expect(search.noMatch).toBeVisible();
    });
  });
}
