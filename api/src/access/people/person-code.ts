import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt's cost as stored with each hash (`scrypt$N$r$p$salt$hash`): about 100 ms and 32 MB per check on a small
 * server, so a stolen people file costs a guesser that much per try. Parameters travel with the hash, so raising
 * them later leaves existing codes working.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const HASH_PATTERN = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{32,})$/;
/** A hash asking for more than this is refused, not computed: a file's hash must not stall the server. */
const MAX_N = 2 ** 20;

/** Codes compare as the shared code does: surrounding spaces and letter case do not matter. */
export const normalizeCode = (code: string) => code.trim().toLowerCase();

const scryptAsync = (code: string, salt: Buffer, keyBytes: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    // In libuv's thread pool: checking every person's hash never blocks the event loop.
    scrypt(code, salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const memoryFor = ({ N, r, p }: { N: number; r: number; p: number }) => 128 * N * r * p + 1024 * 1024;

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(hash: string): ParsedHash | undefined {
  const match = HASH_PATTERN.exec(hash);
  if (!match) return undefined;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // N a power of two above 1 (scrypt's own rule), within what a server may spend.
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || r < 1 || p < 1 || r * p > 16) return undefined;
  return { N, r, p, salt: Buffer.from(match[4], 'base64url'), key: Buffer.from(match[5], 'base64url') };
}

/** Whether a stored hash is one this server can check (people.schema.json checks its shape; this its numbers). */
export const isCheckableHash = (hash: string) => parseHash(hash) !== undefined;

/** The slow salted hash stored for a personal code; the code itself is never stored. */
export async function hashCode(code: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(normalizeCode(code), salt, KEY_BYTES, { ...COST, maxmem: memoryFor(COST) });
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `code` is the one `hash` was made from; false for a hash this server cannot check. */
export async function codeMatches(code: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  const { N, r, p, salt, key } = parsed;
  const given = await scryptAsync(normalizeCode(code), salt, key.length, { N, r, p, maxmem: memoryFor(parsed) });
  return timingSafeEqual(given, key);
}

/**
 * A short fingerprint of a person's current hash, carried in their access cookie: a new code (a new hash) or
 * removal makes the cookie's version stale on every replica that reads the same file, without a shared store.
 */
export const codeVersion = (hash: string) => createHash('sha256').update(hash).digest('base64url').slice(0, 12);

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A code a person can type: four groups of four unambiguous characters (about 79 bits). */
export function generatePersonalCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
