import { webLink } from './web-link';

describe(webLink.name, () => {
  it.each([
    'https://example.com',
    'http://example.com/page?q=1#part',
    'https://example.com/a%20b',
    'http://[2606:4700::1111]:8080/',
  ])('keeps the web address %s as written', (link) => {
    expect(webLink(link)).toBe(link);
  });

  it.each([
    ['a non-ASCII path', 'https://de.wikipedia.org/wiki/Köln', 'https://de.wikipedia.org/wiki/K%C3%B6ln'],
    ['a non-ASCII host', 'https://bücher.example/', 'https://xn--bcher-kva.example/'],
    ['an upper-case scheme', 'HTTPS://Example.com/Page', 'https://example.com/Page'],
    ['a space', 'https://example.com/a b', 'https://example.com/a%20b'],
    ['a bar in the query', 'https://example.com/?a=|b', 'https://example.com/?a=%7Cb'],
    ['a stray percent sign', 'https://example.com/100%', 'https://example.com/100%25'],
  ])('keeps a web address with %s in its encoded form', (_, link, encoded) => {
    expect(webLink(link)).toBe(encoded);
  });

  it.each([
    ['javascript', 'javascript:alert(document.cookie)'],
    ['upper-case javascript', 'JAVASCRIPT:alert(1)'],
    ['javascript behind a space and a tab', ' \tjava\tscript:alert(1)'],
    ['an HTML data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a base64 data URL', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['a file URL', 'file:///etc/passwd'],
    ['mailto', 'mailto:someone@example.com'],
    ['a relative path', '/api/auth/revoke-access'],
    ['a scheme-relative address', '//evil.example/'],
    ['an empty string', ''],
    ['http without a host', 'http:'],
    ['https and nothing else', 'https://'],
  ])('refuses %s', (_, link) => {
    expect(webLink(link)).toBeUndefined();
  });
});
