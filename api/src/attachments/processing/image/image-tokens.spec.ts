import { imageTokens } from './image-tokens';

describe(imageTokens.name, () => {
  test.each([
    [512, 512, 255],
    [1024, 1024, 765],
    [2048, 4096, 1105],
    [4096, 8192, 1105],
    [4032, 3024, 765],
    [1920, 1080, 1105],
    [600, 300, 425],
    [100, 3000, 765],
  ])('a %i × %i image costs %i tokens in high detail', (width, height, tokens) => {
    expect(imageTokens(width, height)).toBe(tokens);
  });

  test('low detail costs 85 tokens whatever the size', () => {
    expect(imageTokens(4096, 8192, 'low')).toBe(85);
    expect(imageTokens(64, 64, 'low')).toBe(85);
  });
});
