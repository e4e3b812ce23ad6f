import type { Locator, Page } from '@playwright/test';

export class AboutPage {
  static readonly path = '/about';
  static readonly title = 'About';

  readonly heading: Locator;
  readonly image: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: AboutPage.title, exact: true });
    this.image = main.locator('img[src="/about.svg"]');
  }

  async goto(): Promise<void> {
    await this.page.goto(AboutPage.path);
  }
}
