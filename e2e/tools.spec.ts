import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ChatPage } from './pages/chat-page';
import { ToolCalls } from './pages/tool-calls';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents } from './support/fixture-agents';
import { layouts } from './support/layouts';
import { DOWN_SERVER, WORKING_SERVER } from './support/mcp-servers';
import type { CompletionRequest, UpstreamControl } from './support/upstream-control';

const streamed = { streamed: true } as const;

/** The labels the chat gives the tools these tests call. */
const CALCULATOR = 'Calculator';
const ECHO = `echo (${WORKING_SERVER})`;
/** What the app tells the model when the user denies a call. */
const DENIAL = 'The user declined to run this call.';

/** How far the page scrolls sideways (0 when nothing is wider than the screen). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** One state as the user sees it: nothing wider than the screen, axe finds nothing serious, and a screenshot to look at. */
async function checkState(page: Page, state: string, layout: string): Promise<void> {
  expect(await sidewaysScroll(page), `${state}: sideways scroll`).toBe(0);
  await expectNoSeriousA11yViolations(page, `${state} (${layout})`);
  const name = `${state} ${layout}`.replace(/[^a-z0-9]+/gi, '-');
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** The last streamed completion call the app made (a chat turn's model call). */
async function lastTurnCall(upstream: UpstreamControl): Promise<CompletionRequest['body']> {
  const call = (await upstream.completionRequests()).filter((request) => request.body.stream === true).at(-1);
  if (!call) throw new Error('the fake OpenAI got no streamed call');
  return call.body;
}

/** What the app told the model its calls answered: the `tool` messages of the last model call. */
async function toolAnswers(upstream: UpstreamControl): Promise<string[]> {
  const { messages } = await lastTurnCall(upstream);
  return messages.filter((message) => message.role === 'tool').map((message) => message.content);
}

/** The top of the second element is below the bottom of the first. */
async function expectAbove(first: Locator, second: Locator): Promise<void> {
  const [a, b] = await Promise.all([first.boundingBox(), second.boundingBox()]);
  if (!a || !b) throw new Error('an element to compare has no box');
  expect(a.y + a.height).toBeLessThanOrEqual(b.y + 1);
}

/** Presses the key (Tab or Shift+Tab) until the target has the focus; fails if it takes more than `most` presses. */
async function tabUntilFocused(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab', most = 12): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `${key} ${most} times reaches it`).toBeFocused({ timeout: 1 });
}

/** Pretty-printed JSON, as a call's details show its arguments. */
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

for (const layout of layouts) {
  test.describe(`tool calls in a reply (${layout.name})`, () => {
    test.use(layout.use);

    test.beforeEach(async ({ grantAccess }) => {
      await grantAccess();
    });

    test('a calculator call shows as running, then as a record of tool and time that opens onto its arguments and result; the reply follows, its details list the call, and a reload keeps it', async ({
      page,
      upstream,
    }) => {
      const expression = { expression: '2*(3+4)' };
      await upstream.scriptReply([
        { toolCalls: [{ name: 'calculator', arguments: expression }], match: streamed },
        { text: '2*(3+4) is 14.', match: streamed },
      ]);
      const chat = new ChatPage(page);
      const tools = new ToolCalls(page);
      await chat.goto(agents.callsTools);

      // The calculator answers in a millisecond: the page is told of its result only when the test says.
      const release = await tools.holdToolResults();
      await chat.send('What is 2*(3+4)?');
      const reply = chat.assistantMessages().last();
      await expect(tools.runningLine(reply, CALCULATOR)).toBeVisible();
      await expect(tools.record(reply, CALCULATOR)).toHaveCount(0);
      await checkState(page, 'calculator running', layout.name);

      await release();
      const record = tools.record(reply, CALCULATOR);
      await expect(record).toBeVisible();
      await expect(tools.runningLine(reply, CALCULATOR)).toHaveCount(0);
      await expect(record).toHaveAccessibleName(/^Calculator done \d+ ms$/);
      await expect(record).toHaveAttribute('aria-expanded', 'false');
      await expect(reply).toContainText('2*(3+4) is 14.');
      // The record comes first, the reply's words after it.
      await expectAbove(tools.calls(reply), reply.getByText('2*(3+4) is 14.'));
      await checkState(page, 'calculator record', layout.name);

      const item = tools.item(reply, CALCULATOR);
      await record.click();
      await expect(record).toHaveAttribute('aria-expanded', 'true');
      await expect(tools.field(item, 'Arguments')).toHaveText(pretty(expression));
      await expect(tools.field(item, 'Result')).toHaveText('14');
      await checkState(page, 'calculator record open', layout.name);

      // The model got the result as the call's answer, and was offered the calculator.
      expect(await toolAnswers(upstream)).toEqual(['14']);
      const firstCall = (await upstream.completionRequests()).find((request) => request.body.stream === true);
      expect(firstCall?.body.tools?.map((tool) => tool.function.name)).toContain('calculator');

      await chat.replyDetailsButtons().last().click();
      const details = chat.replyDetails().last();
      await expect(details).toContainText('Tool calls');
      await expect(details).toContainText(/Calculator: \d+ ms, ok/);
      await details.scrollIntoViewIfNeeded();
      await checkState(page, 'calculator reply details', layout.name);

      await page.reload();
      const restored = chat.assistantMessages().last();
      await expect(restored).toContainText('2*(3+4) is 14.');
      const kept = tools.record(restored, CALCULATOR);
      await expect(kept).toHaveAccessibleName(/^Calculator done \d+ ms$/);
      await kept.click();
      await expect(tools.field(tools.item(restored, CALCULATOR), 'Result')).toHaveText('14');
      await checkState(page, 'calculator record after reload', layout.name);
    });

    test('an MCP tool over stdio: the echo record shows the text the server echoed', async ({ page, upstream }) => {
      const tools = new ToolCalls(page);
      await tools.waitForServer(WORKING_SERVER, ['connected']);
      const message = { message: 'hello over stdio' };
      await upstream.scriptReply([
        { toolCalls: [{ name: `${WORKING_SERVER}__echo`, arguments: message }], match: streamed },
        { text: 'The server said it back.', match: streamed },
      ]);
      const chat = new ChatPage(page);
      await chat.goto(agents.callsTools);

      await chat.send('Echo something');
      const reply = chat.assistantMessages().last();
      const record = tools.record(reply, ECHO);
      await expect(record).toHaveAccessibleName(/^echo \(everything\) done \d+(\.\d)? (ms|s)$/);
      await expect(reply).toContainText('The server said it back.');
      await record.click();
      const item = tools.item(reply, ECHO);
      await expect(tools.field(item, 'Arguments')).toHaveText(pretty(message));
      await expect(tools.field(item, 'Result')).toHaveText('Echo: hello over stdio');
      await checkState(page, 'mcp echo record open', layout.name);
      expect(await toolAnswers(upstream)).toEqual(['Echo: hello over stdio']);
    });

    test('a call the agent wants confirmed asks Allow or Deny and takes the focus; Deny is recorded and told to the model, Allow in the next turn runs it', async ({
      page,
      upstream,
    }) => {
      const expression = { expression: '6*7' };
      const call = { toolCalls: [{ name: 'calculator', arguments: expression }], match: streamed };
      await upstream.scriptReply([
        call,
        { text: 'You declined, so I did not calculate.', match: streamed },
        call,
        { text: '6*7 is 42.', match: streamed },
      ]);
      const chat = new ChatPage(page);
      const tools = new ToolCalls(page);
      await chat.goto(agents.confirmsCalculator);

      await chat.send('What is 6*7?');
      const reply = chat.assistantMessages().last();
      const prompt = tools.prompt(reply, CALCULATOR);
      await expect(prompt).toBeFocused();
      await expect(tools.field(prompt, 'Arguments')).toHaveText(pretty(expression));
      await expect(tools.allowButton(prompt)).toBeVisible();
      await expect(tools.denyButton(prompt)).toBeVisible();
      await checkState(page, 'confirm prompt', layout.name);

      await tools.denyButton(prompt).click();
      await expect(prompt).toHaveCount(0);
      const denied = tools.record(reply, CALCULATOR);
      await expect(denied).toContainText(ToolCalls.denied);
      await expect(denied).toHaveAccessibleName(`${CALCULATOR} ${ToolCalls.denied}`);
      await expect(reply).toContainText('You declined, so I did not calculate.');
      expect(await toolAnswers(upstream)).toEqual([DENIAL]);
      await denied.click();
      await expect(tools.field(tools.item(reply, CALCULATOR), 'Result')).toHaveText(ToolCalls.denied);
      await checkState(page, 'confirm denied', layout.name);

      await chat.send('Then allow it: what is 6*7?');
      await expect(chat.assistantMessages()).toHaveCount(3);
      const second = chat.assistantMessages().last();
      const again = tools.prompt(second, CALCULATOR);
      await expect(again).toBeFocused();
      await tools.allowButton(again).click();
      const ran = tools.record(second, CALCULATOR);
      await expect(ran).toHaveAccessibleName(/^Calculator done \d+ ms$/);
      await expect(second).toContainText('6*7 is 42.');
      expect(await toolAnswers(upstream)).toEqual(['42']);
      await ran.click();
      const result = tools.field(tools.item(second, CALCULATOR), 'Result');
      await expect(result).toHaveText('42');
      await result.scrollIntoViewIfNeeded();
      await checkState(page, 'confirm allowed', layout.name);
    });

    test('an agent relying on an MCP server that is down says so above the composer, naming the server', async ({
      page,
    }) => {
      const tools = new ToolCalls(page);
      await tools.waitForServer(DOWN_SERVER, ['failed', 'reconnecting']);
      const chat = new ChatPage(page);
      await chat.goto(agents.reliesOnADownServer);

      const notice = tools.healthNotice();
      await expect(notice).toHaveText(ToolCalls.downServer(DOWN_SERVER));
      await expectAbove(notice, chat.messageBox);
      await expectAbove(chat.conversation, notice);
      await checkState(page, 'down server notice', layout.name);

      // An agent whose servers are all up says nothing.
      await tools.waitForServer(WORKING_SERVER, ['connected']);
      await chat.goto(agents.callsTools);
      await expect(tools.healthNotice()).toHaveCount(0);
    });

    test('keyboard only: Tab reaches Allow, and Enter or Space presses it; Shift+Tab from the composer reaches the record, and Space and Enter open and close it', async ({
      page,
      upstream,
    }) => {
      await upstream.scriptReply([
        { toolCalls: [{ name: 'calculator', arguments: { expression: '9*9' } }], match: streamed },
        { text: '9*9 is 81.', match: streamed },
        { toolCalls: [{ name: 'calculator', arguments: { expression: '3*3' } }], match: streamed },
        { text: '3*3 is 9.', match: streamed },
      ]);
      const chat = new ChatPage(page);
      const tools = new ToolCalls(page);
      await chat.goto(agents.confirmsCalculator);

      await chat.messageBox.focus();
      await page.keyboard.type('What is 9*9?');
      await page.keyboard.press('Enter');
      const reply = chat.assistantMessages().last();
      const prompt = tools.prompt(reply, CALCULATOR);
      await expect(prompt).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(tools.allowButton(prompt)).toBeFocused();
      await checkState(page, 'keyboard allow focused', layout.name);
      await page.keyboard.press('Enter');

      const record = tools.record(reply, CALCULATOR);
      await expect(record).toHaveAccessibleName(/^Calculator done \d+ ms$/);
      await expect(reply).toContainText('9*9 is 81.');
      const item = tools.item(reply, CALCULATOR);
      // Back from the composer, where the user writes, to the record.
      await chat.messageBox.focus();
      await tabUntilFocused(page, record, 'Shift+Tab');
      await page.keyboard.press('Space');
      await expect(record).toHaveAttribute('aria-expanded', 'true');
      await expect(tools.field(item, 'Result')).toHaveText('81');
      await checkState(page, 'keyboard record open', layout.name);
      await page.keyboard.press('Enter');
      await expect(record).toHaveAttribute('aria-expanded', 'false');
      await expect(tools.field(item, 'Result')).toBeHidden();
      await page.keyboard.press('Space');
      await expect(record).toHaveAttribute('aria-expanded', 'true');

      // Space allows as Enter does.
      await chat.messageBox.focus();
      await page.keyboard.type('And 3*3?');
      await page.keyboard.press('Enter');
      await expect(chat.assistantMessages()).toHaveCount(3);
      const second = chat.assistantMessages().last();
      const again = tools.prompt(second, CALCULATOR);
      await expect(again).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(tools.allowButton(again)).toBeFocused();
      await page.keyboard.press('Space');
      await expect(tools.record(second, CALCULATOR)).toHaveAccessibleName(/^Calculator done \d+ ms$/);
      await expect(second).toContainText('3*3 is 9.');
    });
  });
}

test.describe('tool calls: the focus after a decision', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test('the focus a call’s line takes from its answered prompt stays there when the reply ends', async ({
    page,
    upstream,
  }) => {
    await upstream.scriptReply([
      { toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }], match: streamed },
      { text: 'You declined.', match: streamed },
    ]);
    const chat = new ChatPage(page);
    const tools = new ToolCalls(page);
    await chat.goto(agents.confirmsCalculator);

    await chat.send('What is 6*7?');
    const reply = chat.assistantMessages().last();
    const prompt = tools.prompt(reply, CALCULATOR);
    await expect(prompt).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(reply).toContainText('You declined.');
    await expect(tools.item(reply, CALCULATOR)).toBeFocused({ timeout: 2_000 });
  });
});
