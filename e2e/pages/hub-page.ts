import type { Locator, Page } from '@playwright/test';
import { fixtureAgents, pathOf, type AgentDefinition } from '../support/fixture-agents';

export type HubCard = { name: string; description?: string; route: string };

/** The cards the hub should show: the agents whose file has `display.hub`, in `hub.order`. */
export function expectedHubCards(agents: readonly AgentDefinition[] = fixtureAgents): HubCard[] {
  return agents
    .flatMap((agent) => {
      const { display } = agent;
      return display.hub ? [{ ...display, order: display.hub.order, route: pathOf(agent) }] : [];
    })
    .sort((a, b) => a.order - b.order)
    .map(({ name, description, route }) => ({ name, description, route }));
}

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

  /** The card titled with this agent name. */
  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { level: 2, name, exact: true }) });
  }

  /** The card's line of this month's usage ("12.3k tokens this month · ≈ $0.42"). */
  usage(name: string): Locator {
    return this.card(name).getByText(/tokens this month/);
  }

  async enterCode(code: string): Promise<void> {
    await this.field.fill(code);
    await this.submit.click();
  }
}
