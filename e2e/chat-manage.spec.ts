import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { ChatExport } from '@mb/contracts/types/wire/chat-export';
import type { ChatSession } from '@mb/contracts/types/wire/chat-session';
import { ChatPage } from './pages/chat-page';
import { ChatManage } from './pages/chat-manage';
import { Toasts } from './pages/toasts';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';

const agent = agents.sendsOnEnter;
/** Every chat these tests make carries this run's tag in its title, so they can be removed afterwards. */
const tag = `manage-${randomUUID().slice(0, 8)}`;
const titled = (topic: string) => `${topic} ${tag} ${randomUUID().slice(0, 4)}`;

/** Desktop with the history as a column, and a phone (the history in a drawer) in dark mode. */
const layouts = [
  { name: 'desktop, light', width: 1280, height: 800, colorScheme: 'light' },
  { name: 'phone, dark', width: 390, height: 844, colorScheme: 'dark' },
] as const;

/** Opens the history (a column on desktop, a drawer on a phone) unless it is already shown. */
async function showHistory(page: Page) {
  const manage = new ChatManage(page);
  if (await manage.history.panel.isVisible()) return;
  await page.getByRole('button', { name: 'Show Chat History' }).click();
  await expect(manage.history.panel).toBeVisible();
}

for (const layout of layouts) {
  test.describe(`rename, pin, export and import chats (${layout.name})`, () => {
    test.beforeEach(async ({ grantAccess, page }) => {
      await grantAccess();
      await page.setViewportSize({ width: layout.width, height: layout.height });
      await page.emulateMedia({ colorScheme: layout.colorScheme });
    });

    // The database lives for the whole run: pinned chats would stay on top of other tests' lists.
    test.afterEach(async ({ page }) => {
      const res = await page.request.get(`/api/chat/sessions?agentType=${agent.id}&limit=200`);
      const sessions = (await res.json()) as ChatSession[];
      for (const session of sessions.filter((s) => s.title.includes(tag))) {
        await page.request.delete(`/api/chat/sessions/${session.id}`);
      }
    });

    /** Opens the agent's page with the history shown and starts one chat per question, the last one newest. */
    async function chatsAbout(page: Page, questions: string[]) {
      const chat = new ChatPage(page);
      const manage = new ChatManage(page);
      await chat.goto(agent);
      for (const [index, question] of questions.entries()) {
        if (index > 0) {
          await showHistory(page);
          // On a phone starting a chat also closes the drawer, so the composer can be reached.
          await manage.history.newChatButton.click();
        }
        await chat.send(question);
        await expect(chat.assistantMessages().last()).toContainText(`Echo: ${question}`);
      }
      await showHistory(page);
      for (const question of questions) await expect(manage.history.entry(question)).toBeVisible();
      return { chat, manage };
    }

    test('rename inline: Enter saves, Escape cancels, a blank title is refused', async ({ page }) => {
      const question = titled('Gutter cleaning');
      const { manage } = await chatsAbout(page, [question]);

      await manage.renameButton(question).click();
      await expect(manage.titleInput).toBeFocused();
      await expect(manage.titleInput).toHaveValue(question);
      await expectNoSeriousA11yViolations(page, 'history with a chat being renamed');

      await manage.titleInput.fill('   ');
      await manage.titleInput.press('Enter');
      await expect(manage.blankTitleError).toBeVisible();
      await expect(manage.titleInput).toHaveAttribute('aria-invalid', 'true');

      await manage.titleInput.press('Escape');
      await expect(manage.titleInput).toHaveCount(0);
      await expect(manage.history.entryTitle(question)).toBeVisible();
      await expect(manage.renameButton(question)).toBeFocused();

      const renamed = titled('Spring gutters');
      await manage.renameButton(question).click();
      await manage.titleInput.fill(`  ${renamed}  `);
      await manage.titleInput.press('Enter');
      await expect(manage.history.entryTitle(renamed)).toBeVisible();
      await expect(manage.history.entry(question)).toHaveCount(0);
      await expect(manage.renameButton(renamed)).toBeFocused();

      await page.reload();
      await showHistory(page);
      await expect(manage.history.entryTitle(renamed)).toBeVisible();
    });

    test('pin moves a chat to the top, marked pressed; unpin puts it back', async ({ page }) => {
      const older = titled('Older chat');
      const newer = titled('Newer chat');
      const { manage } = await chatsAbout(page, [older, newer]);
      const ours = async () => (await manage.titles()).filter((title) => title.includes(tag));
      await expect.poll(ours).toEqual([newer, older]);
      await expect(manage.pinButton(older)).toHaveAttribute('aria-pressed', 'false');

      await manage.pinButton(older).click();
      await expect(manage.pinButton(older)).toHaveAttribute('aria-pressed', 'true');
      await expect(manage.history.entries.first()).toContainText(older);
      await expect(manage.history.entry(older)).toContainText('Pinned');
      await new Toasts(page).expectShown('Chat Pinned', older);
      await expectNoSeriousA11yViolations(page, 'history with a pinned chat');

      // Still first after a reload: the server keeps the pin.
      await page.reload();
      await showHistory(page);
      await expect(manage.history.entries.first()).toContainText(older);

      await manage.pinButton(older).click();
      await expect(manage.pinButton(older)).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(ours).toEqual([newer, older]);
    });

    test('export as Markdown and as JSON downloads the chat; importing the JSON opens it as a new chat', async ({
      page,
    }) => {
      const question = titled('Sump pump sizing');
      const { chat, manage } = await chatsAbout(page, [question]);

      await manage.exportButton(question).click();
      await expect(manage.exportButton(question)).toHaveAttribute('aria-expanded', 'true');
      await expectNoSeriousA11yViolations(page, 'history with the export choices open');

      const markdownDownload = page.waitForEvent('download');
      await manage.exportFormatButton(question, 'Markdown').click();
      const markdown = await markdownDownload;
      expect(markdown.suggestedFilename()).toMatch(/^sump-pump-sizing-manage-[0-9a-f]{8}-[0-9a-f]{4}\.md$/);
      const text = readFileSync(await markdown.path(), 'utf8');
      expect(text).toContain(`# ${question}`);
      expect(text).toContain(`**You**\n\n${question}`);
      expect(text).toContain(`**Assistant**\n\nEcho: ${question}`);

      await manage.exportButton(question).click();
      const jsonDownload = page.waitForEvent('download');
      await manage.exportFormatButton(question, 'JSON').click();
      const json = await jsonDownload;
      expect(json.suggestedFilename()).toMatch(/\.json$/);
      const jsonPath = await json.path();
      const document = JSON.parse(readFileSync(jsonPath, 'utf8')) as ChatExport;
      expect(document).toMatchObject({ version: 1, session: { title: question, agentType: agent.id } });
      expect(document.messages.map((m) => [m.role, m.content])).toEqual([
        ['user', question],
        ['assistant', `Echo: ${question}`],
      ]);
      const exportedFrom = await chat.sessionId();

      await manage.history.newChatButton.click();
      await showHistory(page);
      const chooser = page.waitForEvent('filechooser');
      await manage.importButton.click();
      await (
        await chooser
      ).setFiles({ name: json.suggestedFilename(), mimeType: 'application/json', buffer: readFileSync(jsonPath) });

      // The new chat opens ('Chat Imported' is followed at once by the toast of the chat being loaded).
      await expect(chat.userMessages().last()).toContainText(question);
      await showHistory(page);
      await expect(manage.history.entry(question)).toHaveCount(2);
      await expect(manage.history.currentEntry).toContainText(question);
      await expect(chat.assistantMessages().last()).toContainText(`Echo: ${question}`);
      expect(await chat.sessionId()).not.toBe(exportedFrom);
      await expectNoSeriousA11yViolations(page, 'history after an import');
    });

    test('a file that is not a chat export is refused with a toast', async ({ page, allowHttpErrors }) => {
      allowHttpErrors('/api/chat/import', 400);
      const chat = new ChatPage(page);
      const manage = new ChatManage(page);
      await chat.goto(agent);
      await showHistory(page);
      const chooser = page.waitForEvent('filechooser');
      await manage.importButton.click();
      await (
        await chooser
      ).setFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"version":2}') });
      await new Toasts(page).expectShown('Import Failed', 'This is not a chat export this app can import');
      await expect(manage.importButton).toBeFocused();
    });
  });
}
