import { matchesSearchKeywords } from './search-keywords';

describe(matchesSearchKeywords.name, () => {
  const keywords = ['latest', 'flights', 'food'];

  it.each([
    ['the latest fares', true],
    ['cheap flights?', true],
    ['Latest fares', false],
    ['FLIGHTS', false],
    ['no keyword here', false],
  ])('case-sensitive: "%s" → %s', (message, expected) => {
    expect(matchesSearchKeywords(message, { keywords, match: 'case-sensitive' })).toBe(expected);
  });

  it.each([
    ['Latest fares', true],
    ['Best dog FOOD', true],
    ['seafood platter', true],
    ['nothing to see', false],
  ])('lower-case: "%s" → %s', (message, expected) => {
    expect(matchesSearchKeywords(message, { keywords, match: 'lower-case' })).toBe(expected);
  });
});
