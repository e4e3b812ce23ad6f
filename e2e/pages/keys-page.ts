import type { Locator, Page } from '@playwright/test';

/** The API keys screen (/mb/keys): the new-key form, the key shown once, the list with Revoke. */
export class KeysPage {
  static readonly path = '/mb/keys';
  static readonly heading = 'API keys';
  static readonly shownOnce = 'Copy it now: it will not be shown again.';

  readonly heading: Locator;
  readonly name: Locator;
  readonly agents: Locator;
  readonly expiry: Locator;
  readonly confirmTools: Locator;
  readonly create: Locator;
  readonly secret: Locator;
  readonly copy: Locator;
  readonly done: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: KeysPage.heading, exact: true });
    this.name = page.getByLabel('Name', { exact: true });
    this.agents = page.getByRole('group', { name: 'Agents' });
    this.expiry = page.getByLabel('Expires after (days)', { exact: true });
    this.confirmTools = page.getByRole('checkbox', { name: 'Let confirm tools run' });
    this.create = page.getByRole('button', { name: 'Create key', exact: true });
    this.secret = page.getByLabel('API key', { exact: true });
    this.copy = page.getByRole('button', { name: /^(Copy|Copied)$/ });
    this.done = page.getByRole('button', { name: 'Done', exact: true });
    this.dialog = page.getByRole('dialog');
  }

  /** A listed key, by its name. */
  key(name: string): Locator {
    return this.page
      .getByRole('article')
      .filter({ has: this.page.getByRole('heading', { level: 3, name, exact: true }) });
  }

  /** The value of one of a listed key's facts ('Last used', 'Tokens used'). */
  fact(name: string, label: string): Locator {
    return this.key(name).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  revoke(name: string): Locator {
    return this.key(name).getByRole('button', { name: `Revoke ${name}`, exact: true });
  }

  agent(name: string): Locator {
    return this.agents.getByRole('checkbox', { name: new RegExp(`^${name} \\(`) });
  }
}
