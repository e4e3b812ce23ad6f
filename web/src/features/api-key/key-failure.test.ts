import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { describeKeyFailure, keyFailureFallback, keyFailureTexts } from './key-failure';

const apiError = (status: number, code?: string) =>
  new ApiError(status, '', 'Error', code ? { statusCode: status, code, message: 'upstream words' } : null, null);

describe(describeKeyFailure.name, () => {
  it.each([
    ['UNAUTHORIZED', 502],
    ['RATE_LIMIT', 429],
    ['TIMEOUT', 504],
    ['NETWORK_ERROR', 502],
  ])('has its own text for the %s code', (code, status) => {
    const sut = describeKeyFailure(apiError(status, code));

    expect(sut).toBe(keyFailureTexts[code]);
    expect(sut).not.toBe(keyFailureFallback);
  });

  it('says the server could not be reached when the request got no answer', () => {
    const sut = describeKeyFailure(new NetworkError(new TypeError('Failed to fetch')));

    expect(sut).toMatch(/could not reach the server/i);
  });

  it.each([
    ['an unknown code', apiError(502, 'UPSTREAM_ERROR')],
    ['no code', apiError(500)],
    ['a code named like an object property', apiError(500, 'constructor')],
    ['something that is not an error', 'boom'],
  ])('falls back to a generic text for %s', (_case, error) => {
    expect(describeKeyFailure(error)).toBe(keyFailureFallback);
  });

  it('never repeats the words of the failure', () => {
    const key = 'sk-secret-0000000000000000000000000';
    const error = new ApiError(502, `bad key ${key}`, 'Bad Gateway', { code: 'UNAUTHORIZED', message: key }, null);

    expect(describeKeyFailure(error)).not.toContain(key);
  });
});
