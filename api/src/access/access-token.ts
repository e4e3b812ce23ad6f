import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
export const ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Verified tokens remembered at most: a small circle of users holds a few each. */
export const REMEMBERED_TOKENS = 1_000;

const normalizeCode = (code: string) => code.trim().toLowerCase();

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Tokens are signed with a key derived from the secret AND the access code, so changing
 * ACCESS_CODE invalidates every token ever issued without any server-side session store.
 */
export class AccessTokens {
  private readonly signingKey: Buffer;
  private readonly compareKey: Buffer;
  private readonly codeDigest: Buffer;
  /**
   * Tokens whose signature checked out, with their issue time: every request carries the token, and its
   * HMAC was a measurable share of a one-shot reply's added latency. Only a correctly signed token gets
   * in, so a forged one always meets the constant-time comparison.
   */
  private readonly verified = new Map<string, number>();

  constructor(accessCode: string, sessionSecret: string) {
    this.signingKey = hmac(sessionSecret, `sign:${normalizeCode(accessCode)}`);
    this.compareKey = hmac(sessionSecret, 'compare');
    this.codeDigest = hmac(this.compareKey, normalizeCode(accessCode));
  }

  /** Case-insensitive and constant-time; comparing digests hides the code's length too. */
  matchesCode(candidate: string): boolean {
    return timingSafeEqual(this.codeDigest, hmac(this.compareKey, normalizeCode(candidate)));
  }

  /** `now`: the clock's time in ms. */
  issue(now: number): string {
    const payload = `${VERSION}.${Math.floor(now / 1000)}`;
    return `${payload}.${hmac(this.signingKey, payload).toString('base64url')}`;
  }

  verify(token: string | undefined, now: number): boolean {
    if (!token) return false;
    let issuedAt = this.verified.get(token);
    if (issuedAt === undefined) {
      issuedAt = this.signedIssueTime(token);
      if (issuedAt === undefined) return false;
      if (this.verified.size >= REMEMBERED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, issuedAt);
    }
    const age = Math.floor(now / 1000) - issuedAt;
    return age >= -60 && age <= ACCESS_TOKEN_TTL_SECONDS;
  }

  get rememberedTokens(): number {
    return this.verified.size;
  }

  /** The token's issue time (seconds) when this key signed it. */
  private signedIssueTime(token: string): number | undefined {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION || !/^\d{1,12}$/.test(parts[1])) return undefined;
    const expected = hmac(this.signingKey, `${parts[0]}.${parts[1]}`);
    const given = Buffer.from(parts[2], 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return Number(parts[1]);
  }
}
