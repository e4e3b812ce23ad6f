import { expect, type Locator, type Page } from '@playwright/test';

/** The OpenAI key form an agent page shows when neither the server nor the user has a key. */
export class KeyForm {
  static readonly title = 'Enter your OpenAI API Key';
  static readonly verifyKeyPath = '/api/openai/verify-key';
  static readonly settingsPath = '/api/settings';
  static readonly storageName = 'openai-api-key';
  static readonly texts = {
    serverActive: 'Server connection active',
    connectionError: 'Connection Error',
    serverUnreachable: 'Could not connect to the server. Please try again later.',
    empty: 'Please enter your OpenAI API key',
    prefix: "OpenAI API keys should start with 'sk-'",
    tooShort: 'API key appears to be too short',
    invalidTitle: 'Invalid API Key',
    successTitle: 'Success',
    successText: 'Your OpenAI API key has been validated successfully',
  } as const;

  readonly card: Locator;
  readonly status: Locator;
  readonly alert: Locator;
  readonly keyField: Locator;
  readonly connectButton: Locator;
  readonly busyButton: Locator;
  readonly retryButton: Locator;
  readonly getKeyLink: Locator;

  constructor(private readonly page: Page) {
    this.card = page.getByRole('region', { name: KeyForm.title });
    this.status = this.card.getByRole('status');
    this.alert = this.card.getByRole('alert');
    this.keyField = this.card.getByLabel('OpenAI API key', { exact: true });
    this.connectButton = this.card.getByRole('button', { name: 'Connect to OpenAI' });
    this.busyButton = this.card.getByRole('button', { name: 'Connecting...' });
    this.retryButton = this.card.getByRole('button', { name: 'Retry Connection' });
    this.getKeyLink = this.card.getByRole('link', { name: /get an api key/i });
  }

  /** The toast with this title, inside the toast viewport (not the screen-reader announcement copy). */
  toast(title: string): Locator {
    return this.page
      .getByRole('region', { name: /notifications/i })
      .locator('li')
      .filter({ has: this.page.getByText(title, { exact: true }) });
  }

  async submit(key: string): Promise<void> {
    await this.keyField.fill(key);
    await this.connectButton.click();
  }

  /** The message under the field, tied to it for assistive technology. */
  async expectFieldError(message: string): Promise<void> {
    await expect(this.keyField).toHaveAttribute('aria-invalid', 'true');
    await expect(this.keyField).toHaveAccessibleDescription(message);
    await expect(this.card.getByText(message, { exact: true })).toBeVisible();
  }

  async storedKeys(): Promise<{ session: string | null; local: string }> {
    return this.page.evaluate(
      (name) => ({ session: sessionStorage.getItem(name), local: JSON.stringify({ ...localStorage }) }),
      KeyForm.storageName,
    );
  }
}
