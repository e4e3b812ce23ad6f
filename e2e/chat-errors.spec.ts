import { ChatPage } from './pages/chat-page';
import { Toasts } from './pages/toasts';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents, declared } from './support/fixture-agents';

const streamed = { streamed: true } as const;
/** Enough failures for every strategy of an agent's fallback chain. */
const failing = (status: number, errorMessage?: string) =>
  Array.from({ length: 4 }, () => ({ status, errorMessage, match: streamed }));

const validConfig = JSON.stringify({
  role_description: 'You are a bonsai gardening coach.',
  domains: [{ title: 'Pruning', description: 'When and how to prune.' }],
  response_guidelines: [{ priority: 'high', content: 'Keep answers short.' }],
});

test.describe('chat errors, in the style each agent file sets', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test('notice style: a refused key is a red "API Key Invalid" notice with a Connect OpenAI button', async ({
    page,
    upstream,
  }) => {
    await upstream.scriptReply(failing(401, 'Incorrect API key provided'));
    const chat = new ChatPage(page);
    await chat.goto(agents.noticeErrors);
    await chat.send('Is my vapor barrier enough?');

    const notice = chat.notices.last();
    await expect(notice).toContainText(
      'API Key Invalid: Your OpenAI API key appears to be invalid. Please check and try again.',
    );
    await expect(notice).toContainText('Reconnect with a valid key');
    await expect(notice.getByRole('button', { name: 'Connect OpenAI' })).toBeVisible();
    await expect(notice).toHaveCSS('color', 'rgb(185, 28, 28)');
    await expect(notice).not.toContainText('Incorrect API key provided');
    // The question stays in the conversation: it was saved before the model was called.
    await expect(chat.userMessages().last()).toHaveText(/Is my vapor barrier enough\?/);
  });

  test('notice style: the notice passes axe with no serious or critical violations', async ({ page, upstream }) => {
    await upstream.scriptReply(failing(401));
    const chat = new ChatPage(page);
    await chat.goto(agents.noticeErrors);
    await chat.send('Is this readable?');
    await expect(chat.notices.last().getByRole('button', { name: 'Connect OpenAI' })).toBeVisible();

    await expectNoSeriousA11yViolations(page, 'chat with an error notice');
  });

  test('notice style: a rate limit is "Rate Limit Exceeded" (after the retries)', async ({ page, upstream }) => {
    await upstream.scriptReply(Array.from({ length: 3 }, () => ({ status: 429, retryAfter: '1', match: streamed })));
    const chat = new ChatPage(page);
    await chat.goto(agents.noticeErrors);
    await chat.send('Plan a weekend in Napa');
    await expect(chat.notices.last()).toContainText(
      'Rate Limit Exceeded: OpenAI rate limit exceeded. Please wait a moment and try again.',
      {
        timeout: 15_000,
      },
    );
  });

  test('notice style: other failures show their own message', async ({ page, upstream }) => {
    await upstream.scriptReply(failing(400, 'secret upstream detail'));
    const chat = new ChatPage(page);
    await chat.goto(agents.noticeErrors);
    await chat.send('What does the scan show?');
    const notice = chat.notices.last();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Please try again.');
    await expect(notice).not.toContainText('secret upstream detail');
  });

  test('toast style: an "Error" toast with the text of the agent file', async ({ page, upstream }) => {
    const agent = agents.toastErrors;
    await upstream.scriptReply(failing(400));
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.send('Teak or walnut?');
    await new Toasts(page).expectShown('Error', declared(agent.errors.text, 'errors.text'));
    await expect(chat.notices).toHaveCount(0);
  });

  test('apology style: the agent answers with the apology of its file', async ({ page, upstream }) => {
    const agent = agents.apologyErrors;
    await upstream.scriptReply(failing(400));
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.send('Is chicken OK for my dog?');
    await expect(chat.assistantMessages().last()).toContainText(declared(agent.errors.text, 'errors.text'));
    await expect(chat.notices).toHaveCount(0);
  });

  test('a reply cut off mid-way keeps its text, marked interrupted, then the notice', async ({ page, upstream }) => {
    await upstream.scriptReply({ text: 'first second third fourth fifth sixth', cutAfterTokens: 3, match: streamed });
    const chat = new ChatPage(page);
    await chat.goto(agents.noticeErrors);
    await chat.send('Explain encapsulation');
    const partial = chat.assistantMessages().last();
    await expect(partial).toContainText('This reply was interrupted before it was complete.');
    await expect(partial).toContainText('first');
    await expect(partial).not.toContainText('sixth');
    await expect(chat.notices.last()).toBeVisible();
  });
});

test.describe('live reconfiguration by pasted JSON', () => {
  test.beforeEach(async ({ grantAccess }) => {
    await grantAccess();
  });

  test('a valid configuration reconfigures the agent, with its toast and greeting, without calling the model', async ({
    page,
    upstream,
  }) => {
    const agent = agents.reconfigurable;
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.send(validConfig);

    await new Toasts(page).expectShown(
      'Configuration Updated',
      'The agent has been reconfigured with your JSON settings.',
    );
    await expect(chat.assistantMessages().last()).toContainText(
      declared(agent.conversation.reconfiguredGreeting, 'conversation.reconfiguredGreeting'),
    );
    expect(await upstream.completionRequests()).toHaveLength(0);

    // The next turn is answered with the new persona.
    await chat.send('When should I prune a juniper?');
    await expect(chat.assistantMessages().last()).toContainText('Echo: When should I prune a juniper?');
    const [request] = (await upstream.completionRequests()).filter((sent) => sent.body.stream === true);
    expect(request.body.messages[0].content).toContain('bonsai gardening coach');
  });

  test('an invalid configuration is refused with what is wrong, and the draft comes back', async ({
    page,
    allowHttpErrors,
  }) => {
    allowHttpErrors('/api/chat/turns', 400);
    const chat = new ChatPage(page);
    await chat.goto(agents.reconfigurable);
    const invalid = '{"role_description": "x", "domains": [{"title": "only a title"}], "response_guidelines": []}';
    await chat.send(invalid);

    const notice = chat.notices.last();
    await expect(notice).toContainText('/domains/0');
    await expect(notice).toContainText('description');
    await expect(chat.messageBox).toHaveValue(invalid);
    await expect(chat.userMessages()).toHaveCount(0);
  });

  test('a message longer than the model can read is refused with how long one may be, and the draft stays', async ({
    page,
    upstream,
    allowHttpErrors,
  }) => {
    allowHttpErrors('/api/chat/turns', 413);
    const agent = agents.readsShortMessages;
    expect(agent.model.contextWindow).toBe(2048);
    const chat = new ChatPage(page);
    await chat.goto(agent);
    const long = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    await chat.send(long);

    const notice = chat.notices.last();
    await expect(notice).toContainText(/too long for this assistant: it can read about [\d,]+ words/);
    await expect(notice).toContainText('Change your message, then send it again.');
    await expect(notice).not.toContainText('Please try again.');
    await expect(chat.messageBox).toHaveValue(long);
    await expect(chat.userMessages()).toHaveCount(0);
    expect(await upstream.completionRequests()).toHaveLength(0);

    await chat.send('A short one instead');
    await expect(chat.assistantMessages().last()).toContainText('Echo: A short one instead');
    await expectNoSeriousA11yViolations(page, 'chat, a message refused as too long');
  });

  test('a message the model itself refuses as too long is taken back: the draft returns, nothing is shown as sent', async ({
    page,
    upstream,
  }) => {
    const agent = agents.countsTokensItsOwnWay;
    const chat = new ChatPage(page);
    await chat.goto(agent);
    // Our count lets the message in; the model counts it as far longer than its window and refuses it.
    const long = 'The crawlspace keeps its moisture through the cold months. '.repeat(300);
    await upstream.scriptReply({
      match: { streamed: true, lastUserMessageContains: 'crawlspace keeps' },
      status: 400,
      errorMessage:
        "This model's maximum context length is 7500 tokens. However, you requested 100500 tokens (100000 in the messages, 500 in the completion).",
    });
    await chat.send(long);

    const notice = chat.notices.last();
    await expect(notice).toContainText(/too long for this assistant: it can read about [\d,]+ words/);
    await expect(chat.messageBox).toHaveValue(long);
    await expect(chat.userMessages()).toHaveCount(0);
    expect((await upstream.completionRequests()).filter((sent) => sent.body.stream === true)).toHaveLength(1);

    await chat.send('A short one instead');
    await expect(chat.assistantMessages().last()).toContainText('Echo: A short one instead');
    await expect(chat.userMessages()).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'chat, a message the model refused as too long');
  });

  test('in an agent that is not reconfigurable, pasted JSON is an ordinary message', async ({ page, upstream }) => {
    const agent = agents.notReconfigurable;
    expect(agent.conversation.reconfigurable).toBe(false);
    const chat = new ChatPage(page);
    await chat.goto(agent);
    await chat.send(validConfig);
    await expect(chat.assistantMessages().last()).toContainText('Echo: {');
    expect((await upstream.completionRequests()).filter((sent) => sent.body.stream === true)).toHaveLength(1);
  });
});
