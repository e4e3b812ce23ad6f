import { ApiError } from '../../lib/api-client';
import { failureCode, wordingOf } from '../../lib/failure-wording';

/** A failure in one sentence after `lead`: the shared wording of its code, else the server's own message. */
export function keyFailureText(lead: string, error: unknown): string {
  const wording = wordingOf(failureCode(error));
  if (wording) return `${lead} ${wording.text}`;
  if (error instanceof ApiError && error.body) {
    const details = error.body.details?.length ? ` ${error.body.details.join(' ')}` : '';
    return `${lead} ${error.body.message}${details}`;
  }
  return `${lead} Please try again.`;
}
