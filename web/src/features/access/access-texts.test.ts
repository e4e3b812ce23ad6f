import { describe, expect, it } from 'vitest';
import { throttledDescription } from './access-texts';

describe(throttledDescription.name, () => {
  it('names the wait in seconds under a minute and in whole minutes above', () => {
    expect(throttledDescription(1)).toBe('Too many attempts. Please try again in 1 second.');
    expect(throttledDescription(45)).toBe('Too many attempts. Please try again in 45 seconds.');
    expect(throttledDescription(60)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(throttledDescription(61)).toBe('Too many attempts. Please try again in 2 minutes.');
  });

  it('still asks to wait when the server did not say how long', () => {
    expect(throttledDescription(null)).toBe('Too many attempts. Please wait a few minutes and try again.');
  });
});
