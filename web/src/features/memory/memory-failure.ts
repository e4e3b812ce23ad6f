import { ApiError } from '../../lib/api-client';
import { failureCode, wordingOf } from '../../lib/failure-wording';
import { memoryTexts } from './memory-texts';

/** A file chosen for import that is not an export at all: its message is the sentence shown. */
export class MemoryFileProblem extends Error {}

/** What the server said, in its words: its message and the lines of detail; the shared wording for no answer. */
export function memoryFailureText(error: unknown): string {
  if (error instanceof MemoryFileProblem) return error.message;
  const wording = wordingOf(failureCode(error));
  if (wording) return wording.text;
  if (error instanceof ApiError && error.body) {
    return [error.body.message, ...(error.body.details ?? [])].join(' ');
  }
  return memoryTexts.failed;
}
