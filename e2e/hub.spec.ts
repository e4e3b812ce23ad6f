import { expect, test } from './fixtures';
import { HubPage, expectedHubCards } from './pages/hub-page';
import { Toasts } from './pages/toasts';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { ACCESS_CODE } from './support/e2e-env';
import { agents, fixtureAgents, pathOf } from './support/fixture-agents';

const grantPath = '/api/auth/grant-access';
const cards = expectedHubCards();

test.describe('hub (/mb)', () => {
  test('without access: asks for the access code', async ({ page }) => {
    const hub = new HubPage(page);
    await hub.goto();

    await expect(hub.heading).toBeVisible();
    await expect(hub.prompt).toBeVisible();
    await expect(hub.field).toHaveAttribute('type', 'password');
    await expect(hub.field).toHaveAttribute('placeholder', HubPage.placeholder);
    await expect(hub.submit).toBeDisabled();
    await expect(hub.cards).toHaveCount(0);
    await expect(hub.signOut).toHaveCount(0);
    await expect(page).toHaveTitle('MB · mb');
  });

  test('locked and open, passes axe with no serious or critical violations', async ({ page, grantAccess }) => {
    const hub = new HubPage(page);
    await hub.goto();
    await expect(hub.prompt).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'hub, locked');

    await grantAccess();
    await page.reload();
    await expect(hub.cards).toHaveCount(cards.length);
    await expectNoSeriousA11yViolations(page, 'hub, open');
  });

  test("a wrong code: 'Access Denied' toast and a cleared field", async ({ page, allowHttpErrors }) => {
    allowHttpErrors(grantPath, 401);
    const hub = new HubPage(page);
    await hub.goto();

    await hub.enterCode('not-the-code');

    await new Toasts(page).expectShown('Access Denied', 'Invalid passcode. Please try again.');
    await expect(hub.field).toHaveValue('');
    await expect(hub.cards).toHaveCount(0);
  });

  test("the right code in any letter case: 'Access Granted', then one card per agent with a hub entry, in hub order", async ({
    page,
  }) => {
    // The fixtures must be able to tell ordering by `display.hub.order` from listing the files by name,
    // and include an agent without a card.
    const byFileName = fixtureAgents.filter((agent) => agent.display.hub).map((agent) => agent.display.name);
    expect(cards.map((card) => card.name)).not.toEqual(byFileName);
    expect(agents.passcodeGate.display.hub).toBeUndefined();
    const hub = new HubPage(page);
    await hub.goto();

    await hub.field.fill(ACCESS_CODE.toUpperCase());
    await hub.field.press('Enter');

    await new Toasts(page).expectShown('Access Granted', HubPage.welcome);
    await expect(hub.prompt).toBeHidden();
    await expect(hub.cardTitles).toHaveText(cards.map((card) => card.name));
    await expect(hub.agentLinks).toHaveCount(cards.length);
    for (const [index, card] of cards.entries()) {
      await expect(hub.cards.nth(index).getByRole('link', { name: HubPage.openAgent })).toHaveAttribute(
        'href',
        card.route,
      );
      if (card.description) await expect(hub.cards.nth(index)).toContainText(card.description);
    }
    expect(await page.evaluate(() => sessionStorage.getItem('mbAccess'))).toBe('granted');

    // The HttpOnly cookie, not the page, holds access: a reload keeps it.
    await page.reload();
    await expect(hub.cardTitles).toHaveText(cards.map((card) => card.name));
    await expect(hub.field).toHaveCount(0);
  });

  test('an Access Agent link opens the agent page', async ({ page, grantAccess }) => {
    await grantAccess();
    const hub = new HubPage(page);
    await hub.goto();

    const agent = agents.searchesFirst;
    await hub.card(agent.display.name).getByRole('link', { name: HubPage.openAgent }).click();

    await expect(page).toHaveURL(pathOf(agent));
    await expect(page.getByRole('heading', { level: 1, name: agent.display.header })).toBeVisible();
  });

  test('the cards are reachable by keyboard with a visible focus ring', async ({ page, grantAccess }) => {
    await grantAccess();
    const hub = new HubPage(page);
    await hub.goto();
    await expect(hub.agentLinks).toHaveCount(cards.length);

    const firstLink = hub.agentLinks.first();
    for (
      let presses = 0;
      presses < 10 && !(await firstLink.evaluate((link) => link === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(firstLink).toBeFocused();
    await expect(firstLink).toHaveCSS('outline-style', 'solid');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(cards[0].route);
  });

  test('sign out closes the hub again', async ({ page, grantAccess }) => {
    await grantAccess();
    const hub = new HubPage(page);
    await hub.goto();
    await expect(hub.cards).toHaveCount(cards.length);

    await hub.signOut.click();

    await expect(hub.prompt).toBeVisible();
    await expect(hub.cards).toHaveCount(0);
    await page.reload();
    await expect(hub.prompt).toBeVisible();
  });

  test('fits a 360 px wide screen without sideways scrolling, cards in one column', async ({ page, grantAccess }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const hub = new HubPage(page);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    await hub.goto();
    await expect(hub.field).toBeVisible();
    expect(await overflow()).toBe(0);

    await grantAccess();
    await page.reload();
    await expect(hub.cards).toHaveCount(cards.length);
    expect(await overflow()).toBe(0);
    const boxes = await hub.cards.evaluateAll((elements) => elements.map((card) => card.getBoundingClientRect().left));
    expect(new Set(boxes).size).toBe(1);
  });

  test('shows three columns on a desktop screen', async ({ page, grantAccess }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await grantAccess();
    const hub = new HubPage(page);
    await hub.goto();
    // A fourth card is needed to see the row break.
    expect(cards.length).toBeGreaterThanOrEqual(4);
    await expect(hub.cards).toHaveCount(cards.length);

    const tops = await hub.cards.evaluateAll((elements) =>
      elements.map((card) => Math.round(card.getBoundingClientRect().top)),
    );
    expect(tops.slice(0, 3).every((top) => top === tops[0])).toBe(true);
    expect(tops[3]).toBeGreaterThan(tops[0]);
  });
});
