import type { Locator, Page } from '@playwright/test';

/** The /mb hub: the access-code form without access, the agent cards with it. */
export class HubPage {
  static readonly path = '/mb';
  static readonly heading = 'mb';
  static readonly prompt = 'Please enter the access code to continue.';
  static readonly placeholder = 'Access Code';
  static readonly fieldLabel = 'Access code';
  static readonly submit = 'Submit';
  static readonly openAgent = 'Access Agent';
  static readonly welcome = 'Welcome to MB services.';
  /** The hub cards, in order, with the first route of each agent. */
  static readonly cards = [
    { name: 'Moisture Control', route: '/moisture-control' },
    { name: 'Interior Designer', route: '/interior-designer' },
    { name: 'The Doctor', route: '/doctor' },
    { name: 'Travely', route: '/travely' },
    { name: 'PoodleTime', route: '/poodletime' },
  ] as const;

  readonly heading: Locator;
  readonly prompt: Locator;
  readonly field: Locator;
  readonly submit: Locator;
  readonly cards: Locator;
  readonly cardTitles: Locator;
  readonly agentLinks: Locator;
  readonly signOut: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: HubPage.heading, exact: true });
    this.prompt = page.getByText(HubPage.prompt, { exact: true });
    this.field = page.getByLabel(HubPage.fieldLabel, { exact: true });
    this.submit = page.getByRole('button', { name: HubPage.submit, exact: true });
    this.cards = page.getByRole('main').getByRole('article');
    this.cardTitles = this.cards.getByRole('heading', { level: 2 });
    this.agentLinks = page.getByRole('link', { name: HubPage.openAgent, exact: true });
    this.signOut = page.getByRole('button', { name: 'Sign out', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto(HubPage.path);
  }

  async enterCode(code: string): Promise<void> {
    await this.field.fill(code);
    await this.submit.click();
  }
}
