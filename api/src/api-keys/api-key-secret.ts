import { createHash, randomBytes } from 'node:crypto';

/** Every key starts so, which tells a reader (and a secret scanner) what it is. */
export const KEY_START = 'mb-';

/**
 * A key is 256 random bits: guessing one is hopeless, so a fast hash is right for it (a slow salted hash is for
 * passwords, which people choose). Its start names its id's first characters, shown to tell keys apart.
 */
export function newKeySecret(id: string): { secret: string; prefix: string; hash: Buffer } {
  const prefix = `${KEY_START}${id.replace(/-/g, '').slice(0, 8)}`;
  const secret = `${prefix}-${randomBytes(32).toString('base64url')}`;
  return { secret, prefix, hash: hashOfKey(secret) };
}

export const hashOfKey = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest();
