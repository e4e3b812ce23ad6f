import { ACCESS_TOKEN_TTL_SECONDS, AccessTokens } from './access-token';

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
    const token = sut.issue();
    expect(new AccessTokens('another-code', 'a-session-secret-of-enough-length-000').verify(token)).toBe(false);
    expect(new AccessTokens('Open-Sesame', 'another-session-secret-of-enough-len').verify(token)).toBe(false);
    expect(new AccessTokens('OPEN-SESAME', 'a-session-secret-of-enough-length-000').verify(token)).toBe(true);
  });

  it('rejects malformed tokens', () => {
    for (const token of [undefined, '', 'v1', 'v1.abc.def', 'v2.1.x', `${sut.issue()}.extra`])
      expect(sut.verify(token)).toBe(false);
  });
});
