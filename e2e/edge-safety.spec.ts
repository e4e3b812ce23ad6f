import { AnotherOriginPage } from './pages/another-origin-page';
import { ChatPage } from './pages/chat-page';
import { PersonaPanel } from './pages/persona-panel';
import { expect, test } from './fixtures';
import { KEYED_BASE_URL } from './support/e2e-env';
import { agents, declared } from './support/fixture-agents';

const reconfigurable = agents.reconfigurable;
const uploads = agents.uploadsPhotosAndDocuments;
const greeting = declared(reconfigurable.conversation.reconfiguredGreeting, 'conversation.reconfiguredGreeting');

const estimator = {
  role_description: 'You are a basement waterproofing estimator.',
  domains: [{ title: 'Drainage', description: 'Sump pits and drain tile.' }],
  response_guidelines: [{ priority: 1, content: 'Ask for the square footage first.' }],
};

/** A multipart upload whose last part never ends: no closing boundary, though the request itself ends. */
const CUT_OFF_UPLOAD =
  '--cut\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\n' +
  'Clean the gutters twice a year.';

/**
 * What a page of another origin on the same site does with the user's cookie, without a click: two forms posted
 * into hidden frames (reset the chat's persona; sign out) and a no-cors upload cut off before its end.
 */
const sameSiteAttack = (app: string, sessionId: string) => `<!doctype html>
<html lang="en"><title>Another page</title>
<iframe name="reset-frame" title="reset"></iframe><iframe name="out-frame" title="out"></iframe>
<form id="reset" method="post" action="${app}/api/chat/sessions/${sessionId}/persona/reset" target="reset-frame"></form>
<form id="out" method="post" action="${app}/api/auth/revoke-access" target="out-frame"></form>
<p id="state">Sending…</p>
<script>
  const loaded = (name) =>
    new Promise((resolve) => document.querySelector('iframe[name="' + name + '"]').addEventListener('load', resolve, { once: true }));
  const sent = [loaded('reset-frame'), loaded('out-frame')];
  document.getElementById('reset').submit();
  document.getElementById('out').submit();
  sent.push(
    fetch('${app}/api/chat/attachments?agentType=${uploads.id}', {
      method: 'POST',
      mode: 'no-cors',
      credentials: 'include',
      headers: { 'Content-Type': 'multipart/form-data; boundary=cut' },
      body: ${JSON.stringify(CUT_OFF_UPLOAD)},
    }).catch(() => undefined),
  );
  Promise.all(sent).then(() => (document.getElementById('state').textContent = 'All sent.'));
</script>
</html>`;

test.describe('the edge holds against what a browser can send', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test("a page of another origin on the same site cannot reset the persona, sign the user out or stop the server with the user's cookie", async ({
    page,
    context,
  }) => {
    const chat = new ChatPage(page);
    await chat.goto(reconfigurable);
    await chat.send(JSON.stringify(estimator));
    await expect(chat.assistantMessages().last()).toContainText(greeting);

    // Another port of the app's own host: the same site, another origin.
    const attacker = await AnotherOriginPage.serving(
      new URL(KEYED_BASE_URL).hostname,
      sameSiteAttack(KEYED_BASE_URL, await chat.sessionId()),
    );
    try {
      await (await attacker.visit(context)).close();
    } finally {
      await attacker.close();
    }

    await page.reload();
    await expect(chat.messageBox).toBeVisible();
    const panel = new PersonaPanel(page);
    await panel.open();
    await expect(panel.dialog).toContainText('This chat uses a persona of its own.');
    expect(await panel.persona()).toEqual(estimator);
    await page.keyboard.press('Escape');

    await chat.send('How deep is a sump pit?');
    await expect(chat.assistantMessages().last()).toContainText('Echo: How deep is a sump pit?');
  });

  test('half a character pasted into the Persona panel is refused with the reason, not "Internal server error"', async ({
    page,
    allowHttpErrors,
  }) => {
    allowHttpErrors('/persona', 400);
    const chat = new ChatPage(page);
    await chat.goto(reconfigurable);
    await chat.send('Hello there');
    await expect(chat.assistantMessages().last()).toContainText('Echo: Hello there');

    const panel = new PersonaPanel(page);
    await panel.open();
    // A copy that cut an emoji in two: its first half stays.
    const cut = { ...estimator, role_description: 'You are a roofer \ud83d who answers briefly.' };
    await panel.pasteText(JSON.stringify(cut, null, 2));
    await expect(panel.problems).toHaveText('The configuration is valid.');
    await panel.applyButton.click();

    await expect(panel.failure).toContainText('role_description holds half of a character');
    await expect(panel.failure).toContainText('copy the text again, or remove that character');
    await expect(panel.failure).not.toContainText('Internal server error');
    await expect(panel.dialog).toContainText("This chat uses the agent's default persona.");
    await expect(panel.historyEntries()).toHaveCount(0);
  });

  test('an upload cut off before its end is refused, the server stays up, and the next message is answered', async ({
    page,
    allowHttpErrors,
  }) => {
    allowHttpErrors('/api/chat/attachments', 400);
    const chat = new ChatPage(page);
    await chat.goto(uploads);

    // As a phone whose upload is cut off the wrong way sends it: the request ends, the form does not.
    const answer = await page.evaluate(
      async ([agentType, body]) => {
        try {
          const response = await fetch(`/api/chat/attachments?agentType=${agentType}`, {
            method: 'POST',
            headers: { 'Content-Type': 'multipart/form-data; boundary=cut' },
            body,
          });
          return { status: response.status, body: (await response.json()) as { message: string } };
        } catch {
          return { status: 'no answer' };
        }
      },
      [uploads.id, CUT_OFF_UPLOAD],
    );
    expect(answer).toEqual({
      status: 400,
      body: expect.objectContaining({
        message: 'The upload was cut off or malformed before the file ended. Try again.',
      }),
    });

    await chat.send('Are you still there?');
    await expect(chat.assistantMessages().last()).toContainText('Echo: Are you still there?');
  });
});
