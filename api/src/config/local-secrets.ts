import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const readSecret = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');

/**
 * Reads a secret kept in the data directory, creating it (mode 0600) on first use. Processes that share
 * the directory and start together (replicas) all end up with the first one written: a new secret is
 * written whole to a file of its own, then linked into place only if none is there yet.
 */
export function readOrCreateSecret(dataDir: string, fileName: string, create: () => string): string {
  const file = join(dataDir, fileName);
  const kept = readSecret(file);
  if (kept) return kept;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const draft = join(dataDir, `.${fileName}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(draft, `${create()}\n`, { mode: 0o600 });
  try {
    // An empty file left by an older version is replaced; a secret another process just linked is kept.
    if (existsSync(file) && !readSecret(file)) rmSync(file);
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readSecret(file);
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
