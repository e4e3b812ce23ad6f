import { describe, expect, it } from 'vitest';
import { keyRules, keyValidationMessages, normaliseKey, validateKey } from './validate-key';

const validKey = `sk-${'a'.repeat(keyRules.minLength - 3)}`;

describe(validateKey.name, () => {
  it.each(['', '   ', '\t\n'])('asks for a key when the field is empty (%j)', (input) => {
    expect(validateKey(input)).toBe(keyValidationMessages.empty);
  });

  it.each(['pk-0123456789012345678901234567890', 'SK-0123456789012345678901234567890', 'abc'])(
    "says a key must start with 'sk-' (%s)",
    (input) => {
      expect(validateKey(input)).toBe("OpenAI API keys should start with 'sk-'");
    },
  );

  it('says a key shorter than 30 characters is too short', () => {
    expect(validateKey(validKey.slice(0, -1))).toBe('API key appears to be too short');
    expect(validateKey('sk-')).toBe('API key appears to be too short');
  });

  it('accepts a key of exactly 30 characters and longer ones', () => {
    expect(validKey).toHaveLength(30);
    expect(validateKey(validKey)).toBeNull();
    expect(validateKey(`${validKey}-proj-extra`)).toBeNull();
  });

  it('ignores the spaces copy and paste leaves around a key', () => {
    expect(validateKey(`  ${validKey}\n`)).toBeNull();
    expect(validateKey(`  ${validKey.slice(0, -1)}  `)).toBe(keyValidationMessages.tooShort);
    expect(normaliseKey(`  ${validKey}\n`)).toBe(validKey);
  });

  it('checks the prefix before the length', () => {
    expect(validateKey('abc')).toBe(keyValidationMessages.prefix);
  });
});
