import { expect, type Locator, type Page } from '@playwright/test';

/** The toast viewport (radix): at most one toast at a time. */
export class Toasts {
  readonly region: Locator;

  constructor(private readonly page: Page) {
    this.region = page.getByRole('region', { name: /Notification/ });
  }

  /** The toast with this title (and description, when given) is showing. */
  async expectShown(title: string, description?: string): Promise<void> {
    const toast = this.region.getByRole('listitem').filter({ hasText: title });
    await expect(toast).toBeVisible();
    if (description !== undefined) await expect(toast).toContainText(description);
  }
}
