import { cutAround, parseMarked, snippetOf } from './snippet';

const S = '\u0002';
const E = '\u0003';
const words = (s: { snippet: string; highlights: { start: number; end: number }[] }) =>
  s.highlights.map((h) => s.snippet.slice(h.start, h.end));

describe(parseMarked.name, () => {
  it('removes the marks and keeps where the marked words are', () => {
    const sut = parseMarked(`Die ${S}Gärten${E} brauchen ${S}Wasser${E}`);
    expect(sut.snippet).toBe('Die Gärten brauchen Wasser');
    expect(words(sut)).toEqual(['Gärten', 'Wasser']);
  });

  it('reads a word marked by both languages once', () => {
    const sut = parseMarked(`in the ${S}${S}garden${E}${E}.`);
    expect(sut).toEqual({ snippet: 'in the garden.', highlights: [{ start: 7, end: 13 }] });
  });
});

describe(cutAround.name, () => {
  it('keeps a short text whole, its white space folded', () => {
    const sut = snippetOf(`one\n\n  ${S}two${E}\tthree`);
    expect(sut.snippet).toBe('one two three');
    expect(words(sut)).toEqual(['two']);
  });

  it('cuts a long text around its first match at word boundaries, with ellipses', () => {
    const text = `${'lorem ipsum '.repeat(40)}the ${S}umbrella${E} stays ${'dolor sit '.repeat(40)}`;
    const sut = snippetOf(text);
    expect(sut.snippet.startsWith('…')).toBe(true);
    expect(sut.snippet.endsWith('…')).toBe(true);
    expect(sut.snippet.length).toBeLessThanOrEqual(205);
    expect(sut.snippet).toMatch(/^… ?[a-z]+ /);
    expect(words(sut)).toEqual(['umbrella']);
  });

  it('starts at the beginning when the match is near it', () => {
    const sut = snippetOf(`${S}Flight${E} to Berlin ${'and more words '.repeat(30)}`);
    expect(sut.snippet.startsWith('Flight')).toBe(true);
    expect(words(sut)).toEqual(['Flight']);
  });
});
