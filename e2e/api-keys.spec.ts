import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AnotherOriginPage } from './pages/another-origin-page';
import { HubPage } from './pages/hub-page';
import { KeysPage } from './pages/keys-page';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { ACCESS_CODE, KEYED_BASE_URL } from './support/e2e-env';
import { agents } from './support/fixture-agents';
import { layouts } from './support/layouts';

const agent = agents.sendsOnEnter;
const answer = 'Hello, program. This is the agent.';

/** One state as the user sees it: nothing wider than the screen, axe finds nothing serious, a screenshot. */
async function checkState(page: Page, state: string, layout: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${state} (${layout}) is wider than the screen`).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, `${state} (${layout})`);
  const name = `keys ${state} ${layout}`.replace(/[^a-z0-9]+/gi, '-');
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The OpenAI-compatible API as a program calls it, with the key in the Authorization header. */
function callV1(secret: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${KEYED_BASE_URL}/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const question = { model: agent.id, messages: [{ role: 'user', content: 'Hello from a program' }] };
const fromAPage = { model: agent.id, messages: [{ role: 'user', content: 'Hello from a page' }] };

/** A web page elsewhere that uses the key from the browser: the models, then a streamed answer read as it comes. */
const pageUsingTheKey = (secret: string) => `<!doctype html>
<html lang="en">
<title>A page elsewhere</title>
<main><p id="models"></p><p id="answer"></p><p id="state"></p></main>
<script>
  const headers = { Authorization: 'Bearer ${secret}', 'Content-Type': 'application/json' };
  const show = (id, text) => (document.getElementById(id).textContent = text);
  (async () => {
    const models = await (await fetch('${KEYED_BASE_URL}/v1/models', { headers })).json();
    show('models', 'Models: ' + models.data.map((model) => model.id).join(', '));
    const body = JSON.stringify({ ...${JSON.stringify(fromAPage)}, stream: true });
    const res = await fetch('${KEYED_BASE_URL}/v1/chat/completions', { method: 'POST', headers, body });
    const events = await res.text();
    const chunks = events.split('\\n').filter((line) => line.startsWith('data: {'));
    show('answer', 'Answer: ' + chunks.map((line) => JSON.parse(line.slice(6)).choices[0]?.delta?.content ?? '').join(''));
  })()
    .catch((error) => show('answer', 'Failed: ' + error.message))
    .finally(() => show('state', 'All sent.'));
</script>
</html>`;

for (const layout of [layouts[0], layouts[3]]) {
  test.describe(`API keys (${layout.name})`, () => {
    test.use(layout.use);

    test('make a key on the keys screen, see it once, use it from a program, watch its use, revoke it', async ({
      page,
      context,
      upstream,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const keyName = `Test program ${layout.name} ${randomUUID().slice(0, 8)}`;

      // Signed out, the keys screen asks for the access code.
      await page.goto(KeysPage.path);
      await expect(page.getByText('Please enter the access code to continue.')).toBeVisible();
      await checkState(page, 'locked', layout.name);

      // Sign in on the hub and open the keys screen from it.
      const hub = new HubPage(page);
      await hub.goto();
      await hub.field.pressSequentially(ACCESS_CODE);
      await hub.field.press('Enter');
      await expect(hub.agentLinks.first()).toBeVisible();
      await checkState(page, 'hub', layout.name);
      await page.getByRole('link', { name: 'API keys', exact: true }).click();
      const keys = new KeysPage(page);
      await expect(keys.heading).toBeVisible();
      await expect(page).toHaveURL(KeysPage.path);
      await expect(keys.agent(agent.display.name)).toBeVisible();
      await checkState(page, 'form', layout.name);

      // A key for one fixture agent, made from the keyboard and the pointer as a user does.
      await keys.name.click();
      await keys.name.pressSequentially(keyName);
      await keys.agent(agent.display.name).check();
      await keys.expiry.pressSequentially('30');
      await keys.create.click();

      await expect(page.getByText(KeysPage.shownOnce)).toBeVisible();
      await expect(keys.secret).toHaveAttribute('readonly', '');
      const secret = await keys.secret.inputValue();
      expect(secret).toMatch(/^mb-/);
      await expect(page.getByText(`${KEYED_BASE_URL}/v1`, { exact: true })).toBeVisible();
      await expect(page.getByText(agent.id, { exact: true })).toBeVisible();
      await expect(page.locator('pre')).toContainText(`Bearer ${secret}`);
      await keys.copy.click();
      await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expect(keys.fact(keyName, 'Last used')).toHaveText('Not used yet');
      await checkState(page, 'key shown once', layout.name);

      // Once left, the key is never shown again.
      await keys.done.click();
      await expect(keys.name).toHaveValue('');
      await page.reload();
      await expect(keys.key(keyName)).toBeVisible();
      expect(await page.content()).not.toContain(secret);

      // A program uses it: the agent is its model, and the fake model answers.
      const models = await callV1(secret, '/models');
      expect(models.status).toBe(200);
      const listed = (await models.json()) as { data: { id: string }[] };
      expect(listed.data.map((model) => model.id)).toEqual([agent.id]);

      await upstream.scriptReply({ text: answer });
      const completion = await callV1(secret, '/chat/completions', question);
      expect(completion.status).toBe(200);
      const body = (await completion.json()) as { choices: { message: { content: string } }[] };
      expect(body.choices[0].message.content).toBe(answer);

      // A page of another origin uses it from the browser, as OpenAI's API allows: the preflight passes, no cookie goes.
      const elsewhere = await AnotherOriginPage.serving(new URL(KEYED_BASE_URL).hostname, pageUsingTheKey(secret));
      try {
        const tab = await elsewhere.visit(context);
        await expect(tab.getByText(`Models: ${agent.id}`, { exact: true })).toBeVisible();
        // Nothing scripted: the fake model echoes the question.
        await expect(tab.getByText('Answer: Echo: Hello from a page', { exact: true })).toBeVisible();
        await tab.close();
      } finally {
        await elsewhere.close();
      }

      // The list shows its last use and the tokens its reply took.
      await expect(async () => {
        await page.reload();
        await expect(keys.fact(keyName, 'Last used')).not.toHaveText('Not used yet', { timeout: 1000 });
        await expect(keys.fact(keyName, 'Tokens used')).not.toHaveText('0', { timeout: 1000 });
      }).toPass();
      await checkState(page, 'list used', layout.name);

      // Revoke asks first; Cancel keeps the key.
      await keys.revoke(keyName).click();
      await expect(keys.dialog).toBeVisible();
      await expect(keys.dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await checkState(page, 'revoke dialog', layout.name);
      await page.keyboard.press('Escape');
      await expect(keys.dialog).toBeHidden();
      await expect(keys.revoke(keyName)).toBeFocused();

      await keys.revoke(keyName).click();
      await keys.dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
      await expect(keys.revoke(keyName)).toHaveCount(0);
      await expect(keys.key(keyName)).toContainText('Revoked');

      // The same call is refused from now on.
      const refused = await callV1(secret, '/chat/completions', question);
      expect(refused.status).toBe(401);
      expect((await callV1(secret, '/models')).status).toBe(401);
    });
  });
}
