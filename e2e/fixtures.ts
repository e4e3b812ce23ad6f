import { test as base, expect } from '@playwright/test';

type Fixtures = {
  /** Console errors, uncaught exceptions and failed responses seen by the page during the test. */
  pageProblems: string[];
};

/**
 * Every browser test fails if the page logs an error, throws, or gets an error response, so a
 * broken asset or a stray exception cannot hide behind an otherwise passing assertion.
 */
export const test = base.extend<Fixtures>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });
      await use(problems);
      expect(problems, 'problems reported by the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
