import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '@mb/contracts/types/wire/error-code';
import { ApiError, NetworkError } from '../../lib/api-client';
import { failureWordings, SERVER_UNREACHABLE } from '../../lib/failure-wording';
import { describeKeyFailure, keyFailureFallback } from './key-failure';

const apiError = (status: number, code?: ErrorCode) =>
  new ApiError(status, '', 'Error', code ? { statusCode: status, code, message: 'upstream words' } : null, null);

describe(describeKeyFailure.name, () => {
  it.each([
    ['UNAUTHORIZED', 502, 'Your OpenAI API key appears to be invalid. Please check and try again.'],
    ['RATE_LIMIT', 429, 'OpenAI rate limit exceeded. Please wait a moment and try again.'],
    ['TIMEOUT', 504, 'OpenAI did not answer in time. Please try again.'],
    ['NETWORK_ERROR', 502, 'Unable to connect to OpenAI. Please check your internet connection and try again.'],
  ] as const)('words the %s code as the chat does', (code, status, text) => {
    const sut = describeKeyFailure(apiError(status, code));

    expect(sut).toBe(text);
    expect(sut).toBe(failureWordings[code]?.text);
  });

  it('says our server could not be reached, not OpenAI, when the request got no answer', () => {
    const sut = describeKeyFailure(new NetworkError(new TypeError('Failed to fetch')));

    expect(sut).toBe(failureWordings[SERVER_UNREACHABLE]?.text);
    expect(sut).toMatch(/server did not answer/i);
    expect(sut).not.toMatch(/OpenAI/);
  });

  it.each([
    ['a code the server words itself', apiError(502, 'UPSTREAM_ERROR')],
    ['no code', apiError(500)],
    ['a code named like an object property', { code: 'constructor' }],
    ['something that is not an error', 'boom'],
  ])('falls back to a generic text for %s', (_case, error) => {
    expect(describeKeyFailure(error)).toBe(keyFailureFallback);
  });

  it('never repeats the words of the failure', () => {
    const key = 'sk-secret-0000000000000000000000000';
    const body = { statusCode: 502, code: 'UNAUTHORIZED', message: key } as const;
    const error = new ApiError(502, `bad key ${key}`, 'Bad Gateway', body, null);

    expect(describeKeyFailure(error)).not.toContain(key);
  });
});
