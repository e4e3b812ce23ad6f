import type { Locator, Page } from '@playwright/test';

/** The health agent's own access-code screen, shown on /mbhealth without access. */
export class PasscodeScreen {
  static readonly path = '/mbhealth';
  static readonly title = 'MB Health';
  static readonly subtitle = 'Your deeply personalized health strategist';
  static readonly placeholder = 'Enter access code';
  static readonly button = 'Access MB Health';
  static readonly busyButton = 'Verifying...';
  static readonly welcome = 'Welcome to MB Health';
  /** The agent page's header once the screen has let the visitor in. */
  static readonly agentHeader = 'mb health';

  readonly backHome: Locator;
  readonly title: Locator;
  readonly subtitle: Locator;
  readonly field: Locator;
  readonly button: Locator;
  readonly busyButton: Locator;
  readonly agentHeader: Locator;

  constructor(private readonly page: Page) {
    this.backHome = page.getByRole('link', { name: 'Back to Home', exact: true });
    this.title = page.getByRole('heading', { level: 1, name: PasscodeScreen.title, exact: true });
    this.subtitle = page.getByText(PasscodeScreen.subtitle, { exact: true });
    this.field = page.getByPlaceholder(PasscodeScreen.placeholder, { exact: true });
    this.button = page.getByRole('button', { name: PasscodeScreen.button, exact: true });
    this.busyButton = page.getByRole('button', { name: PasscodeScreen.busyButton, exact: true });
    this.agentHeader = page.getByRole('heading', { level: 1, name: PasscodeScreen.agentHeader, exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto(PasscodeScreen.path);
  }
}
