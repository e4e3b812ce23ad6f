import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChatPage } from './pages/chat-page';
import { HubPage } from './pages/hub-page';
import { NotFoundPage } from './pages/not-found-page';
import { expect, test } from './fixtures';
import { keyedAgentsDir } from './support/e2e-env';
import { agents, fixtureAgents } from './support/fixture-agents';

const id = 'garden-planner';
const file = () => join(keyedAgentsDir(), `${id}.json`);

/** A new agent made from an existing file: only its identity and texts change. */
function gardenPlanner() {
  const base = JSON.parse(readFileSync(join(keyedAgentsDir(), `${agents.sendsOnEnter.id}.json`), 'utf8'));
  return {
    ...base,
    id,
    routes: [`/${id}`],
    display: {
      ...base.display,
      title: 'Garden Planner Agent',
      header: 'garden planner',
      name: 'Garden Planner',
      description: 'Raised beds, planting calendars and watering plans.',
      // After every other card.
      hub: { order: Math.max(...fixtureAgents.map((agent) => agent.display.hub?.order ?? 0)) + 1 },
    },
    conversation: { ...base.conversation, greeting: 'Hello! What are we growing this season?' },
  };
}

test.describe('a new agent file', () => {
  test.afterEach(() => rmSync(file(), { force: true }));

  test('becomes a working page and a hub card without a rebuild, and goes away with its file', async ({
    page,
    request,
    grantAccess,
  }) => {
    await grantAccess();
    writeFileSync(file(), JSON.stringify(gardenPlanner(), null, 2));
    await expect
      .poll(
        async () => ((await (await request.get('/api/agents')).json()) as { id: string }[]).map((agent) => agent.id),
        { timeout: 15_000 },
      )
      .toContain(id);

    const hub = new HubPage(page);
    await hub.goto();
    await expect(hub.cardTitles.last()).toHaveText('Garden Planner');
    await page
      .getByRole('article')
      .filter({ hasText: 'Garden Planner' })
      .getByRole('link', { name: 'Access Agent' })
      .click();

    const chat = new ChatPage(page);
    await expect(page).toHaveURL(`/${id}`);
    await expect(chat.header).toHaveText('garden planner');
    await expect(chat.title).toHaveText('Garden Planner Agent');
    await expect(chat.assistantMessages().first()).toContainText('Hello! What are we growing this season?');
    await chat.send('When do I plant tomatoes?');
    await expect(chat.assistantMessages().last()).toContainText('Echo: When do I plant tomatoes?');

    rmSync(file());
    await expect
      .poll(
        async () => ((await (await request.get('/api/agents')).json()) as { id: string }[]).map((agent) => agent.id),
        { timeout: 15_000 },
      )
      .not.toContain(id);
    await page.goto(`/${id}`);
    await expect(new NotFoundPage(page).heading).toBeVisible();
  });
});
