import { randomUUID } from 'node:crypto';
import { ChatPage } from './pages/chat-page';
import { HistoryPanel } from './pages/history-panel';
import { Toasts } from './pages/toasts';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents, greetingOf } from './support/fixture-agents';

/** A first message unique to this test, so its session title is too (the database lives for the whole run). */
const uniqueQuestion = (topic: string) => `${topic} ${randomUUID().slice(0, 8)}`;

test.describe('chat history panel', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test('the toggle shows and hides the panel; a new conversation appears in it with its time', async ({ page }) => {
    const chat = new ChatPage(page);
    const history = new HistoryPanel(page);
    await chat.goto(agents.sendsOnEnter);
    await expect(history.panel).toHaveCount(0);

    await chat.historyToggle.click();
    await expect(chat.historyToggle).toHaveText('Hide Chat History');
    await expect(chat.historyToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(history.heading).toBeVisible();
    await expect(history.newChatButton).toBeVisible();
    await expect(history.refreshButton).toBeVisible();

    const question = uniqueQuestion('Dehumidifier sizing');
    await chat.send(question);
    await expect(chat.assistantMessages().last()).toContainText(`Echo: ${question}`);
    await expect(history.entry(question)).toBeVisible();
    await expect(history.currentEntry).toContainText(question);
    const iso = await history.entryTime(question).getAttribute('datetime');
    expect(Number.isNaN(Date.parse(iso ?? ''))).toBe(false);
    await expect(history.entryTime(question)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}/);

    await chat.historyToggle.click();
    await expect(history.panel).toHaveCount(0);
    await expect(chat.historyToggle).toHaveText('Show Chat History');
  });

  test('a chat with its history open, and the delete confirmation, pass axe with no serious or critical violations', async ({
    page,
    upstream,
  }) => {
    await upstream.scriptReply({
      text: 'Here is **one** answer with [a link](https://example.com/guide).',
      match: { streamed: true },
    });
    const chat = new ChatPage(page);
    const history = new HistoryPanel(page);
    await chat.goto(agents.sendsOnEnter);
    const question = uniqueQuestion('Accessible history');
    await chat.send(question);
    await expect(chat.copyButtons()).toHaveCount(2);
    await chat.historyToggle.click();
    await expect(history.entry(question)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'chat with history open');

    await history.deleteButton(question).click();
    await expect(history.confirmDialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'delete confirmation dialog');
    await history.cancelDeleteButton.click();
    await expect(history.confirmDialog).toBeHidden();
  });

  test('Continue Chat loads a session; New Chat goes back to the greeting', async ({ page }) => {
    const chat = new ChatPage(page);
    const history = new HistoryPanel(page);
    const toasts = new Toasts(page);
    const agent = agents.sendsOnEnter;
    expect(agent.conversation.session.createOn).toBe('first-message');
    await chat.goto(agent);
    const question = uniqueQuestion('Eames chair placement');
    await chat.send(question);
    await expect(chat.assistantMessages().last()).toContainText(`Echo: ${question}`);
    const id = await chat.sessionId();

    await chat.historyToggle.click();
    await history.newChatButton.click();
    await toasts.expectShown('New Session', 'Started a new chat session.');
    await expect(chat.sessionLine).toHaveCount(0);
    await expect(chat.userMessages()).toHaveCount(0);
    await expect(chat.assistantMessages()).toHaveCount(1);
    await expect(chat.assistantMessages().first()).toContainText(greetingOf(agent));

    await history.continueButton(question).click();
    await toasts.expectShown('Session Loaded');
    await expect(chat.sessionLine).toHaveText(`Using saved chat session (${id})`);
    await expect(chat.userMessages()).toHaveText([new RegExp(question)]);
    await expect(chat.assistantMessages().last()).toContainText(`Echo: ${question}`);
  });

  test('in an agent whose sessions start on New Chat, New Chat creates a session at once', async ({ page }) => {
    const agent = agents.createsSessionOnNewChat;
    expect(agent.conversation.session.createOn).toBe('new-chat-or-first-message');
    const chat = new ChatPage(page);
    const history = new HistoryPanel(page);
    await chat.goto(agent);
    await chat.historyToggle.click();
    await history.newChatButton.click();
    await new Toasts(page).expectShown('Session Created');
    await expect(chat.sessionLine).toBeVisible();
    await expect(history.currentEntry).toContainText('New Chat');
  });

  test('Summarize stores a summary shown in the entry', async ({ page, upstream }) => {
    const chat = new ChatPage(page);
    const history = new HistoryPanel(page);
    await chat.goto(agents.sendsOnEnter);
    const question = uniqueQuestion('Scan follow-up');
    await chat.send(question);
    await expect(chat.assistantMessages().last()).toContainText(`Echo: ${question}`);
    await chat.historyToggle.click();

    await upstream.scriptReply({
      text: 'Discussed follow-up imaging intervals.',
      match: { streamed: false },
    });
    await history.summarizeButton(question).click();
    await new Toasts(page).expectShown('Session Summarized');
    await expect(history.entrySummary(question)).toHaveText('Discussed follow-up imaging intervals.');
  });

  test('a failed summary says so', async ({ page, upstream, allowHttpErrors }) => {
    allowHttpErrors('/summarize');
    const chat = new ChatPage(page);
    const history = new HistoryPanel(page);
    await chat.goto(agents.sendsOnEnter);
    const question = uniqueQuestion('Sump pump');
    await chat.send(question);
    await expect(chat.assistantMessages().last()).toContainText(`Echo: ${question}`);
    await chat.historyToggle.click();

    await upstream.scriptReply(Array.from({ length: 3 }, () => ({ status: 400, match: { streamed: false } })));
    await history.summarizeButton(question).click();
    await new Toasts(page).expectShown('Error', 'Failed to summarize the session. Please try again.');
  });

  test('Delete asks first; Cancel keeps the session; deleting the current one starts a new chat', async ({ page }) => {
    const chat = new ChatPage(page);
    const history = new HistoryPanel(page);
    await chat.goto(agents.sendsOnEnter);
    const question = uniqueQuestion('Crawlspace vents');
    await chat.send(question);
    await expect(chat.assistantMessages().last()).toContainText(`Echo: ${question}`);
    await chat.historyToggle.click();

    await history.deleteButton(question).click();
    await expect(history.confirmDialog).toBeVisible();
    await history.cancelDeleteButton.click();
    await expect(history.confirmDialog).toBeHidden();
    await expect(history.entry(question)).toBeVisible();

    await history.deleteSession(question);
    await new Toasts(page).expectShown('Session Deleted');
    await expect(history.entry(question)).toHaveCount(0);
    await expect(chat.sessionLine).toHaveCount(0);
    await expect(chat.userMessages()).toHaveCount(0);

    // A reload does not bring the deleted session back.
    await page.reload();
    await expect(chat.userMessages()).toHaveCount(0);
    await expect(chat.sessionLine).toHaveCount(0);
  });

  test('loading, failed and empty states, and refresh', async ({ page, allowHttpErrors }) => {
    const agent = agents.sendsOnEnter;
    const sessionsUrl = `/api/chat/sessions?agentType=${agent.id}`;
    allowHttpErrors(sessionsUrl, 500);
    let answer: 'hold' | 'fail' | 'empty' = 'hold';
    let release: () => void = () => undefined;
    await page.route(`**${sessionsUrl}`, async (route) => {
      if (answer === 'hold') await new Promise<void>((resolve) => (release = resolve));
      if (answer === 'fail')
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"statusCode":500,"code":"INTERNAL","message":"Internal error"}',
        });
      return route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });
    });
    const chat = new ChatPage(page);
    const history = new HistoryPanel(page);
    await chat.goto(agent);
    await chat.historyToggle.click();

    await expect(history.loading).toBeVisible();
    answer = 'fail';
    release();
    await expect(history.failed).toBeVisible();

    answer = 'empty';
    await history.refreshButton.click();
    await expect(history.empty).toBeVisible();
  });
});
