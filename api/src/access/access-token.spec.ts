import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens, REMEMBERED_TOKENS } from './access-token';

describe(AccessTokens.name, () => {
  const sut = new AccessTokens('Open-Sesame', 'a-session-secret-of-enough-length-000');

  it('matches the code regardless of letter case and surrounding spaces', () => {
    expect(sut.matchesCode('open-sesame')).toBe(true);
    expect(sut.matchesCode('  OPEN-SESAME\n')).toBe(true);
    expect(sut.matchesCode('open-sesam')).toBe(false);
    expect(sut.matchesCode('')).toBe(false);
  });

  it('verifies its own tokens until they expire', () => {
    const now = Date.UTC(2026, 10, 21);
    const token = sut.issue(now);
    expect(sut.verify(token, now)).toBe(true);
    expect(sut.verify(token, now + (ACCESS_TOKEN_TTL_SECONDS - 1) * 1000)).toBe(true);
    expect(sut.verify(token, now + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000)).toBe(false);
  });

  it('rejects tokens signed under another code or another secret', () => {
    const now = Date.UTC(2026, 10, 21);
    const token = sut.issue(now);
    expect(new AccessTokens('another-code', 'a-session-secret-of-enough-length-000').verify(token, now)).toBe(false);
    expect(new AccessTokens('Open-Sesame', 'another-session-secret-of-enough-len').verify(token, now)).toBe(false);
    expect(new AccessTokens('OPEN-SESAME', 'a-session-secret-of-enough-length-000').verify(token, now)).toBe(true);
  });

  it('rejects malformed tokens', () => {
    const now = Date.UTC(2026, 10, 21);
    for (const token of [undefined, '', 'v1', 'v1.abc.def', 'v2.1.x', `${sut.issue(now)}.extra`])
      expect(sut.verify(token, now)).toBe(false);
  });

  it('refuses a changed copy of a token it has verified before', () => {
    const tokens = new AccessTokens('Open-Sesame', 'a-session-secret-of-enough-length-000');
    const now = Date.UTC(2026, 10, 21);
    const token = tokens.issue(now);
    expect(tokens.verify(token, now)).toBe(true);
    const [version, issuedAt, signature] = token.split('.');
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(tokens.verify(`${version}.${issuedAt}.${flipped}`, now)).toBe(false);
    // A later issue time under the old signature would stretch the token's life.
    expect(tokens.verify(`${version}.${Number(issuedAt) + 3600}.${signature}`, now)).toBe(false);
    expect(tokens.verify(token, now)).toBe(true);
  });

  it(`remembers at most ${REMEMBERED_TOKENS} verified tokens, and still verifies one it has let go`, () => {
    const tokens = new AccessTokens('Open-Sesame', 'a-session-secret-of-enough-length-000');
    const start = Date.UTC(2026, 10, 21);
    const issued = Array.from({ length: REMEMBERED_TOKENS + 50 }, (_, i) => tokens.issue(start - i * 1000));
    for (const token of issued) expect(tokens.verify(token, start)).toBe(true);
    expect(tokens.rememberedTokens).toBe(REMEMBERED_TOKENS);
    expect(tokens.verify(issued[0], start)).toBe(true);
    expect(tokens.verify(`${issued[0]}x`, start)).toBe(false);
    expect(tokens.rememberedTokens).toBe(REMEMBERED_TOKENS);
  });
});
