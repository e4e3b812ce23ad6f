import { expect, test } from './fixtures';
import { AboutPage } from './pages/about-page';
import { CtznPage } from './pages/ctzn-page';
import { LandingPage } from './pages/landing-page';
import { SideMenu, agentMenuLinks } from './pages/side-menu';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { agents, fixtureAgents, pathOf } from './support/fixture-agents';

test.describe('side menu', () => {
  test('starts closed behind an "Open menu" button that controls the panel', async ({ page }) => {
    await page.goto(LandingPage.path);
    const menu = new SideMenu(page);

    await expect(menu.openButton).toBeVisible();
    const panelId = await menu.openButton.getAttribute('aria-controls');
    expect(panelId).toBeTruthy();
    await expect(menu.panel).toHaveAttribute('id', panelId as string);
    await menu.expectClosed();

    // The closed panel's links are skipped: Tab goes from the button straight to the page.
    await page.keyboard.press('Tab');
    await expect(menu.openButton).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(new LandingPage(page).aboutLink).toBeFocused();
  });

  test('opens and closes with the round button, which is relabelled "Close menu"', async ({ page }) => {
    await page.goto(LandingPage.path);
    const menu = new SideMenu(page);

    await menu.open();
    await expect(menu.openButton).toHaveCount(0);
    await expect(menu.dialog).toHaveAttribute('aria-modal', 'true');
    await expect(menu.link(SideMenu.landingLinks[0].label)).toBeFocused();

    await menu.closeButton.click();

    await menu.expectClosed();
    await expect(menu.openButton).toBeFocused();
  });

  test('open, passes axe with no serious or critical violations', async ({ page }) => {
    await page.goto(LandingPage.path);
    const menu = new SideMenu(page);
    await menu.open();

    await expectNoSeriousA11yViolations(page, 'side menu, open');
  });

  test('closes when the dimmed overlay is clicked', async ({ page }) => {
    await page.goto(LandingPage.path);
    const menu = new SideMenu(page);
    await menu.open();

    // Left of the 16rem panel, on the overlay.
    await menu.overlay.click({ position: { x: 40, y: 400 } });

    await menu.expectClosed();
  });

  test('closes on Escape and gives focus back to the button', async ({ page }) => {
    await page.goto(AboutPage.path);
    const menu = new SideMenu(page);
    await menu.open();

    await page.keyboard.press('Escape');

    await menu.expectClosed();
    await expect(menu.openButton).toBeFocused();
  });

  test('keeps Tab and Shift+Tab inside the open menu', async ({ page }) => {
    await page.goto(LandingPage.path);
    const menu = new SideMenu(page);
    await menu.open();
    const stops = SideMenu.landingLinks.length + 1;

    for (let press = 0; press < stops * 2; press += 1) {
      await page.keyboard.press(press < stops ? 'Tab' : 'Shift+Tab');
      expect(await menu.dialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    await expect(menu.closeButton).toBeFocused();
  });

  test("lists the agent files' menu links in their menu order, then MB, About and CTZN, on the landing page", async ({
    page,
  }) => {
    // The fixtures must be able to tell menu order from file order.
    const byFileName = fixtureAgents.filter((agent) => agent.display.menu).map(pathOf);
    expect(agentMenuLinks().map((link) => link.href)).not.toEqual(byFileName);
    await page.goto(LandingPage.path);
    const menu = new SideMenu(page);
    await menu.open();

    expect(await menu.links()).toEqual(SideMenu.landingLinks);
    expect(SideMenu.landingLinks[0]).toEqual({
      label: agents.passcodeGate.display.menu?.label,
      href: pathOf(agents.passcodeGate),
    });
    for (const { label } of SideMenu.landingLinks) {
      await expect(menu.link(label)).toBeVisible();
    }
  });

  // The passcode agent's page is open to anyone: without access it shows its passcode screen.
  for (const path of [AboutPage.path, CtznPage.path, pathOf(agents.passcodeGate)]) {
    test(`on ${path} starts with Back Home and leaves out the page itself`, async ({ page }) => {
      await page.goto(path);
      const menu = new SideMenu(page);
      await menu.open();

      expect(await menu.links()).toEqual(SideMenu.linksAway(path));
    });
  }

  test('navigates in place and closes when a link is chosen', async ({ page }) => {
    await page.goto(LandingPage.path);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const menu = new SideMenu(page);

    await menu.open();
    await menu.link('About').click();
    await expect(page).toHaveURL(AboutPage.path);
    await expect(new AboutPage(page).heading).toBeVisible();
    await menu.expectClosed();

    await menu.open();
    await menu.link('CTZN').click();
    await expect(page).toHaveURL(CtznPage.path);
    await menu.expectClosed();

    await menu.open();
    await menu.link(SideMenu.homeLink.label).click();
    await expect(page).toHaveURL(LandingPage.path);
    await menu.expectClosed();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test('slides a 16rem typewriter panel over 0.3 s ease-in-out above a 0.3 black overlay', async ({ page }) => {
    await page.goto(LandingPage.path);
    const menu = new SideMenu(page);

    for (const part of [menu.panel, menu.overlay]) {
      await expect(part).toHaveCSS('transition-duration', '0.3s');
      await expect(part).toHaveCSS('transition-timing-function', 'ease-in-out');
    }
    await expect(menu.panel).toHaveCSS('transition-property', 'transform');
    await expect(menu.overlay).toHaveCSS('transition-property', 'opacity');

    await menu.open();

    const viewport = page.viewportSize();
    const box = await menu.panel.boundingBox();
    expect(box?.width).toBe(256);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBe(viewport?.width);
    await expect(menu.panel).toHaveCSS('font-family', /^"Courier New", Courier, .*monospace$/);
    await expect(menu.overlay).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await expect(menu.overlay).toHaveCSS('opacity', '0.3');
    await expect(menu.button).toHaveCSS('border-radius', '50%');
    await expect(menu.button).toHaveCSS('position', 'fixed');
  });

  test.describe('on a 360 px wide screen', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('fits the panel on screen and still navigates', async ({ page }) => {
      await page.goto(AboutPage.path);
      const menu = new SideMenu(page);
      await menu.open();

      const box = await menu.panel.boundingBox();
      expect(box).toMatchObject({ x: 360 - 256, width: 256 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
      for (const { label } of SideMenu.linksAway(AboutPage.path)) {
        await expect(menu.link(label)).toBeInViewport({ ratio: 1 });
      }

      await menu.link('CTZN').click();
      await expect(page).toHaveURL(CtznPage.path);
      await menu.expectClosed();
    });
  });
});
