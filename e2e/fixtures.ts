import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { ACCESS_CODE, KEYED_BASE_URL, KEYLESS_BASE_URL } from './support/e2e-env';
import { UpstreamControl } from './support/upstream-control';

/** A URL pattern (substring of the full URL, or a RegExp) and optionally the statuses allowed for it (default: any >= 400). */
export type AllowHttpErrors = (url: string | RegExp, statuses?: number | number[]) => void;

/** Grants the access cookie to the test's browser context for the app at baseURL (default: the keyed app). */
export type GrantAccess = (baseURL?: string) => Promise<void>;

type Fixtures = {
  /** Console errors, uncaught exceptions and failed responses seen by the page during the test. */
  pageProblems: string[];
  /**
   * Declares error responses the test provokes on purpose, so pageProblems lets them (and Chromium's
   * console error about them) pass. Call it before the responses happen.
   */
  allowHttpErrors: AllowHttpErrors;
  /** Control client of the fake OpenAI and Serper; both are reset before every test. */
  upstream: UpstreamControl;
  grantAccess: GrantAccess;
  /** Base URL of the app whose server has no OpenAI key: `page.goto(`${keylessBaseURL}${path}`)`. */
  keylessBaseURL: string;
};

type AllowedError = { url: string | RegExp; statuses?: number[] };

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})/;

/** POST /api/auth/grant-access through a request context; its Set-Cookie lands in that context's cookies. */
export async function grantAccessVia(request: APIRequestContext, baseURL: string = KEYED_BASE_URL): Promise<void> {
  const response = await request.post(`${baseURL}/api/auth/grant-access`, { data: { passcode: ACCESS_CODE } });
  expect(response.status(), `grant-access on ${baseURL}`).toBe(200);
}

/**
 * Every browser test fails if the page logs an error, throws, or gets an error response, so a
 * broken asset or a stray exception cannot hide behind an otherwise passing assertion. A test that
 * provokes an error response on purpose declares it first with allowHttpErrors.
 */
export const test = base.extend<Fixtures & { allowedHttpErrors: AllowedError[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  allowedHttpErrors: async ({}, use) => {
    await use([]);
  },
  allowHttpErrors: async ({ allowedHttpErrors }, use) => {
    await use((url, statuses) => {
      allowedHttpErrors.push({ url, statuses: statuses === undefined ? undefined : ([] as number[]).concat(statuses) });
    });
  },
  pageProblems: [
    async ({ page, allowedHttpErrors }, use) => {
      const allowed = (url: string, status: number) =>
        allowedHttpErrors.some(
          (entry) =>
            (typeof entry.url === 'string' ? url.includes(entry.url) : entry.url.test(url)) &&
            (entry.statuses === undefined || entry.statuses.includes(status)),
        );
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // Chromium also logs every error response as a console error; an allowed response's is allowed too.
        const status = FAILED_RESOURCE.exec(message.text())?.[1];
        if (status && allowed(message.location().url, Number(status))) return;
        problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400 && !allowed(response.url(), response.status())) {
          problems.push(`HTTP ${response.status()}: ${response.url()}`);
        }
      });
      await use(problems);
      expect(problems, 'problems reported by the page').toEqual([]);
    },
    { auto: true },
  ],
  upstream: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
    async ({}, use) => {
      const control = new UpstreamControl();
      await control.reset();
      await use(control);
    },
    { auto: true },
  ],
  grantAccess: async ({ context }, use) => {
    await use((baseURL = KEYED_BASE_URL) => grantAccessVia(context.request, baseURL));
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  keylessBaseURL: async ({}, use) => {
    await use(KEYLESS_BASE_URL);
  },
});

export { expect };
