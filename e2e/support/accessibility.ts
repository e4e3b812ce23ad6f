import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/** The impacts that fail a test; minor and moderate findings are left to review. */
const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target.map((selector) => JSON.stringify(selector)).join(' > ');
    const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
    return `    - ${target}\n      ${node.html}\n      ${summary}`;
  });
  return [`  ${violation.id} (${violation.impact}): ${violation.help}`, `    ${violation.helpUrl}`, ...nodes].join(
    '\n',
  );
}

/** Waits for transitions and animations that end (not a spinner's endless one), so axe sees final colours. */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) =>
          animation.finished.then(
            () => undefined,
            () => undefined,
          ),
        ),
    ),
  );
}

/**
 * Runs axe-core over the whole page as it stands and fails on any serious or critical violation,
 * naming the screen, each rule, the nodes it found and the rule's help page.
 */
export async function expectNoSeriousA11yViolations(page: Page, screenName: string): Promise<void> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const failing = violations.filter((violation) => violation.impact && FAILING_IMPACTS.has(violation.impact));
  const report = [
    `${screenName}: ${failing.length} serious or critical accessibility violation(s)`,
    ...failing.map(describeViolation),
  ].join('\n');
  expect(
    failing.map((violation) => violation.id),
    report,
  ).toEqual([]);
}
