import { AppError } from '../common/app-error';
import { parseUsageRange, rangeInstants } from './usage-range';

const now = new Date('2025-03-17T23:30:00.000Z');

function refusal(from: unknown, to: unknown): string[] {
  try {
    parseUsageRange(from, to, now);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_FAILED');
    return (error as AppError).details ?? [];
  }
  throw new Error('the range was accepted');
}

describe(parseUsageRange.name, () => {
  it('defaults to this month so far, in UTC', () => {
    expect(parseUsageRange(undefined, undefined, now)).toEqual({ from: '2025-03-01', to: '2025-03-17' });
    expect(parseUsageRange('', '', now)).toEqual({ from: '2025-03-01', to: '2025-03-17' });
  });

  it("starts at the first day of to's month when only to is given", () => {
    expect(parseUsageRange(undefined, '2024-02-29', now)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('ends today when only from is given', () => {
    expect(parseUsageRange('2025-01-05', undefined, now)).toEqual({ from: '2025-01-05', to: '2025-03-17' });
  });

  it('takes one day and a full leap year (366 days)', () => {
    expect(parseUsageRange('2025-03-10', '2025-03-10', now)).toEqual({ from: '2025-03-10', to: '2025-03-10' });
    expect(parseUsageRange('2024-01-01', '2024-12-31', now)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it.each([
    ['2025-3-01', 'from must be a date as YYYY-MM-DD, from 1970 on'],
    ['2025-03-01T00:00:00Z', 'from must be a date as YYYY-MM-DD, from 1970 on'],
    ['0000-01-01', 'from must be a date as YYYY-MM-DD, from 1970 on'],
    [['2025-03-01', '2025-03-02'], 'from must be a date as YYYY-MM-DD, from 1970 on'],
    ['2025-02-30', 'from is not a real date'],
    ['2025-13-01', 'from is not a real date'],
  ])('refuses from=%p', (from, problem) => {
    expect(refusal(from, '2025-03-17')).toEqual([problem]);
  });

  it('refuses from after to, and ranges over 366 days', () => {
    expect(refusal('2025-03-02', '2025-03-01')).toEqual(['from must not be after to']);
    expect(refusal('2025-01-01', '2026-01-02')).toEqual(['the range must span at most 366 days']);
    expect(refusal(undefined, 'yesterday')).toEqual(['to must be a date as YYYY-MM-DD, from 1970 on']);
  });
});

describe(rangeInstants.name, () => {
  it('runs from the start of the first day to the start of the day after the last', () => {
    expect(rangeInstants({ from: '2025-02-28', to: '2025-02-28' })).toEqual({
      start: new Date('2025-02-28T00:00:00.000Z'),
      end: new Date('2025-03-01T00:00:00.000Z'),
    });
  });
});
