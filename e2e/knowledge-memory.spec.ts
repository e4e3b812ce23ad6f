import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { MemoryExport } from '@mb/contracts/types/wire/memory-export';
import { expect, test } from './fixtures';
import { ChatPage } from './pages/chat-page';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';
import { layouts } from './support/layouts';
import type { UpstreamControl } from './support/upstream-control';

const streamed = { streamed: true } as const;

/** The sentence of the care plan the question is about, as the knowledge file has it. */
const MEDICATION =
  'Levothyroxine 75 micrograms every morning, half an hour before breakfast, for Hashimoto thyroiditis.';
const FACT = 'Prefers aisle seats on long flights.';
const EDITED = 'Prefers window seats on long flights.';

/** How far the page scrolls sideways (0 when nothing is wider than the screen). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** One state as the user sees it: nothing wider than the screen, axe finds nothing serious, and a screenshot. */
async function checkState(page: Page, state: string, layout: string): Promise<void> {
  expect(await sidewaysScroll(page), `${state}: sideways scroll`).toBe(0);
  await expectNoSeriousA11yViolations(page, `${state} (${layout})`);
  const name = `${state} ${layout}`.replace(/[^a-z0-9]+/gi, '-');
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** The system prompt of the last chat turn's model call: where the knowledge is given. */
async function lastSystemPrompt(upstream: UpstreamControl): Promise<string> {
  const call = (await upstream.completionRequests()).filter((request) => request.body.stream === true).at(-1);
  if (!call) throw new Error('the fake OpenAI got no streamed call');
  return call.body.messages.find((message) => message.role === 'system')?.content ?? '';
}

/** The memory panel and what the user reaches in it. */
class MemoryPanel {
  readonly dialog: Locator;
  readonly facts: Locator;
  readonly field: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Memory' });
    this.facts = this.dialog.getByRole('list', { name: 'Remembered facts' }).getByRole('listitem');
    this.field = this.dialog.getByRole('textbox', { name: 'Edit fact' });
  }

  button(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  question(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }
}

// The knowledge and the memory are the same for every layout: on a desktop and on a 390 px phone.
for (const layout of [layouts[0], layouts[3]]) {
  test.describe(`knowledge and memory (${layout.name})`, () => {
    test.use(layout.use);

    test.beforeEach(async ({ grantAccess }) => {
      await grantAccess();
    });

    test('the page names a knowledge file it could not read; a reply from the files shows its source, which opens onto the passage the model was given, and its details list the passages and notes', async ({
      page,
      upstream,
    }) => {
      const chat = new ChatPage(page);
      await chat.goto(agents.knowsItsFiles);
      // Read when the server started; the page says why the scan is left out.
      await expect(page.getByRole('status').filter({ hasText: 'scan.pdf could not be read' })).toBeVisible();
      await checkState(page, 'knowledge notice', layout.name);

      await upstream.scriptReply({ text: 'Take levothyroxine every morning before breakfast.', match: streamed });
      await chat.messageBox.click();
      await page.keyboard.type('When do I take my levothyroxine?');
      await page.keyboard.press('Enter');

      const reply = chat.assistantMessages().last();
      await expect(reply).toContainText('Take levothyroxine every morning before breakfast.');
      const sources = reply.getByRole('list', { name: 'Sources' });
      const source = sources.getByText(/^care-plan\.md/);
      await expect(source).toBeVisible();
      await expect(reply.getByText(MEDICATION)).toBeHidden();
      // What the source shows is what the model was given.
      expect(await lastSystemPrompt(upstream)).toContain(MEDICATION);

      await source.click();
      await expect(reply.getByText('The passage the model was given:')).toBeVisible();
      await expect(reply.locator('blockquote')).toContainText(MEDICATION);
      await checkState(page, 'knowledge source open', layout.name);

      await chat.replyDetailsButtons().last().click();
      const details = chat.replyDetails();
      await expect(details).toContainText(/Knowledge\s*read whole, [\d,]+ tokens/);
      await expect(details).toContainText(/care-plan\.md, .+: score [\d.]+, [\d,]+ tokens/);
      await expect(details).toContainText(/Knowledge notes.*scan\.pdf: could not be read/);
      await checkState(page, 'knowledge reply details', layout.name);
    });

    test('the memory panel lists a fact the model remembered, with its chat; edits it in place, deletes it, exports and imports, and forgets everything', async ({
      page,
      upstream,
    }) => {
      // The facts are the circle's (no people configured): start from none.
      expect((await page.request.delete(`/api/agents/${agents.remembersFacts.id}/memory`)).status()).toBe(204);
      const chat = new ChatPage(page);
      await chat.goto(agents.remembersFacts);
      await upstream.scriptReply([
        { toolCalls: [{ name: 'remember', arguments: { fact: FACT } }], match: streamed },
        { text: 'I will remember that.', match: streamed },
      ]);
      await chat.messageBox.click();
      await page.keyboard.type('I prefer aisle seats on long flights.');
      await page.keyboard.press('Enter');
      await expect(chat.assistantMessages().last()).toContainText('I will remember that.');
      // The reply is over when Send is back (the shortcut waits for a running reply, as the user sees).
      await expect(chat.sendButton).toBeVisible();

      // In a new chat, the panel opens the chat the fact came from.
      await page.keyboard.press('ControlOrMeta+Shift+O');
      await expect(chat.userMessages()).toHaveCount(0);
      const memoryButton = page.getByRole('button', { name: 'Memory', exact: true });
      await memoryButton.click();
      const panel = new MemoryPanel(page);
      await expect(panel.dialog).toBeVisible();
      await expect(panel.dialog).toContainText(/^.*1 of \d+ facts/);
      await expect(panel.facts).toHaveCount(1);
      await expect(panel.facts.first()).toContainText(FACT);
      const chatLink = panel.facts.first().getByRole('button', { name: /^Open the chat “.+”$/ });
      await expect(chatLink).toBeVisible();
      await checkState(page, 'memory panel', layout.name);
      await chatLink.click();
      await expect(panel.dialog).toBeHidden();
      await expect(chat.userMessages()).toHaveCount(1);
      await expect(chat.userMessages()).toContainText('I prefer aisle seats on long flights.');

      await memoryButton.click();

      // Edit in place: Escape cancels (the panel stays), Enter saves.
      await panel.button(`Edit: ${FACT}`).click();
      await expect(panel.field).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(panel.field).toBeHidden();
      await expect(panel.dialog).toBeVisible();
      await expect(panel.button(`Edit: ${FACT}`)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(panel.field).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(EDITED);
      await checkState(page, 'memory fact edited', layout.name);
      await page.keyboard.press('Enter');
      await expect(panel.dialog.getByRole('status').filter({ hasText: 'Fact saved.' })).toBeVisible();
      await expect(panel.facts.first()).toContainText(EDITED);
      await expect(panel.button(`Edit: ${EDITED}`)).toBeFocused();

      // Export, delete the one fact, and bring it back from the file.
      const download = page.waitForEvent('download');
      await panel.button('Export').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${agents.remembersFacts.id}-memory.json`);
      const exported = JSON.parse(readFileSync(await file.path(), 'utf8')) as MemoryExport;
      expect(exported.facts.map((fact) => fact.text)).toEqual([EDITED]);

      await panel.button(`Delete: ${EDITED}`).click();
      const deleteQuestion = panel.question('Delete this fact?');
      await expect(deleteQuestion).toBeVisible();
      await checkState(page, 'memory delete question', layout.name);
      await deleteQuestion.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(panel.dialog.getByText('The agent remembers nothing for you yet.')).toBeVisible();
      await expect(panel.dialog).toContainText(/0 of \d+ facts/);

      const chooser = page.waitForEvent('filechooser');
      await panel.button('Import').click();
      await (
        await chooser
      ).setFiles({ name: 'memory.json', mimeType: 'application/json', buffer: readFileSync(await file.path()) });
      await expect(panel.facts).toHaveCount(1);
      await expect(panel.facts.first()).toContainText(EDITED);

      // Forget everything, after the question.
      await panel.button('Forget everything').click();
      const forgetQuestion = panel.question('Forget everything the agent remembers for you?');
      await expect(forgetQuestion).toContainText('1 fact will be deleted. This cannot be undone.');
      await checkState(page, 'memory forget question', layout.name);
      await forgetQuestion.getByRole('button', { name: 'Forget everything' }).click();
      await expect(panel.dialog.getByText('The agent remembers nothing for you yet.')).toBeVisible();
      await expect(panel.button('Forget everything')).toBeDisabled();
      await checkState(page, 'memory emptied', layout.name);

      await page.keyboard.press('Escape');
      await expect(panel.dialog).toBeHidden();
      await expect(memoryButton).toBeFocused();
    });
  });
}
