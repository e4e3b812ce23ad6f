import { AppError } from './app-error';
import { assertSafeJson, hasLoneSurrogate, MAX_JSON_DEPTH, wellFormed } from './safe-json';

const HIGH = '\ud83d';
const LOW = '\ude00';
const EMOJI = '\ud83d\ude00';

function refusal(value: unknown, where = 'body'): AppError {
  try {
    assertSafeJson(value, where);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('assertSafeJson accepted it');
}

describe('assertSafeJson', () => {
  it('accepts text with whole characters, emoji included', () => {
    expect(() =>
      assertSafeJson({ persona: { systemPrompt: `Be kind ${EMOJI} and brief`, tags: ['naïve', '漢字'] } }, 'body'),
    ).not.toThrow();
  });

  it.each([
    ['a high half alone', `Hello ${HIGH}`],
    ['a low half alone', `${LOW} there`],
    ['two halves in the wrong order', `${LOW}${HIGH}`],
    ['a high half at the end of a pair', `${EMOJI}${HIGH}`],
  ])('refuses %s with a 400 naming where it is and what to do', (_, text) => {
    const error = refusal({ messages: [{ content: 'fine' }, { content: text }] });
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([expect.stringMatching(/^body\.messages\[1\]\.content holds half of a character/)]);
    expect(error.message).toContain('copy the text again');
  });

  it('says at which character the half sits, counting an emoji as one', () => {
    const error = refusal({ prompt: `${EMOJI}ab${HIGH}` });
    expect(error.details![0]).toContain('(\\ud83d, character 4)');
  });

  it('names a property that is no identifier in brackets, and a broken key by its name', () => {
    expect(refusal({ 'first name': { x: HIGH } }).details![0]).toMatch(/^body\["first name"\]\.x holds/);
    expect(refusal({ [`a${HIGH}`]: 1 }).details![0]).toMatch(/^body\["a\\ud83d"\]: its name holds half/);
  });

  it('screens a query the same way', () => {
    expect(refusal({ q: `x${HIGH}` }, 'query').details![0]).toMatch(/^query\.q holds half/);
  });

  it('refuses NUL in text and in names, naming where', () => {
    expect(refusal({ a: ['x', 'y\u0000'] }).details).toEqual(['body.a[1] must not contain NUL characters']);
    expect(refusal({ 'k\u0000': 1 }).details![0]).toContain('must not contain NUL characters');
  });

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH} levels`, () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH + 1; i++) deep = [deep];
    expect(refusal(deep).message).toMatch(/nested more than/);
  });
});

describe('wellFormed', () => {
  it('replaces each half of a character with U+FFFD and keeps whole ones', () => {
    expect(wellFormed(`a${HIGH}b${EMOJI}${LOW}`)).toBe(`a\ufffdb${EMOJI}\ufffd`);
    expect(hasLoneSurrogate(wellFormed(`${LOW}${HIGH}`))).toBe(false);
  });

  it('returns text without halves as it is', () => {
    const text = `plain ${EMOJI}`;
    expect(wellFormed(text)).toBe(text);
    expect(hasLoneSurrogate(text)).toBe(false);
  });
});
