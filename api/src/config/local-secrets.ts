import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Reads a secret kept in the data directory, creating it (mode 0600) on first use. */
export function readOrCreateSecret(dataDir: string, fileName: string, create: () => string): string {
  const file = join(dataDir, fileName);
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value) return value;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const value = create();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

const WORDS_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A code people can type: three groups of four unambiguous characters. */
export function generateAccessCode(): string {
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => WORDS_ALPHABET[b % WORDS_ALPHABET.length]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

export function generateSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}
