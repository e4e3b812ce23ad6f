import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AboutPage } from './pages/about-page';
import { CtznPage } from './pages/ctzn-page';
import { LandingPage } from './pages/landing-page';
import { expectNoSeriousA11yViolations } from './support/accessibility';

/** True once the browser has decoded the image (a broken image has no natural size). */
async function expectImageLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('about page', () => {
  test('shows the About heading and a loaded, described illustration', async ({ page }) => {
    const about = new AboutPage(page);
    await about.goto();

    await expect(about.heading).toBeVisible();
    await expectImageLoaded(about.image);
    await expect(about.image).toHaveAttribute('alt', /\S/);
    await expect(about.image).toHaveAttribute('width', '480');
    await expect(about.image).toHaveAttribute('height', '360');
    await expect(page).toHaveTitle('About · mb');
  });

  test('passes axe with no serious or critical violations', async ({ page }) => {
    const about = new AboutPage(page);
    await about.goto();
    await expectImageLoaded(about.image);

    await expectNoSeriousA11yViolations(page, 'about page');
  });
});

test.describe('ctzn page', () => {
  test('shows the logo as the page heading and the tagline', async ({ page }) => {
    const ctzn = new CtznPage(page);
    await ctzn.goto();

    await expect(ctzn.heading).toBeVisible();
    await expectImageLoaded(ctzn.logo);
    await expect(ctzn.tagline).toBeVisible();
    await expect(page).toHaveTitle('CTZN · mb');
  });

  test('passes axe with no serious or critical violations', async ({ page }) => {
    const ctzn = new CtznPage(page);
    await ctzn.goto();
    await expectImageLoaded(ctzn.logo);

    await expectNoSeriousA11yViolations(page, 'ctzn page');
  });

  for (const { label, href } of CtznPage.externalLinks) {
    test(`opens "${label}" in a new tab without handing over the opener`, async ({ page }) => {
      const ctzn = new CtznPage(page);
      await ctzn.goto();

      const link = ctzn.externalLink(label);
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAccessibleDescription('Opens in a new tab');
    });
  }

  test('links the contact address to the mail program', async ({ page }) => {
    const ctzn = new CtznPage(page);
    await ctzn.goto();

    await expect(ctzn.contactLink).toBeVisible();
    await expect(ctzn.contactLink).toHaveAttribute('href', `mailto:${CtznPage.contactEmail}`);
  });
});

test.describe('mascot', () => {
  for (const path of [LandingPage.path, AboutPage.path]) {
    test(`on ${path} is a 100 x 100 picture link named "Email us" that opens the mail program`, async ({ page }) => {
      await page.goto(path);

      const mascot = page.getByRole('link', { name: 'Email us', exact: true });
      await expect(mascot).toHaveAttribute('href', `mailto:${CtznPage.contactEmail}`);
      const picture = mascot.getByRole('img');
      await expectImageLoaded(picture);
      expect(await picture.boundingBox()).toMatchObject({ width: 100, height: 100 });
    });
  }
});

test.describe('public pages on a 360 px wide screen', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of [LandingPage.path, AboutPage.path, CtznPage.path]) {
    test(`${path} has no sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete))).toBe(true);

      expect(await horizontalOverflow(page)).toBe(0);
    });
  }
});
