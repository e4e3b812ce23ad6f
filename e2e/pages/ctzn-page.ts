import type { Locator, Page } from '@playwright/test';

export class CtznPage {
  static readonly path = '/ctzn';
  static readonly tagline = 'Citizens first. Trust follows.';
  static readonly contactEmail = 'hello@mb.example';
  static readonly externalLinks = [
    { label: 'Try a live survey', href: 'https://ctzn.example/survey' },
    { label: 'Visit platform', href: 'https://ctzn.example' },
  ] as const;

  readonly main: Locator;
  readonly heading: Locator;
  readonly logo: Locator;
  readonly tagline: Locator;
  readonly contactLink: Locator;

  constructor(private readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'CTZN', exact: true });
    this.logo = this.heading.getByRole('img', { name: 'CTZN', exact: true });
    this.tagline = this.main.getByText(CtznPage.tagline, { exact: true });
    this.contactLink = this.main.getByRole('link', { name: CtznPage.contactEmail, exact: true });
  }

  externalLink(label: string): Locator {
    return this.main.getByRole('link', { name: label, exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto(CtznPage.path);
  }
}
