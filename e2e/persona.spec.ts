import { readFile } from 'node:fs/promises';
import { ChatPage } from './pages/chat-page';
import { PersonaPanel } from './pages/persona-panel';
import { Toasts } from './pages/toasts';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents, declared } from './support/fixture-agents';

const agent = agents.reconfigurable;
const greeting = declared(agent.conversation.reconfiguredGreeting, 'conversation.reconfiguredGreeting');

/** The agent's persona with a new role, one more guideline and the same domain. */
const coach = {
  role_description: 'You are a bonsai gardening coach.',
  domains: agent.persona.domains,
  response_guidelines: [...agent.persona.response_guidelines, { priority: 2, content: 'Name the tool to use.' }],
};

const estimator = {
  role_description: 'You are a basement waterproofing estimator.',
  domains: [{ title: 'Drainage', description: 'Sump pits and drain tile.' }],
  response_guidelines: [{ priority: 1, content: 'Ask for the square footage first.' }],
};

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

test.describe('the persona panel of a reconfigurable agent', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test('checks the persona as one types, at the field, in the words the server uses', async ({
    page,
    allowHttpErrors,
  }) => {
    allowHttpErrors('/persona', 400);
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.send('Hello there');
    await expect(chat.assistantMessages().last()).toContainText('Echo: Hello there');
    const panel = new PersonaPanel(page);
    await panel.open();

    expect(await panel.persona()).toEqual(agent.persona);
    await expect(panel.problems).toHaveText('The configuration is valid.');
    await expect(panel.history).toHaveCount(0);

    const invalid = { ...coach, role_description: ' ', response_guidelines: [{ priority: 'urgent', content: 'x' }] };
    await panel.replaceText(pretty(invalid));
    await expect(panel.problems).toHaveText('This configuration cannot be applied yet:');
    await expect(panel.fieldMarks().first()).toHaveText('"role_description"');
    await expect(panel.applyButton).toBeDisabled();

    // The server, given the same configuration, finds the same problems in the same words.
    const answer = await page.request.put(`/api/chat/sessions/${await chat.sessionId()}/persona`, { data: invalid });
    expect(answer.status()).toBe(400);
    const { details } = (await answer.json()) as { details: string[] };
    await expect(panel.problemItems()).toHaveText(details);

    await panel.replaceText('{ "role_description": "You are terse.", ');
    await expect(panel.problemItems()).toHaveText([/^\/: it is not valid JSON \(/]);

    await panel.replaceText(pretty(coach));
    await expect(panel.problems).toHaveText('The configuration is valid.');
    await expect(panel.fieldMarks()).toHaveCount(0);
    await expect(panel.applyButton).toBeEnabled();
  });

  test('Apply reconfigures the chat as pasting does: greeting, toast, history; Escape gives focus back', async ({
    page,
    upstream,
  }) => {
    const chat = new ChatPage(page);
    await chat.goto(agent);
    const panel = new PersonaPanel(page);
    // Before the first message: Apply starts the chat.
    await panel.open();
    await expect(panel.dialog).toContainText("This chat uses the agent's default persona.");
    await panel.replaceText(pretty(coach));
    await panel.applyButton.click();

    await expect(panel.outcome).toHaveText('Applied: the chat now uses this persona.');
    await expect(panel.historyEntries()).toHaveCount(1);
    await expect(panel.historyEntries().first()).toContainText('1 guideline added, role changed');
    await expect(panel.dialog).toContainText('This chat uses a persona of its own.');

    await page.keyboard.press('Escape');
    await expect(panel.dialog).toBeHidden();
    await expect(panel.openButton).toBeFocused();
    await new Toasts(page).expectShown(
      'Configuration Updated',
      'The agent has been reconfigured with your JSON settings.',
    );
    await expect(chat.assistantMessages().last()).toContainText(greeting);
    await expect(chat.sessionLine).toBeVisible();

    await chat.send('When should I prune a juniper?');
    await expect(chat.assistantMessages().last()).toContainText('Echo: When should I prune a juniper?');
    const [request] = (await upstream.completionRequests()).filter((sent) => sent.body.stream === true);
    expect(request.body.messages[0].content).toContain('bonsai gardening coach');
  });

  test('shows the changes against the agent default, restores from the history and resets', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.send(JSON.stringify(estimator));
    await expect(chat.assistantMessages().last()).toContainText(greeting);
    const panel = new PersonaPanel(page);
    await panel.open();
    expect(await panel.persona()).toEqual(estimator);

    await panel.replaceText(pretty(coach));
    await panel.applyButton.click();
    await expect(panel.historyEntries()).toHaveCount(2);

    await panel.changesButton.click();
    await expect(panel.changesButton).toHaveText('Hide changes');
    const changes = panel.dialog
      .locator('[id]')
      .filter({ has: page.getByRole('heading', { name: 'Role description' }) });
    await expect(changes).toContainText("Against the agent's default: 1 guideline added, role changed.");
    await expect(changes.locator('ins').first()).toBeVisible();
    await expect(changes.locator('del').first()).toHaveCSS('text-decoration-line', 'line-through');
    await expect(changes.locator('ins').first()).toHaveCSS('text-decoration-line', 'underline');
    await expect(changes.getByRole('listitem').filter({ hasText: 'Name the tool to use.' })).toContainText(
      'added: Name the tool to use. (priority 2)',
    );

    // The older entry: the pasted estimator.
    await panel.historyEntries().last().getByRole('button', { name: 'Restore' }).click();
    await expect(panel.outcome).toHaveText('Restored: the chat now uses that persona again.');
    await expect(panel.historyEntries()).toHaveCount(3);
    expect(await panel.persona()).toEqual(estimator);

    await panel.resetButton.click();
    await expect(panel.outcome).toHaveText("Reset: the chat now uses the agent's default persona.");
    await expect(panel.historyEntries()).toHaveCount(4);
    await expect(panel.historyEntries().first()).toContainText('Reset to agent default');
    await expect(panel.historyEntries().first()).toContainText('agent default');
    expect(await panel.persona()).toEqual(agent.persona);
    await expect(panel.resetButton).toBeDisabled();
    await expect(changes).toHaveCount(0);
    await expect(panel.dialog).toContainText("This chat uses the agent's default persona: nothing differs.");

    // Still there after a reload.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(chat.messageBox).toBeVisible();
    await panel.open();
    await expect(panel.historyEntries()).toHaveCount(4);
  });

  test('Download persona saves a configuration that, pasted back, gives the same persona', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.send(JSON.stringify(coach));
    await expect(chat.assistantMessages().last()).toContainText(greeting);
    const panel = new PersonaPanel(page);
    await panel.open();

    const [download] = await Promise.all([page.waitForEvent('download'), panel.downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^persona-reconfigurable-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await readFile(await download.path(), 'utf8');
    expect(JSON.parse(file)).toEqual(coach);

    await panel.resetButton.click();
    await expect(panel.outcome).toHaveText("Reset: the chat now uses the agent's default persona.");
    await page.keyboard.press('Escape');
    await chat.send(file);
    await expect(chat.assistantMessages().last()).toContainText(greeting);

    await panel.open();
    expect(await panel.persona()).toEqual(coach);
    await expect(panel.historyEntries()).toHaveCount(3);
  });

  test('passes the accessibility check with the panel open', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.send(JSON.stringify(coach));
    await expect(chat.assistantMessages().last()).toContainText(greeting);
    const panel = new PersonaPanel(page);
    await panel.open();
    await panel.changesButton.click();
    await expect(panel.dialog.getByRole('heading', { name: 'Role description' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'persona panel');
    await page.screenshot({ path: test.info().outputPath('persona-panel.png') });
    if (process.env.PERSONA_SCREENSHOT) await page.screenshot({ path: process.env.PERSONA_SCREENSHOT });
  });

  test('an agent that is not reconfigurable has no Persona button', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto(agents.notReconfigurable);
    await expect(chat.historyToggle).toBeVisible();
    await expect(new PersonaPanel(page).openButton).toHaveCount(0);
  });
});
