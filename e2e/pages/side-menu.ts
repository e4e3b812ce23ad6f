import { expect, type Locator, type Page } from '@playwright/test';
import { fixtureAgents, pathOf, type AgentDefinition } from '../support/fixture-agents';

export type MenuLink = { label: string; href: string };

/** The links agent files ask for (`display.menu`), in their menu order. */
export function agentMenuLinks(agents: readonly AgentDefinition[] = fixtureAgents): MenuLink[] {
  return agents
    .flatMap((agent) => (agent.display.menu ? [{ ...agent.display.menu, href: pathOf(agent) }] : []))
    .sort((a, b) => a.order - b.order)
    .map(({ label, href }) => ({ label, href }));
}

/** The slide-in side menu that every page renders above its content. */
export class SideMenu {
  /** The site's own pages, after the agents' links. */
  static readonly siteLinks: readonly MenuLink[] = [
    { label: 'MB', href: '/mb' },
    { label: 'About', href: '/about' },
    { label: 'CTZN', href: '/ctzn' },
  ];
  /** Everything the landing page's menu lists: the agents' links, then the site's pages. */
  static readonly landingLinks: readonly MenuLink[] = [...agentMenuLinks(), ...SideMenu.siteLinks];
  static readonly homeLink: MenuLink = { label: 'Back Home', href: '/' };

  /** The links expected on a page other than the landing page: Back Home, then the rest minus the page itself. */
  static linksAway(currentPath: string): MenuLink[] {
    return [SideMenu.homeLink, ...SideMenu.landingLinks.filter((link) => link.href !== currentPath)];
  }

  readonly openButton: Locator;
  readonly closeButton: Locator;
  /** Either of the two above: the one round button. */
  readonly button: Locator;
  readonly dialog: Locator;
  /** The sliding panel: the labelled site navigation. */
  readonly panel: Locator;
  readonly overlay: Locator;

  constructor(private readonly page: Page) {
    this.openButton = page.getByRole('button', { name: 'Open menu', exact: true });
    this.closeButton = page.getByRole('button', { name: 'Close menu', exact: true });
    this.button = this.openButton.or(this.closeButton);
    this.dialog = page.getByRole('dialog', { name: 'Menu', exact: true });
    this.panel = page.locator('nav[aria-label="Site"]');
    this.overlay = page.getByTestId('menu-overlay');
  }

  /** The 'Dark mode' switch below the links (reachable once the menu is open). */
  get darkMode(): Locator {
    return this.panel.getByRole('button', { name: 'Dark mode', exact: true });
  }

  /** Opens the menu, sets dark mode on or off with its switch and closes the menu again. */
  async setDarkMode(on: boolean): Promise<void> {
    await this.open();
    if ((await this.darkMode.getAttribute('aria-pressed')) !== String(on)) await this.darkMode.click();
    await expect(this.darkMode).toHaveAttribute('aria-pressed', String(on));
    await this.page.keyboard.press('Escape');
    await this.expectClosed();
  }

  link(label: string): Locator {
    return this.dialog.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: label, exact: true });
  }

  /**
   * Waits until the agents' links, which the menu fetches after the page has loaded, are in the
   * panel: only then are the list and the focus order final.
   */
  async waitForAgentLinks(): Promise<void> {
    const current = new URL(this.page.url()).pathname;
    for (const { href } of agentMenuLinks()) {
      if (href !== current) await expect(this.panel.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  }

  /** Opens the menu with its button and waits until the panel has slid fully in. */
  async open(): Promise<void> {
    await this.waitForAgentLinks();
    await this.openButton.click();
    await this.expectOpen();
  }

  async expectOpen(): Promise<void> {
    await expect(this.closeButton).toHaveAttribute('aria-expanded', 'true');
    await expect(this.dialog).toBeAttached();
    await expect(this.panel).not.toHaveAttribute('inert');
    await expect(this.panel).toHaveCSS('transform', 'none');
    await expect(this.overlay).toHaveCSS('opacity', '0.3');
  }

  async expectClosed(): Promise<void> {
    await expect(this.openButton).toHaveAttribute('aria-expanded', 'false');
    await expect(this.dialog).toHaveCount(0);
    await expect(this.panel).toHaveAttribute('inert', '');
    await expect(this.overlay).toHaveCSS('opacity', '0');
    await expect(this.panel).not.toBeInViewport();
  }

  /** Label and href of every link in the panel, in order (the panel may be closed). */
  async links(): Promise<MenuLink[]> {
    return this.panel
      .locator('a')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => ({ label: anchor.textContent ?? '', href: anchor.getAttribute('href') ?? '' })),
      );
  }
}
