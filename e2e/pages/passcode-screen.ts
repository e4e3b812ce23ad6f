import type { Locator, Page } from '@playwright/test';
import { declared, pathOf, type AgentDefinition } from '../support/fixture-agents';

/** The access-code screen an agent whose file says `access.denied: "passcode"` shows without access. */
export class PasscodeScreen {
  /** The screen's texts, as the agent file words them. */
  readonly texts: NonNullable<AgentDefinition['access']['passcode']>;
  readonly path: string;

  readonly backHome: Locator;
  readonly title: Locator;
  readonly subtitle: Locator;
  readonly field: Locator;
  readonly button: Locator;
  readonly busyButton: Locator;
  /** The agent page's header once the screen has let the visitor in. */
  readonly agentHeader: Locator;

  constructor(
    private readonly page: Page,
    agent: AgentDefinition,
  ) {
    this.texts = declared(agent.access.passcode, 'access.passcode');
    this.path = pathOf(agent);
    this.backHome = page.getByRole('link', { name: 'Back to Home', exact: true });
    this.title = page.getByRole('heading', { level: 1, name: this.texts.title, exact: true });
    this.subtitle = page.getByText(this.texts.subtitle, { exact: true });
    this.field = page.getByPlaceholder(this.texts.placeholder, { exact: true });
    this.button = page.getByRole('button', { name: this.texts.button, exact: true });
    this.busyButton = page.getByRole('button', { name: this.texts.busyButton, exact: true });
    this.agentHeader = page.getByRole('heading', { level: 1, name: agent.display.header, exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto(this.path);
  }
}
