import { ApiError } from '../../../../lib/api-client';
import { failureCode, wordingOf } from '../../../../lib/failure-wording';

const fallback = 'The file could not be uploaded. Please try again.';

/**
 * What a failed upload's chip says: the contracts' wording where the browser words the code (no answer at
 * all, no access), else the server's own sentence (FILE_TOO_LARGE, UNSUPPORTED_FILE, UNREADABLE_FILE, ...).
 */
export function uploadFailureText(error: unknown): string {
  const wording = wordingOf(failureCode(error));
  if (wording) return wording.text;
  if (error instanceof ApiError && error.body) return error.body.message;
  return fallback;
}
