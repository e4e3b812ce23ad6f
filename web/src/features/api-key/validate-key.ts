/** What an OpenAI key looks like before anyone is asked about it (the spec's API key rules). */
export const keyRules = {
  prefix: 'sk-',
  minLength: 30,
} as const;

export const keyValidationMessages = {
  empty: 'Please enter your OpenAI API key',
  prefix: "OpenAI API keys should start with 'sk-'",
  tooShort: 'API key appears to be too short',
} as const;

/** Surrounding spaces come from copy and paste; they are never part of a key. */
export function normaliseKey(input: string): string {
  return input.trim();
}

/**
 * The first rule the key breaks, as the message to show under the field, or null when it looks
 * like a key. The rules are checked in the spec's order, so one message shows at a time.
 */
export function validateKey(input: string): string | null {
  const key = normaliseKey(input);
  if (key === '') return keyValidationMessages.empty;
  if (!key.startsWith(keyRules.prefix)) return keyValidationMessages.prefix;
  if (key.length < keyRules.minLength) return keyValidationMessages.tooShort;
  return null;
}
