import { countTokens } from 'gpt-tokenizer';
import { TokenCountCache } from './token-count';

const text = (word: string, times: number) => `${word} `.repeat(times).trim();

describe(TokenCountCache.name, () => {
  it('answers what the tokenizer counts, the first time and again', () => {
    const sut = new TokenCountCache(10_000);
    const long = text('Teak sideboards of 1962, oiled.', 20);
    expect(sut.count(long)).toBe(countTokens(long));
    expect(sut.count(long)).toBe(countTokens(long));
    expect(sut.count('short')).toBe(countTokens('short'));
  });

  it('keeps short texts and texts larger than itself out', () => {
    const sut = new TokenCountCache(1_000, 64);
    sut.count('a short message');
    sut.count(text('enormous', 500));
    expect(sut.chars).toBe(0);
  });

  it('holds at most its characters, letting the least recently used text go first', () => {
    const sut = new TokenCountCache(700, 10);
    const [a, b, c] = [text('alpha', 50), text('bravo', 50), text('charlie', 40)];
    sut.count(a);
    sut.count(b);
    sut.count(a);
    expect(sut.chars).toBe(a.length + b.length);
    sut.count(c);
    // b was used least recently: it goes, a stays.
    expect(sut.chars).toBe(a.length + c.length);
    expect(sut.chars).toBeLessThanOrEqual(700);
  });
});
