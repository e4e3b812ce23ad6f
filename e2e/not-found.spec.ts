import { expect, test } from './fixtures';
import { NotFoundPage } from './pages/not-found-page';
import { expectNoSeriousA11yViolations } from './support/accessibility';

test.describe('not-found page', () => {
  for (const path of ['/no-such-page', '/some/deeper/unknown/path']) {
    test(`shows the 404 card for ${path}`, async ({ page }) => {
      const notFound = new NotFoundPage(page);
      await notFound.goto(path);

      await expect(notFound.heading).toBeVisible();
      await expect(notFound.hint).toBeVisible();
      await expect(page).toHaveTitle(/404 Page Not Found/);
    });
  }

  test('passes axe with no serious or critical violations', async ({ page }) => {
    const notFound = new NotFoundPage(page);
    await notFound.goto('/no-such-page');
    await expect(notFound.heading).toBeVisible();

    await expectNoSeriousA11yViolations(page, 'not-found page');
  });
});
