import { createHmac, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';
/** A person's token: `p1.<person id>.<code version>.<issued at>.<signature>`. */
const PERSON_VERSION = 'p1';
export const ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Verified tokens remembered at most: a small circle of users holds a few each. */
export const REMEMBERED_TOKENS = 1_000;

const normalizeCode = (code: string) => code.trim().toLowerCase();

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Who a token was issued to: the holder of the shared code, or a person at their code's version. */
export type TokenSubject = { kind: 'code' } | { kind: 'person'; personId: string; version: string };

const CODE_HOLDER: TokenSubject = Object.freeze({ kind: 'code' });
const PERSON_PART = /^[a-z0-9][a-z0-9-]{0,62}$/;
const VERSION_PART = /^[A-Za-z0-9_-]{1,64}$/;

interface Verified {
  issuedAt: number;
  subject: TokenSubject;
}

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
  private readonly verified = new Map<string, Verified>();

  constructor(accessCode: string, sessionSecret: string) {
    this.signingKey = hmac(sessionSecret, `sign:${normalizeCode(accessCode)}`);
    this.compareKey = hmac(sessionSecret, 'compare');
    this.codeDigest = hmac(this.compareKey, normalizeCode(accessCode));
  }

  /** Case-insensitive and constant-time; comparing digests hides the code's length too. */
  matchesCode(candidate: string): boolean {
    return timingSafeEqual(this.codeDigest, hmac(this.compareKey, normalizeCode(candidate)));
  }

  /**
   * `now`: the clock's time in ms. A person's token also names them and their code's version, under the same key:
   * changing ACCESS_CODE or SESSION_SECRET still signs everyone out.
   */
  issue(now: number, person?: { personId: string; version: string }): string {
    const issuedAt = Math.floor(now / 1000);
    const payload = person
      ? `${PERSON_VERSION}.${person.personId}.${person.version}.${issuedAt}`
      : `${VERSION}.${issuedAt}`;
    return `${payload}.${hmac(this.signingKey, payload).toString('base64url')}`;
  }

  verify(token: string | undefined, now: number): boolean {
    return this.subjectOf(token, now) !== undefined;
  }

  /** Who the token was issued to, while it is this key's and unexpired; whether that person still holds it is the caller's to check. */
  subjectOf(token: string | undefined, now: number): TokenSubject | undefined {
    if (!token) return undefined;
    let verified = this.verified.get(token);
    if (verified === undefined) {
      verified = this.signed(token);
      if (verified === undefined) return undefined;
      if (this.verified.size >= REMEMBERED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, verified);
    }
    const age = Math.floor(now / 1000) - verified.issuedAt;
    return age >= -60 && age <= ACCESS_TOKEN_TTL_SECONDS ? verified.subject : undefined;
  }

  get rememberedTokens(): number {
    return this.verified.size;
  }

  /** The token's issue time (seconds) and subject when this key signed it. */
  private signed(token: string): Verified | undefined {
    const parts = token.split('.');
    const signature = parts.pop();
    const issuedAt = parts.at(-1);
    if (!signature || !issuedAt || !/^\d{1,12}$/.test(issuedAt)) return undefined;
    let subject: TokenSubject;
    if (parts.length === 2 && parts[0] === VERSION) subject = CODE_HOLDER;
    else if (
      parts.length === 4 &&
      parts[0] === PERSON_VERSION &&
      PERSON_PART.test(parts[1]) &&
      VERSION_PART.test(parts[2])
    )
      subject = { kind: 'person', personId: parts[1], version: parts[2] };
    else return undefined;
    const expected = hmac(this.signingKey, parts.join('.'));
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { issuedAt: Number(issuedAt), subject };
  }
}
