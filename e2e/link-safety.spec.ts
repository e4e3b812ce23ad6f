import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import type { ChatMessage, MessageSource } from '@mb/contracts/types/wire/chat-message';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import { ChatPage } from './pages/chat-page';
import { ChatManage } from './pages/chat-manage';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';

const agent = agents.sendsOnEnter;
/** Every chat these tests import carries this run's tag in its title, so they can be removed afterwards. */
const tag = `links-${randomUUID().slice(0, 8)}`;

/** What a crafted link would do if it ran: visible to the test as a dialog, a title or a new page. */
// No spaces: Markdown reads a link's address only up to one.
const RUNS_SCRIPT = "javascript:document.title='link-ran';alert('link-ran')";
const OPENS_HTML = 'data:text/html,<script>alert(document.cookie)</script>';
const REAL_PAGE: MessageSource = { title: 'Gutter guide', link: 'https://example.com/gutters' };
const CRAFTED: MessageSource[] = [
  { title: 'Click for the cleaning schedule', link: RUNS_SCRIPT },
  { title: 'The full report', link: OPENS_HTML },
];
const AT = '2026-01-10T09:00:00.000Z';

/** Desktop with the history as a column, and a phone (the history in a drawer) in dark mode. */
const layouts = [
  { name: 'desktop, light', size: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: 'phone, dark', size: { width: 390, height: 844 }, colorScheme: 'dark' },
] as const;

/** A chat export as anyone can edit one: a reply whose sources hold a script and an HTML page beside a real page. */
function craftedExport(title: string): ChatExport {
  return {
    version: 1,
    exportedAt: AT,
    session: {
      title,
      agentType: agent.id,
      systemPrompt: null,
      summary: null,
      summaryThrough: null,
      persona: null,
      createdAt: AT,
      updatedAt: AT,
    },
    messages: [
      {
        role: 'user',
        content: 'Where can I read about gutters?',
        order: 0,
        createdAt: AT,
        incomplete: false,
        sources: [],
      },
      {
        role: 'assistant',
        content: `These pages. [Open the schedule](${RUNS_SCRIPT})`,
        order: 1,
        createdAt: AT,
        incomplete: false,
        sources: [REAL_PAGE, ...CRAFTED],
      },
    ],
  };
}

/** Picks the export with 'Import chat', as a user does, and waits for the chat to open. */
async function importThroughTheUi(page: Page, document: ChatExport): Promise<ChatPage> {
  const chat = new ChatPage(page);
  const manage = new ChatManage(page);
  await chat.goto(agent);
  await chat.historyToggle.click();
  const chooser = page.waitForEvent('filechooser');
  await manage.importButton.click();
  await (
    await chooser
  ).setFiles({ name: 'gutters.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(document)) });
  await expect(chat.assistantMessages().last()).toContainText('These pages.');
  return chat;
}

/** Every address in the conversation that an element would open or load whose scheme is not the web's. */
const scriptLinks = (chat: ChatPage) =>
  chat.conversation.evaluate((conversation) =>
    Array.from(conversation.querySelectorAll('[href], [src], [action], [formaction]'))
      .flatMap((element) => ['href', 'src', 'action', 'formaction'].map((name) => element.getAttribute(name)))
      .filter((value): value is string => value !== null)
      .filter((value) => !['http:', 'https:', 'blob:'].includes(new URL(value, document.baseURI).protocol)),
  );

/** What a link that ran would leave: a dialog, a new page. Watched from the start of a test. */
function watchForRunningLinks(page: Page) {
  const seen = { dialogs: [] as string[], opened: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.context().on('page', (other) => seen.opened.push(other.url()));
  return seen;
}

/** Clicks the text and shows that nothing ran: no dialog, no new page, the same address and title. */
async function expectClickRunsNothing(page: Page, text: string, seen: ReturnType<typeof watchForRunningLinks>) {
  const [url, title] = [page.url(), await page.title()];

  await page.getByText(text, { exact: true }).click();
  // A click's navigation or script starts within the task that handles it; the next frame comes after.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));

  expect({ ...seen, url: page.url(), title: await page.title() }).toEqual({ dialogs: [], opened: [], url, title });
}

test.describe('links in stored chats', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test.afterEach(async ({ page }) => {
    const res = await page.request.get(`/api/chat/sessions?agentType=${agent.id}&limit=200`);
    for (const session of ((await res.json()) as ChatSession[]).filter((s) => s.title.includes(tag))) {
      await page.request.delete(`/api/chat/sessions/${session.id}`);
    }
  });

  for (const layout of layouts) {
    test(`an imported chat keeps only the web addresses of its sources, says what it left out, and nothing links to a script (${layout.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(layout.size);
      await page.emulateMedia({ colorScheme: layout.colorScheme });
      const seen = watchForRunningLinks(page);
      const title = `Crafted sources ${tag}`;
      const chat = await importThroughTheUi(page, craftedExport(title));

      const sources = chat.assistantMessages().last().getByRole('navigation', { name: 'Sources' });
      await expect(sources.getByRole('listitem')).toHaveText([REAL_PAGE.title]);
      await expect(sources.getByRole('link', { name: REAL_PAGE.title })).toHaveAttribute('href', REAL_PAGE.link);
      expect(await scriptLinks(chat)).toEqual([]);
      // The reply's own text keeps its words; its script link is plain text, and pressing it does nothing.
      await expect(chat.assistantMessages().last().getByRole('link', { name: 'Open the schedule' })).toHaveCount(0);
      await expectClickRunsNothing(page, 'Open the schedule', seen);
      await expectNoSeriousA11yViolations(page, `an imported chat with sources left out (${layout.name})`);

      // The note stays in the history, which on a phone is a drawer that closed as the chat opened.
      const history = new ChatManage(page).history.panel;
      if (!(await history.isVisible())) await chat.historyToggle.click();
      await expect(history.getByRole('status')).toHaveText(
        `“${title}” was imported without 2 sources: their links were not web addresses.`,
      );
      await expectNoSeriousA11yViolations(page, `the note of what the import left out (${layout.name})`);
    });
  }

  test('a chat stored before links were checked shows its script and data sources as plain text that runs nothing', async ({
    page,
  }) => {
    const seen = watchForRunningLinks(page);
    // The server answers the chat's messages as a server before this check stored them: the crafted links kept.
    await page.route('**/api/chat/sessions/*/messages*', async (route) => {
      const response = await route.fetch();
      const messages = (await response.json()) as ChatMessage[];
      await route.fulfill({
        response,
        json: messages.map((m) => (m.role === 'assistant' ? { ...m, sources: [REAL_PAGE, ...CRAFTED] } : m)),
      });
    });
    const chat = await importThroughTheUi(page, craftedExport(`Stored long ago ${tag}`));

    const sources = chat.assistantMessages().last().getByRole('navigation', { name: 'Sources' });
    await expect(sources.getByRole('listitem')).toHaveText([REAL_PAGE.title, ...CRAFTED.map((s) => s.title)]);
    await expect(sources.getByRole('link')).toHaveText([REAL_PAGE.title]);
    expect(await scriptLinks(chat)).toEqual([]);
    for (const { title } of CRAFTED) await expectClickRunsNothing(page, title, seen);
    await expectNoSeriousA11yViolations(page, 'sources shown as plain text');
  });
});
