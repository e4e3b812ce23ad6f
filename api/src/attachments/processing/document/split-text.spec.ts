import { MAX_PART_CHARS } from './document-types';
import { groupSpans, splitText } from './split-text';

const LINES = { one: 'line', many: 'lines' };
const lines = (texts: string[]) => texts.map((text, i) => ({ text, first: i + 1, last: i + 1 }));

describe(splitText.name, () => {
  it('keeps a text within the limit whole', () => {
    expect(splitText('  one short text  ', 100)).toEqual(['one short text']);
  });

  it('cuts at the most natural break in the second half of each piece', () => {
    const text = `${'a'.repeat(40)}. ${'b'.repeat(30)}\n\n${'c'.repeat(50)}`;

    expect(splitText(text, 80)).toEqual([`${'a'.repeat(40)}. ${'b'.repeat(30)}`, 'c'.repeat(50)]);
  });

  it('cuts a text with no break hard at the limit, never inside a surrogate pair', () => {
    const pieces = splitText('😀'.repeat(30), 11);

    expect(pieces.every((piece) => piece.length <= 11 && !/^[\uDC00-\uDFFF]/.test(piece))).toBe(true);
    expect(pieces.join('')).toBe('😀'.repeat(30));
  });
});

describe(groupSpans.name, () => {
  it('gathers lines into parts named by the lines they hold, blank lines at the edges left out', () => {
    const sut = groupSpans(lines(['', 'first', 'second', '', 'third', '']), LINES);

    expect(sut).toEqual([{ label: 'lines 2-5', text: 'first\nsecond\n\nthird' }]);
  });

  it('starts a new part when the next line would not fit, and puts the prefix in front of each', () => {
    const row = 'x'.repeat(MAX_PART_CHARS / 4);
    const sut = groupSpans(lines([row, row, row, row, row]), LINES, { prefix: 'header\n' });

    expect(sut.map((part) => part.label)).toEqual(['lines 1-3', 'lines 4-5']);
    expect(sut.every((part) => part.text.startsWith('header\nxxx') && part.text.length <= MAX_PART_CHARS)).toBe(true);
  });

  it('labels through `place`', () => {
    const sut = groupSpans(lines(['only']), LINES, { place: (where) => `section “A”, ${where}` });

    expect(sut).toEqual([{ label: 'section “A”, line 1', text: 'only' }]);
  });
});
