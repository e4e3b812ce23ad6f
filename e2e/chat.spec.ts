import { ChatPage } from './pages/chat-page';
import { Toasts } from './pages/toasts';
import { expect, test } from './fixtures';
import { agents, declared, greetingOf } from './support/fixture-agents';

const streamed = { streamed: true } as const;

test.describe('the generic chat page', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test('shows the agent file: header, title, greeting, composer texts and sizes', async ({ page }) => {
    const agent = agents.sendsOnEnter;
    const { input } = agent;
    const minHeight = input.minHeight;
    const maxHeight = declared(input.maxHeight, 'input.maxHeight');
    const chat = new ChatPage(page);
    await chat.goto(agent);

    await expect(chat.header).toHaveText(agent.display.header);
    await expect(chat.title).toHaveText(agent.display.title);
    await expect(chat.historyToggle).toHaveText('Show Chat History');
    await expect(chat.assistantMessages().first()).toContainText(greetingOf(agent));
    await expect(chat.messageBox).toHaveAttribute('placeholder', input.placeholder);
    await expect(page.getByText(declared(input.hint, 'input.hint'), { exact: true })).toBeVisible();
    await expect(chat.sessionLine).toHaveCount(0);
    const height = await chat.messageBox.evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(minHeight);
    expect(height).toBeLessThanOrEqual(maxHeight);
    await expect(chat.messageBox).toHaveCSS('min-height', `${minHeight}px`);
    await expect(chat.messageBox).toHaveCSS('max-height', `${maxHeight}px`);
  });

  test('an alias route shows the same agent', async ({ page }) => {
    const agent = agents.hasAnAliasRoute;
    const [canonical, alias] = agent.routes;
    expect(alias).toBeDefined();
    const chat = new ChatPage(page);
    await chat.goto(agent, alias);
    await expect(page).toHaveURL(alias);
    await expect(chat.title).toHaveText(agent.display.title);
    expect(alias).not.toBe(canonical);
  });

  test("a greeting template is filled with the agent file's audience", async ({ page }) => {
    const agent = agents.greetsByName;
    const { name } = declared(agent.conversation.audience, 'conversation.audience');
    expect(agent.conversation.greeting).toContain('{name}');
    const chat = new ChatPage(page);
    await chat.goto(agent);

    const greeting = chat.assistantMessages().first();
    await expect(greeting).toContainText(greetingOf(agent));
    await expect(greeting).toContainText(name);
    await expect(greeting).not.toContainText('{name}');
  });

  test('an agent that sends on Shift+Enter: its rows and minimum height, Enter breaks the line', async ({
    page,
    upstream,
  }) => {
    const agent = agents.sendsOnShiftEnter;
    await upstream.scriptReply({ text: 'Good morning to you too.', match: streamed });
    const chat = new ChatPage(page);
    await chat.goto(agent);

    await expect(chat.messageBox).toHaveAttribute('placeholder', agent.input.placeholder);
    await expect(chat.messageBox).toHaveAttribute('rows', String(declared(agent.input.rows, 'input.rows')));
    await expect(chat.messageBox).toHaveCSS('min-height', `${agent.input.minHeight}px`);

    await chat.messageBox.fill('line one');
    await chat.messageBox.press('Enter');
    await expect(chat.messageBox).toHaveValue('line one\n');
    await expect(chat.userMessages()).toHaveCount(0);

    await chat.messageBox.pressSequentially('line two');
    await chat.messageBox.press('Shift+Enter');
    await expect(chat.userMessages().last()).toHaveText(/line one\s+line two/);
    await expect(chat.assistantMessages().last()).toContainText('Good morning to you too.');
    await expect(chat.messageBox).toHaveValue('');
  });

  test('Enter sends and Shift+Enter breaks the line; empty or blank drafts are not sent', async ({
    page,
    upstream,
  }) => {
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);

    await expect(chat.sendButton).toBeDisabled();
    await chat.messageBox.fill('   \n  ');
    await expect(chat.sendButton).toBeDisabled();
    await chat.messageBox.press('Enter');
    await expect(chat.userMessages()).toHaveCount(0);

    await chat.messageBox.fill('first line');
    await chat.messageBox.press('Shift+Enter');
    await chat.messageBox.pressSequentially('second line');
    await expect(chat.messageBox).toHaveValue('first line\nsecond line');
    await chat.messageBox.press('Enter');

    await expect(chat.userMessages()).toHaveCount(1);
    await expect(chat.assistantMessages().last()).toContainText('Echo: first line\nsecond line');
    const turns = (await upstream.completionRequests()).filter((sent) => sent.body.stream === true);
    const last = turns.at(-1)?.body.messages.at(-1);
    expect(last).toEqual({ role: 'user', content: 'first line\nsecond line' });
  });

  test('a reply streams in token by token, with a typing indicator, a busy hint and a Stop button', async ({
    page,
    upstream,
  }) => {
    await upstream.scriptReply({
      text: 'one two three four five six seven eight nine ten',
      tokenDelayMs: 250,
      latencyMs: 600,
      match: streamed,
    });
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);

    await chat.send('Count for me');
    await expect(chat.typingIndicator).toBeVisible();
    await expect(page.getByText('Processing...')).toBeVisible();
    await expect(chat.sendButton).toHaveCount(0);
    await expect(chat.stopButton).toBeVisible();

    const reply = chat.assistantMessages().last();
    await expect(reply).toContainText('one two');
    await expect(reply).not.toContainText('ten');
    await expect(chat.typingIndicator).toHaveCount(0);
    await expect(reply).toContainText('nine ten');
    await expect(chat.stopButton).toHaveCount(0);
    await expect(page.getByText(declared(agents.sendsOnEnter.input.hint, 'input.hint'), { exact: true })).toBeVisible();
    await expect(chat.sessionLine).toBeVisible();
  });

  test('Stop ends the reply and keeps what arrived, marked as interrupted', async ({ page, upstream }) => {
    await upstream.scriptReply({
      text: 'alpha beta gamma delta epsilon zeta eta theta iota kappa',
      tokenDelayMs: 400,
      match: streamed,
    });
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);

    await chat.send('Tell me the Greek letters');
    const reply = chat.assistantMessages().last();
    await expect(reply).toContainText('beta');
    await chat.stopButton.click();

    await expect(reply).toContainText('This reply was interrupted before it was complete.');
    await expect(reply).not.toContainText('kappa');
    await expect(chat.sendButton).toBeVisible();

    // The server kept the partial reply: a reload shows it again.
    const kept = (await reply.textContent())?.replace('Assistant: ', '').split('This reply')[0].trim() ?? '';
    await page.reload();
    await expect(chat.assistantMessages().last()).toContainText(kept);
    await expect(chat.assistantMessages().last()).toContainText('interrupted');
  });

  test('reloading mid-reply loses nothing: the conversation comes back and the reply finishes', async ({
    page,
    upstream,
  }) => {
    await upstream.scriptReply({
      text: 'a b c d e f g h i j k l m n o p q r s the-end',
      tokenDelayMs: 200,
      match: streamed,
    });
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);

    await chat.send('Plan my living room');
    await expect(chat.assistantMessages().last()).toContainText('c d');
    const id = await chat.sessionId();
    await page.reload();

    await expect(chat.sessionLine).toHaveText(`Using saved chat session (${id})`);
    await expect(chat.userMessages().last()).toHaveText(/Plan my living room/);
    await expect(chat.assistantMessages().last()).toContainText('the-end');
    await expect(chat.assistantMessages()).toHaveCount(2);
  });

  test('assistant markdown renders, links open in a new tab, unsafe links are blanked', async ({ page, upstream }) => {
    await upstream.scriptReply({
      text: 'Here is a **plan**:\n\n1. Seal the vents\n2. Read [the guide](https://example.com/guide) or [this](javascript:alert(1))\n\n| Fix | Cost |\n|---|---|\n| Barrier | $2k |\n\n<b>raw</b> html',
      match: streamed,
    });
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    await chat.send('How do I fix it?');

    const reply = chat.assistantMessages().last();
    await expect(reply.locator('strong')).toHaveText('plan');
    await expect(reply.getByRole('listitem')).toHaveCount(2);
    await expect(reply.getByRole('table')).toBeVisible();
    const guide = reply.getByRole('link', { name: 'the guide' });
    await expect(guide).toHaveAttribute('href', 'https://example.com/guide');
    await expect(guide).toHaveAttribute('target', '_blank');
    await expect(guide).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(reply.getByRole('link', { name: 'this' })).toHaveCount(0);
    await expect(reply.getByText('this', { exact: true })).toBeVisible();
    await expect(reply.locator('b')).toHaveCount(0);
  });

  test('copy puts the message on the clipboard and says so', async ({ page, context, upstream }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await upstream.scriptReply({ text: 'Copy **me** please', match: streamed });
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    await chat.send('Say something');
    await expect(chat.assistantMessages().last()).toContainText('Copy me please');
    // A reply gets its copy button once it has finished streaming; the greeting has the first.
    await expect(chat.copyButtons()).toHaveCount(2);

    await chat.copyButtons().last().click();
    await new Toasts(page).expectShown('Content Copied', 'Message content copied to clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Copy **me** please');
  });

  test('an agent file may word its own copy toast', async ({ page, context }) => {
    const agent = agents.wordsItsCopyToast;
    const { title, description } = declared(agent.display.copyToast, 'display.copyToast');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.copyButtons().first().click();
    await new Toasts(page).expectShown(title, description);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(greetingOf(agent));
  });

  test('a failed copy says so', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    await chat.copyButtons().first().click();
    await new Toasts(page).expectShown('Copy Failed');
  });

  test('attaching a file names it in the draft (nothing is uploaded); another agent file says upload is not implemented', async ({
    page,
  }) => {
    expect(agents.sendsOnEnter.input.attach).toBe('append-file-name');
    expect(agents.alertsOnAttach.input.attach).toBe('alert-not-implemented');
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    await chat.messageBox.fill('See my report');
    const chooser = page.waitForEvent('filechooser');
    await chat.attachButton.click();
    await (
      await chooser
    ).setFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });

    await expect(chat.messageBox).toHaveValue('See my report\n[Attached file: report.pdf]');
    await new Toasts(page).expectShown('File Attached', 'File "report.pdf" attached to your message.');

    await chat.goto(agents.alertsOnAttach);
    const alerts: string[] = [];
    page.once('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await chat.attachButton.click();
    await expect.poll(() => alerts).toEqual(['File upload is not yet implemented']);
  });

  test('search-backed answers show their sources', async ({ page, upstream }) => {
    await upstream.scriptSearch({
      results: [
        { title: 'Cheap flights to Lisbon', link: 'https://flights.example/lisbon', snippet: 'Fares from $420' },
        { title: 'Lisbon hotels guide', link: 'https://hotels.example/lisbon', snippet: 'Boutique stays' },
      ],
    });
    await upstream.scriptReply({ text: 'Fares start around $420 round trip.', match: streamed });
    const chat = new ChatPage(page);
    const agent = agents.searchesFirst;
    const question = 'What are the latest flights to Lisbon?';
    expect(declared(agent.routing.search, 'routing.search').keywords.some((word) => question.includes(word))).toBe(
      true,
    );
    await chat.goto(agent);
    await chat.send(question);

    const reply = chat.assistantMessages().last();
    await expect(reply).toContainText('Fares start around $420');
    const sources = reply.getByRole('navigation', { name: 'Sources' });
    await expect(sources.getByRole('link', { name: 'Cheap flights to Lisbon' })).toHaveAttribute(
      'href',
      'https://flights.example/lisbon',
    );
    await expect(sources.getByRole('link', { name: 'Lisbon hotels guide' })).toHaveAttribute('target', '_blank');

    // The sources were saved with the reply.
    await page.reload();
    await expect(chat.assistantMessages().last().getByRole('link', { name: 'Cheap flights to Lisbon' })).toBeVisible();
  });

  test('works at 360 px: no sideways scrolling, composer and toggle reachable', async ({ page, upstream }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await upstream.scriptReply({ text: 'A fairly long answer '.repeat(20), match: streamed });
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    await chat.send('Explain the scan results please');
    await expect(chat.assistantMessages().last()).toContainText('A fairly long answer');
    await chat.historyToggle.click();
    await expect(page.getByRole('heading', { name: 'Chat History' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expect(chat.messageBox).toBeInViewport();
  });

  test('every control is reachable with the keyboard', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.goto(agents.sendsOnEnter);
    const reached = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      reached.add(
        await page.evaluate(
          () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '',
        ),
      );
    }
    for (const name of ['Show Chat History', 'Attach a file', 'Message', 'Copy message'])
      expect(reached).toContain(name);
  });
});
