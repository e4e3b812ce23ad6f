import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { ChatPage } from './pages/chat-page';
import { HistoryPanel } from './pages/history-panel';
import { Toasts } from './pages/toasts';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';
import { layouts } from './support/layouts';
import { ANNA, BEN, PEOPLE_BASE_URL, PeopleServer, type E2EPerson } from './support/people-server';

/** People (issue 30) in the browser: signing in by a personal code, private and shared chats, an agent for one person. */

const chatAgent = agents.greetsByName;
const hubAgent = agents.sendsOnEnter;
const forAnna = { path: '/meant-for-one-person', name: 'Meant For One Person' };

const texts = {
  prompt: 'Please enter your code to continue.',
  hello: (person: E2EPerson) => `Hello, ${person.firstName}`,
  greeting: (person: E2EPerson) => `Hello, ${person.firstName}! How can I help?`,
  switchPerson: 'Switch person',
  share: 'Share with the circle',
  stopSharing: 'Stop sharing',
  sharedBy: (person: E2EPerson) => `Shared by ${person.firstName}`,
  meantForSomeoneElse: 'This assistant is meant for someone else in the circle.',
  readOnly: (person: E2EPerson) => `${person.firstName} shared this chat: you can read it, not add to it.`,
} as const;

let server: PeopleServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await PeopleServer.start([ANNA, BEN]);
});

test.afterAll(async () => {
  await server?.stop();
});

/** Signs in on the hub as a person does: types the code and submits it. */
async function signIn(page: Page, person: E2EPerson) {
  await page.goto('/mb');
  await expect(page.getByText(texts.prompt, { exact: true })).toBeVisible();
  await page.getByLabel('Access code', { exact: true }).fill(person.code);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText(texts.hello(person), { exact: true })).toBeVisible();
}

/** Opens the history (a column on desktop, a drawer on a phone) unless it is shown. */
async function showHistory(page: Page): Promise<HistoryPanel> {
  const history = new HistoryPanel(page);
  if (!(await history.panel.isVisible())) {
    await page.getByRole('button', { name: 'Show Chat History' }).click();
    await expect(history.panel).toBeVisible();
  }
  return history;
}

/** Opens the chat agent's page with a fresh list of chats. */
async function openChats(page: Page): Promise<HistoryPanel> {
  await new ChatPage(page).goto(chatAgent);
  return showHistory(page);
}

async function newPersonPage(browser: Browser, use: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...use, baseURL: PEOPLE_BASE_URL, serviceWorkers: 'block' });
  return context.newPage();
}

const hubCard = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

for (const layout of [layouts[0], layouts[3]]) {
  test.describe(`people (${layout.name})`, () => {
    test.use({ ...layout.use, baseURL: PEOPLE_BASE_URL });

    test('each person signs in with their own code; chats are private until shared; an agent for one person', async ({
      page: anna,
      browser,
    }) => {
      // Two people's whole story in one test: more steps than most tests take.
      test.slow();
      const question = `Plans ${randomUUID().slice(0, 8)}`;

      // Anna signs in with her own code and is named on the hub.
      await anna.goto('/mb');
      await expect(anna.getByText(texts.prompt, { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(anna, 'sign-in with a personal code');
      await signIn(anna, ANNA);
      await expect(hubCard(anna, hubAgent.display.name)).toBeVisible();
      await expect(hubCard(anna, forAnna.name)).toBeVisible();
      await expect(anna.getByRole('button', { name: texts.switchPerson })).toBeVisible();
      await expectNoSeriousA11yViolations(anna, 'hub naming the signed-in person');

      // Her chat greets her by name.
      const annaChat = new ChatPage(anna);
      await annaChat.goto(chatAgent);
      await expect(annaChat.assistantMessages().first()).toContainText(texts.greeting(ANNA));
      await annaChat.send(question);
      await expect(annaChat.assistantMessages().last()).toContainText(`Echo: ${question}`);
      const sessionId = await annaChat.sessionId();

      // Ben, in another browser, sees nothing of it: not in his history, not by its id.
      const ben = await newPersonPage(browser, layout.use);
      await signIn(ben, BEN);
      await expect(hubCard(ben, hubAgent.display.name)).toBeVisible();
      await expect(hubCard(ben, forAnna.name)).toHaveCount(0);
      expect((await ben.request.get(`/api/chat/sessions/${sessionId}`)).status()).toBe(404);
      await ben.evaluate(([agentId, id]) => localStorage.setItem(`chat-session:${agentId}`, id), [
        chatAgent.id,
        sessionId,
      ] as const);
      const benChat = new ChatPage(ben);
      await benChat.goto(chatAgent);
      await expect(benChat.assistantMessages().first()).toContainText(texts.greeting(BEN));
      await expect(benChat.userMessages()).toHaveCount(0);
      let benHistory = await showHistory(ben);
      await expect(benHistory.entries.first().or(benHistory.empty)).toBeVisible();
      await expect(benHistory.entry(question)).toHaveCount(0);

      // Anna shares it with the circle.
      const annaHistory = await showHistory(anna);
      const annaEntry = annaHistory.entry(question);
      await expect(annaEntry.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
      await annaEntry.getByRole('button', { name: texts.share, exact: true }).click();
      await new Toasts(anna).expectShown('Chat Shared');
      await expect(annaEntry.getByText(texts.sharedBy(ANNA), { exact: true })).toBeVisible();
      await expect(annaEntry.getByRole('button', { name: texts.stopSharing, exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(anna, 'history with the share control and the shared marker');

      // Ben sees it marked, can read it, cannot delete it.
      benHistory = await openChats(ben);
      const benEntry = benHistory.entry(question);
      await expect(benEntry.getByText(texts.sharedBy(ANNA), { exact: true })).toBeVisible();
      await expect(benEntry.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
      await expect(benEntry.getByRole('button', { name: texts.share, exact: true })).toHaveCount(0);
      await expect(benEntry.getByRole('button', { name: texts.stopSharing, exact: true })).toHaveCount(0);
      await expectNoSeriousA11yViolations(ben, "history with another person's shared chat");
      await benEntry.getByRole('button', { name: 'Continue Chat', exact: true }).click();
      await expect(benChat.userMessages()).toHaveCount(1);
      await expect(benChat.userMessages()).toContainText(question);
      // Read, not added to: the composer gives way to a note saying whose chat it is.
      await expect(ben.getByText(texts.readOnly(ANNA), { exact: true })).toBeVisible();
      await expect(ben.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(ben, "another person's shared chat, open");
      await ben.getByRole('note').getByRole('button', { name: 'New Chat', exact: true }).click();
      await expect(ben.getByRole('textbox', { name: 'Message' })).toBeEditable();
      await expect(benChat.userMessages()).toHaveCount(0);

      // Anna stops sharing: it is gone from Ben's list.
      await annaEntry.getByRole('button', { name: texts.stopSharing, exact: true }).click();
      await new Toasts(anna).expectShown('Chat Private');
      await expect(annaEntry.getByText(texts.sharedBy(ANNA), { exact: true })).toHaveCount(0);
      await expect(annaEntry.getByRole('button', { name: texts.share, exact: true })).toBeVisible();
      benHistory = await openChats(ben);
      await expect(benHistory.entries.first().or(benHistory.empty)).toBeVisible();
      await expect(benHistory.entry(question)).toHaveCount(0);

      // The agent meant for Anna: Ben's page for it says so, with the way back.
      await ben.goto(forAnna.path);
      await expect(ben.getByText(texts.meantForSomeoneElse, { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(ben, 'an agent meant for someone else');
      await ben.getByRole('link', { name: 'Back to your assistants' }).click();
      await expect(ben.getByText(texts.hello(BEN), { exact: true })).toBeVisible();

      // Switch person: Ben signs out; the agent's page asks for a code as usual, and opens for Anna.
      await ben.getByRole('button', { name: texts.switchPerson }).click();
      await expect(ben.getByText(texts.prompt, { exact: true })).toBeVisible();
      await expect(ben.getByText(texts.hello(BEN), { exact: true })).toHaveCount(0);
      await ben.goto(forAnna.path);
      await expect(ben.getByRole('heading', { level: 1, name: forAnna.name })).toBeVisible();
      await ben.getByLabel('Access code', { exact: true }).fill(ANNA.code);
      await ben.getByRole('button', { name: `Open ${forAnna.name}` }).click();
      await expect(new ChatPage(ben).messageBox).toBeVisible();
      await expect(ben.getByText(texts.meantForSomeoneElse)).toHaveCount(0);
      await ben.context().close();
    });
  });
}

test.describe('people are not configured', () => {
  test('the hub still asks for the access code and offers Sign out', async ({ page, grantAccess }) => {
    await page.goto('/mb');
    await expect(page.getByText('Please enter the access code to continue.', { exact: true })).toBeVisible();
    await grantAccess();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: texts.switchPerson })).toHaveCount(0);
    await expect(hubCard(page, hubAgent.display.name)).toBeVisible();
  });
});
