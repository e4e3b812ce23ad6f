import { errorCode, isNetworkFailure } from '../../lib/api-client';

/** Failure toast title (spec). */
export const keyFailureTitle = 'Invalid API Key';

/** Our name for a request that never got an answer from our own server. */
const serverUnreachable = 'SERVER_UNREACHABLE';

/** What went wrong checking a key, by error code; none of them repeats the key or the upstream's words. */
export const keyFailureTexts: Readonly<Record<string, string>> = {
  UNAUTHORIZED: 'OpenAI did not accept this key. Please check it and try again.',
  RATE_LIMIT: 'OpenAI rate limit reached. Please wait a moment and try again.',
  TIMEOUT: 'OpenAI took too long to answer. Please try again.',
  NETWORK_ERROR: 'Could not reach OpenAI. Please check your internet connection and try again.',
  [serverUnreachable]: 'Could not reach the server. Please check your internet connection and try again.',
};

export const keyFailureFallback = 'The key could not be verified. Please try again.';

/** The toast description for a failed key check. */
export function describeKeyFailure(error: unknown): string {
  const code = isNetworkFailure(error) ? serverUnreachable : errorCode(error);
  return code !== undefined && Object.hasOwn(keyFailureTexts, code) ? keyFailureTexts[code] : keyFailureFallback;
}
