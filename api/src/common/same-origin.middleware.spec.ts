import { crossOriginProblem, type OriginSignals } from './same-origin.middleware';

/** A request as Express resolves it for the app at http://home.lan:3000 (protocol and host after 'trust proxy'). */
const request = (
  headers: Record<string, string>,
  method = 'POST',
  where: Partial<OriginSignals> = {},
): OriginSignals => ({ method, headers, protocol: 'http', host: 'home.lan:3000', ...where });

describe('crossOriginProblem', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])('lets %s through from anywhere: it changes nothing', (method) => {
    expect(crossOriginProblem(request({ 'sec-fetch-site': 'cross-site', origin: 'http://evil.test' }, method))).toBe(
      undefined,
    );
  });

  describe.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s', (method) => {
    it('passes when the browser says it comes from the same origin', () => {
      expect(crossOriginProblem(request({ 'sec-fetch-site': 'same-origin' }, method))).toBeUndefined();
    });

    it.each(['same-site', 'cross-site', 'none'])('is refused when the browser marks it %s', (site) => {
      expect(crossOriginProblem(request({ 'sec-fetch-site': site, origin: 'http://home.lan:3000' }, method))).toBe(
        `the browser marked it ${site}`,
      );
    });

    it("takes the browser's Sec-Fetch-Site over an Origin a proxy may have rewritten", () => {
      const behindRewritingProxy = { 'sec-fetch-site': 'same-origin', origin: 'https://chat.example.org' };
      expect(crossOriginProblem(request(behindRewritingProxy, method))).toBeUndefined();
    });

    it('passes, from a browser without Sec-Fetch-Site, when Origin is the app’s own', () => {
      expect(crossOriginProblem(request({ origin: 'http://home.lan:3000' }, method))).toBeUndefined();
      expect(crossOriginProblem(request({ origin: 'http://HOME.lan:3000' }, method))).toBeUndefined();
    });

    it.each([
      ['another port of the host', 'http://home.lan:4000'],
      ['a sibling subdomain', 'http://other.home.lan:3000'],
      ['another scheme', 'https://home.lan:3000'],
      ['an opaque origin (a sandboxed frame, a file)', 'null'],
      ['no origin at all', 'not an origin'],
    ])('is refused from %s', (_, origin) => {
      expect(crossOriginProblem(request({ origin }, method))).toBe(
        `it came from ${origin}, and this app is http://home.lan:3000`,
      );
    });

    it('passes with neither header: no browser sent it, so no ambient cookie came with it', () => {
      expect(crossOriginProblem(request({}, method))).toBeUndefined();
    });
  });

  it("compares with the scheme's own port left out, as browsers write Origin", () => {
    const atDefaultPort = { protocol: 'https', host: 'chat.example.org:443' };
    expect(crossOriginProblem(request({ origin: 'https://chat.example.org' }, 'POST', atDefaultPort))).toBeUndefined();
  });

  it('refuses an Origin when the request names no host to compare it with', () => {
    expect(crossOriginProblem(request({ origin: 'http://home.lan:3000' }, 'POST', { host: undefined }))).toMatch(
      /did not give/,
    );
  });
});
