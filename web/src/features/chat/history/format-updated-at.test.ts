import { describe, expect, it } from 'vitest';
import { formatUpdatedAt } from './format-updated-at';

/** ICU puts a narrow no-break space before AM/PM; compare on plain spaces. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe(formatUpdatedAt.name, () => {
  it('shows short month, day, hour and minute without year or seconds', () => {
    const updatedAt = new Date(2024, 10, 21, 15, 5, 42).toISOString();

    expect(plain(formatUpdatedAt(updatedAt, 'en-US'))).toBe('Nov 21, 3:05 PM');
  });

  it("follows the locale's own order and clock", () => {
    const updatedAt = new Date(2024, 10, 21, 15, 5).toISOString();

    expect(plain(formatUpdatedAt(updatedAt, 'en-GB'))).toBe('21 Nov, 15:05');
  });

  it('uses the user locale when none is given', () => {
    const updatedAt = new Date(2024, 0, 2, 9, 30).toISOString();
    const expected = new Intl.DateTimeFormat(undefined, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });

    expect(formatUpdatedAt(updatedAt)).toBe(expected.format(new Date(updatedAt)));
  });

  it('returns a value that is not a date unchanged instead of throwing', () => {
    expect(formatUpdatedAt('not a date')).toBe('not a date');
  });
});
