import { describe, expect, it } from 'vitest';
import { formatFileSize as sut } from './format-file-size';

describe(sut.name, () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1024, '1 KB'],
    [2_516_582, '2.4 MB'],
    [26_214_400, '25 MB'],
    [32_715_571, '31.2 MB'],
    [1_048_575, '1 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('words %i bytes as "%s"', (bytes, expected) => {
    expect(sut(bytes)).toBe(expected);
  });
});
