import { houseNotes, JOISTS_PASSAGE } from '../api/test/fixtures/files/house-notes';
import { expect, test } from './fixtures';
import { Attachments } from './pages/attachments';
import { ChatPage } from './pages/chat-page';
import { Toasts } from './pages/toasts';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { textFile } from './support/attachment-files';
import { agents } from './support/fixture-agents';

/** The tokens the fake model reads; the agent's file says nothing of it, so the server assumes its table's window. */
const WINDOW = 7500;
const QUESTION = 'What do the notes say about the joists?';
const JOISTS_LINE = JOISTS_PASSAGE.split('\n')[1];
const ANSWER = 'Joist seven has soft rot at its north end.';

test.describe('a model that reads less than the server assumed', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test('a 1.4 MB document and a question: the refusal teaches the window, the document is read by its parts about the question, and the chat says which', async ({
    page,
    upstream,
  }) => {
    const agent = agents.learnsItsWindow;
    expect(agent.model.contextWindow).toBeUndefined();
    await upstream.setOpenAIOptions({ contextWindow: WINDOW });
    await upstream.scriptReply({ match: { streamed: true, lastUserMessageContains: JOISTS_LINE }, text: ANSWER });
    const notes = textFile('house-notes.txt', houseNotes());
    const chat = new ChatPage(page);
    const files = new Attachments(page);
    await chat.goto(agent);

    await files.pick([notes]);
    await expect(files.uploadProgress(notes.name)).toHaveCount(0);
    await chat.send(QUESTION);

    await expect(chat.assistantMessages().last()).toContainText(ANSWER);
    await expect(new Toasts(page).region.getByRole('listitem')).toHaveCount(0);
    const message = chat.userMessages().last();
    await expect(message).toContainText(QUESTION);
    const chip = files.documentLink(message, notes.name);
    await expect(chip).toContainText(/Read: parts [\d, and-]+ of \d+/);
    const read = /Read: (parts [\d, and-]+ of \d+)/.exec((await chip.textContent()) ?? '')![1];

    await chat.replyDetailsButtons().last().click();
    await expect(chat.replyDetails().last()).toContainText(`${notes.name}: ${read}`);
    await expectNoSeriousA11yViolations(page, 'chat, a long document read by its parts after a refusal');
    await page.screenshot({ path: test.info().outputPath('learned-window.png'), fullPage: true });

    // One call refused as longer than the window, then one within it, holding the joists and saying what it read.
    const calls = (await upstream.completionRequests()).filter((call) => call.body.stream === true);
    expect(calls.map((call) => (call.promptTokens ?? 0) + agent.model.maxTokens > WINDOW)).toEqual([true, false]);
    const sent = calls[1].body.messages.filter((m) => m.role === 'user').at(-1)!.content;
    expect(sent).toContain(JOISTS_LINE);
    expect(sent).toContain(`read="${read}"`);

    // What the chat says was read is what was stored.
    await page.reload();
    await expect(files.documentLink(chat.userMessages().last(), notes.name)).toContainText(`Read: ${read}`);
  });
});
