import { expect, type Locator, type Page } from '@playwright/test';

export class LandingPage {
  static readonly path = '/';
  static readonly companyName = 'mb';
  static readonly tagline = 'Currently building our relationship...';

  readonly main: Locator;
  readonly heading: Locator;
  readonly aboutLink: Locator;
  readonly footer: Locator;
  /** The animated, screen-reader-hidden copy of the tagline: one span per character. */
  readonly taglineGlyphs: Locator;

  constructor(private readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: LandingPage.companyName });
    this.aboutLink = page.getByRole('link', { name: 'about us' });
    this.footer = page.getByRole('contentinfo');
    this.taglineGlyphs = page.getByRole('paragraph').locator('[aria-hidden="true"]', { hasText: LandingPage.tagline });
  }

  async goto(): Promise<void> {
    await this.page.goto(LandingPage.path);
  }

  /** Waits until every character of the tagline has faded in and settled in place. */
  async expectTaglineRevealed(): Promise<void> {
    await expect(this.taglineGlyphs).toBeVisible();
    const lastGlyph = this.taglineGlyphs.locator('span').last();
    await expect(lastGlyph).toHaveText('.');
    await expect(lastGlyph).toHaveCSS('opacity', '1');
    // At rest: no transform, or the identity matrix the finished CSS animation leaves behind.
    await expect(lastGlyph).toHaveCSS('transform', /^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  }
}
