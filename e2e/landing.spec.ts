import { expect, test } from './fixtures';
import { LandingPage } from './pages/landing-page';
import { expectNoSeriousA11yViolations } from './support/accessibility';

test.describe('landing page', () => {
  test('shows the company heading, the revealed tagline and the about-us link', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();

    await expect(landing.heading).toBeVisible();
    await landing.expectTaglineRevealed();
    await expect(landing.aboutLink).toBeVisible();
    await expect(landing.aboutLink).toHaveAttribute('href', '/about');
    await expect(landing.footer).toBeAttached();
    await expect(page).toHaveTitle(LandingPage.companyName);
  });

  test('loads without console errors, exceptions or failed requests', async ({ page, pageProblems }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.expectTaglineRevealed();
    await page.waitForLoadState('networkidle');

    expect(pageProblems).toEqual([]);
  });

  test('reads to assistive technology as heading, whole tagline and link', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();

    await expect(landing.main).toMatchAriaSnapshot(`
      - heading "${LandingPage.companyName}" [level=1]
      - paragraph: ${LandingPage.tagline}
      - link "about us"
    `);
  });

  test('passes axe with no serious or critical violations', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.expectTaglineRevealed();

    await expectNoSeriousA11yViolations(page, 'landing page');
  });

  test('shows the tagline at once, without animation, when reduced motion is preferred', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const landing = new LandingPage(page);
    await landing.goto();

    await expect(page.getByRole('paragraph')).toHaveText(LandingPage.tagline);
    await expect(landing.taglineGlyphs).toHaveCount(0);
  });

  test('fits a 360 px wide screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.expectTaglineRevealed();

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expect(landing.aboutLink).toBeInViewport();
  });

  test('follows the about-us link to /about without a full page load', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await landing.aboutLink.click();

    await expect(page).toHaveURL('/about');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });
});
