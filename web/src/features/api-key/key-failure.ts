import { failureCode, wordingOf } from '../../lib/failure-wording';

/** Failure toast title (spec). */
export const keyFailureTitle = 'Invalid API Key';

export const keyFailureFallback = 'The key could not be verified. Please try again.';

/** The toast description for a failed key check; it never repeats the key or the upstream's words. */
export function describeKeyFailure(error: unknown): string {
  return wordingOf(failureCode(error))?.text ?? keyFailureFallback;
}
