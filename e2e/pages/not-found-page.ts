import type { Locator, Page } from '@playwright/test';

export class NotFoundPage {
  static readonly title = '404 Page Not Found';
  static readonly hint = 'Did you forget to add the page to the router?';

  readonly card: Locator;
  readonly heading: Locator;
  readonly hint: Locator;

  constructor(private readonly page: Page) {
    this.card = page.getByRole('region', { name: NotFoundPage.title });
    this.heading = this.card.getByRole('heading', { level: 1, name: NotFoundPage.title });
    this.hint = this.card.getByText(NotFoundPage.hint, { exact: true });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }
}
