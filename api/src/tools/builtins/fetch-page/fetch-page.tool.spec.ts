import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { eventually } from '../../../../test/support/eventually';
import { type FetchPageOptions, fetchPageTool, type ResolvedAddress, ToolInputError } from './index';

const ARTICLE = `<!doctype html><html><head><title>Caf&eacute; &amp; Co &#8211; Menu</title>
<style>body { color: red }</style><script>var secret = "<p>not text</p>";</script></head>
<body><nav><a href="/home">Home</a></nav>
<h1>Today&rsquo;s menu</h1>
<p>Fresh   bread &lt;daily&gt;
 and &quot;good&quot; coffee.</p>
<ul><li>Espresso</li><li>Latte &amp; cake</li></ul>
<table><tr><th>Item</th><th>Price</th></tr><tr><td>Tea</td><td>&euro;2</td></tr></table>
<p>See <a href="/hours">opening hours</a>.</p><img src="/photo.png" alt="photo">
<noscript>Enable JavaScript</noscript></body></html>`;

/** The local web server the specs read: each path answers as its name says. */
const ROUTES: Record<string, (response: ServerResponse) => void> = {
  '/article': (response) => html(response, ARTICLE),
  '/hop/1': (response) => redirect(response, 302, '/hop/2'),
  '/hop/2': (response) => redirect(response, 301, '/article'),
  '/to-metadata': (response) => redirect(response, 302, 'http://169.254.169.254/latest/meta-data'),
  '/to-file': (response) => redirect(response, 302, 'file:///etc/passwd'),
  '/large': (response) => text(response, 'text/plain', 'x'.repeat(100_000)),
  '/gzip-bomb': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    response.end(gzipSync(Buffer.alloc(20_000_000, 'a')));
  },
  '/long-text': (response) => text(response, 'text/plain; charset=utf-8', `${'a'.repeat(100)}${'b'.repeat(50)}`),
  '/notes.md': (response) => text(response, 'text/markdown', '# Notes\n\n- one\n- two\n'),
  '/data.json': (response) => text(response, 'application/json', '{"answer": 42}'),
  '/latin1': (response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
    response.end(Buffer.from('<title>Gr\xfc\xdfe</title><p>Caf\xe9</p>', 'latin1'));
  },
  '/untyped': (response) => response.end('Just words.'),
  '/image.png': (response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': '2048' });
    response.end(Buffer.alloc(2048, 0x89));
  },
  '/missing': (response) => {
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<h1>Nothing here</h1>');
  },
  '/broken': (response) => {
    response.writeHead(503);
    response.end();
  },
  '/silent': () => undefined,
  '/stalls-mid-body': (response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.write('<p>The beginning');
  },
};

const html = (response: ServerResponse, body: string) => text(response, 'text/html; charset=utf-8', body);

function text(response: ServerResponse, contentType: string, body: string): void {
  response.writeHead(200, { 'content-type': contentType });
  response.end(body);
}

function redirect(response: ServerResponse, status: number, location: string): void {
  response.writeHead(status, { location });
  response.end();
}

/** Every request the server saw, so a spec can prove a connection never reached it. */
const received: { path: string; headers: IncomingHttpHeaders }[] = [];
let server: Server;
let origin: string;
let port: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    received.push({ path, headers: request.headers });
    const loop = /^\/loop\/(\d+)$/.exec(path);
    if (loop) return redirect(response, 302, `/loop/${Number(loop[1]) + 1}`);
    const route = ROUTES[path];
    if (route) return route(response);
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
});

const fixedLookup =
  (...addresses: string[]) =>
  (): Promise<ResolvedAddress[]> =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

/** Resolves once the server has taken a request for `path`. */
const reached = (path: string) =>
  eventually(() => received.some((request) => request.path === path), `a request for ${path}`);

/** A fetch's timeout held by the test: it passes when the test says so, as AbortSignal.timeout's does. */
function heldTimeout() {
  const controller = new AbortController();
  const askedMs: number[] = [];
  return {
    askedMs,
    signal: (ms: number) => {
      askedMs.push(ms);
      return controller.signal;
    },
    expire: () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
  };
}

const run = (url: string, options: FetchPageOptions = {}, signal = new AbortController().signal) =>
  fetchPageTool(options).run({ url }, signal);

const local = (path: string, options: FetchPageOptions = {}) =>
  run(`${origin}${path}`, { allowHosts: ['127.0.0.1'], ...options });

describe(fetchPageTool.name, () => {
  it('declares one required url argument', () => {
    const sut = fetchPageTool({});

    expect(sut.name).toBe('fetch_page');
    expect(sut.parameters).toEqual({
      type: 'object',
      properties: { url: { type: 'string', description: expect.any(String) } },
      required: ['url'],
      additionalProperties: false,
    });
  });

  it.each([
    ['nothing', undefined],
    ['a bare string', 'https://example.com/'],
    ['no url', {}],
    ['an empty url', { url: ' ' }],
    ['a url that is not a string', { url: 42 }],
    ['an extra argument', { url: 'https://example.com/', method: 'POST' }],
  ])('refuses %s as its arguments', async (_, args) => {
    const sut = fetchPageTool({});

    await expect(sut.run(args, new AbortController().signal)).rejects.toThrow(ToolInputError);
  });

  describe('without allowed hosts', () => {
    it.each([
      ['the loopback address', () => `http://127.0.0.1:${port}/article`, /127\.0\.0\.1 is a loopback address/],
      ['localhost', () => `http://localhost:${port}/article`, /localhost resolves to .+, which is a loopback address/],
      ['the IPv6 loopback', () => `http://[::1]:${port}/`, /::1 is a loopback address/],
      ['127.0.0.1 written in decimal', () => `http://2130706433:${port}/`, /loopback/],
      ['127.0.0.1 written in hex', () => `http://0x7f000001:${port}/`, /loopback/],
      ['127.0.0.1 written in short hex', () => `http://0x7f.1:${port}/`, /loopback/],
      ['the cloud metadata service', () => 'http://169.254.169.254/latest/meta-data', /link-local/],
      ['a private address', () => 'http://10.0.0.1/', /10\.0\.0\.1 is a private address/],
      ['an IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${port}/`, /IPv4-mapped form of 127\.0\.0\.1/],
      ['a file URL', () => 'file:///etc/passwd', /only http:\/\/ and https:\/\//],
      ['an ftp URL', () => 'ftp://example.com/file', /only http:\/\/ and https:\/\//],
      ['a javascript URL', () => 'javascript:alert(1)', /only http:\/\/ and https:\/\//],
      ['credentials in the URL', () => 'https://user:pass@example.com/', /user name or password/],
      ['a user name alone', () => 'https://user@example.com/', /user name or password/],
      ['a relative URL', () => '/article', /not a valid URL/],
    ])('refuses %s', async (_, url, reason) => {
      const lookup = jest.fn(fixedLookup('127.0.0.1', '::1'));

      await expect(run(url(), { lookup })).rejects.toThrow(reason);
      expect(received).toEqual([]);
    });

    it('refuses localhost as the system resolver answers it', async () => {
      await expect(run(`http://localhost:${port}/article`)).rejects.toThrow(/loopback address/);
      expect(received).toEqual([]);
    });

    it('refuses a host name that resolves to a private address', async () => {
      await expect(run('http://intranet.example/', { lookup: fixedLookup('192.168.1.5') })).rejects.toThrow(
        'http://intranet.example/ is refused: intranet.example resolves to 192.168.1.5, which is a private address',
      );
    });

    it('refuses a host name with one public and one private address', async () => {
      const lookup = fixedLookup('93.184.215.14', '10.1.2.3');

      await expect(run('http://mixed.example/', { lookup })).rejects.toThrow(/10\.1\.2\.3, which is a private address/);
    });

    it('says when a host name does not exist', async () => {
      // A system error of the resolver (not one of our API's codes).
      const dnsFailure = 'ENOTFOUND';
      const lookup = () => Promise.reject(Object.assign(new Error(`getaddrinfo ${dnsFailure}`), { code: dnsFailure }));

      await expect(run('https://no-such-host.example/', { lookup })).rejects.toThrow(
        new ToolInputError('The host no-such-host.example does not exist; check the address.'),
      );
    });

    it('refuses an address of this machine that is not loopback, whatever its range', async () => {
      const ownAddresses = () => ['127.0.0.1', '93.184.215.14'];

      await expect(run('http://93.184.215.14/', { ownAddresses })).rejects.toThrow(
        'http://93.184.215.14/ is refused: 93.184.215.14 is an address of this machine',
      );
      expect(received).toEqual([]);
    });
  });

  it('connects only to the address it resolved, however the name resolves afterwards', async () => {
    const lookup = jest
      .fn<Promise<ResolvedAddress[]>, [string]>()
      .mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }])
      .mockResolvedValue([{ address: '10.255.255.1', family: 4 }]);

    const answer = await run(`http://rebinding.example:${port}/notes.md`, {
      lookup,
      allowHosts: ['rebinding.example'],
    });

    expect(answer).toBe(`URL: http://rebinding.example:${port}/notes.md\n\n# Notes\n\n- one\n- two`);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(received.map(({ path }) => path)).toEqual(['/notes.md']);
  });

  describe('with an allowed local server', () => {
    it('reads an HTML page as text under its title, without scripts, styles or navigation', async () => {
      const answer = await local('/article');

      expect(answer).toBe(
        [
          'Title: Café & Co – Menu',
          `URL: ${origin}/article`,
          '',
          '# Today’s menu',
          '',
          'Fresh bread <daily> and "good" coffee.',
          '',
          '- Espresso',
          '- Latte & cake',
          '',
          'Item | Price',
          'Tea | €2',
          '',
          `See opening hours (${origin}/hours).`,
        ].join('\n'),
      );
      expect(received.map(({ path }) => path)).toEqual(['/article']);
    });

    it('connects to the address an allowed host name resolved to and sends that name as Host', async () => {
      const sut = fetchPageTool({ allowHosts: ['Pages.Test'], lookup: fixedLookup('127.0.0.1') });

      const answer = await sut.run({ url: `http://pages.test:${port}/notes.md` }, new AbortController().signal);

      expect(answer).toBe(`URL: http://pages.test:${port}/notes.md\n\n# Notes\n\n- one\n- two`);
      expect(received[0].headers.host).toBe(`pages.test:${port}`);
    });

    it('follows a chain of redirects and reports the final URL', async () => {
      const answer = await local('/hop/1');

      expect(answer).toMatch(new RegExp(`^Title: Café & Co – Menu\nURL: ${origin}/article\n`));
      expect(received.map(({ path }) => path)).toEqual(['/hop/1', '/hop/2', '/article']);
    });

    it('refuses a redirect to the cloud metadata address', async () => {
      await expect(local('/to-metadata')).rejects.toThrow(
        new ToolInputError(
          'The redirect to http://169.254.169.254/latest/meta-data is refused: 169.254.169.254 is a link-local ' +
            'address (where cloud metadata services answer); fetch_page reads only public web pages.',
        ),
      );
    });

    it('refuses a redirect to a file URL', async () => {
      await expect(local('/to-file')).rejects.toThrow(/^The redirect to file:\/\/\/etc\/passwd is refused/);
    });

    it('stops after maxRedirects redirects and says so', async () => {
      const answer = await local('/loop/0', { maxRedirects: 3 });

      expect(answer).toBe(
        `The page redirected more than 3 times, so it was not followed further.\nURL: ${origin}/loop/3`,
      );
      expect(received).toHaveLength(4);
    });

    it('cuts a page larger than maxBytes and says so', async () => {
      const answer = await local('/large', { maxBytes: 10_000 });

      expect(answer).toBe(
        `URL: ${origin}/large\n\n${'x'.repeat(10_000)}\n\n` +
          '[…cut: the page is larger than 9.8 kB; only its beginning was read]',
      );
    });

    it('counts maxBytes after decompression', async () => {
      const answer = await local('/gzip-bomb', { maxBytes: 10_000 });

      expect(answer).toBe(
        `URL: ${origin}/gzip-bomb\n\n${'a'.repeat(10_000)}\n\n` +
          '[…cut: the page is larger than 9.8 kB; only its beginning was read]',
      );
    });

    it('cuts the text at maxChars and says how much is left', async () => {
      const answer = await local('/long-text', { maxChars: 120 });

      expect(answer).toBe(
        `URL: ${origin}/long-text\n\n${'a'.repeat(100)}${'b'.repeat(20)}\n\n[…cut: 30 more characters]`,
      );
    });

    it('returns Markdown, JSON and untyped text as they are', async () => {
      await expect(local('/data.json')).resolves.toBe(`URL: ${origin}/data.json\n\n{"answer": 42}`);
      await expect(local('/untyped')).resolves.toBe(`URL: ${origin}/untyped\n\nJust words.`);
    });

    it('decodes the charset the page declares', async () => {
      await expect(local('/latin1')).resolves.toBe(`Title: Grüße\nURL: ${origin}/latin1\n\nCafé`);
    });

    it('says an image is not text and returns none of its bytes', async () => {
      const answer = await local('/image.png');

      expect(answer).toBe(
        'The page is a file of type image/png (2 kB), not text; fetch_page reads web pages, plain text, ' +
          `Markdown and JSON.\nURL: ${origin}/image.png`,
      );
    });

    it.each([
      ['/missing', '404 Not Found'],
      ['/broken', '503 Service Unavailable'],
    ])('answers %s with its status in a sentence', async (path, status) => {
      await expect(local(path)).resolves.toBe(`The page answered ${status}.\nURL: ${origin}${path}`);
    });

    it.each(['/silent', '/stalls-mid-body'])('gives up on %s once timeoutMs has passed', async (path) => {
      const timeout = heldTimeout();
      const answer = local(path, { timeoutMs: 300, timeoutSignal: timeout.signal });
      await reached(path);

      timeout.expire();

      await expect(answer).resolves.toBe(`The page did not answer within 0.3 seconds.\nURL: ${origin}${path}`);
      expect(timeout.askedMs).toEqual([300]);
    });

    it('times a fetch with AbortSignal.timeout of timeoutMs by default', async () => {
      const timeout = jest.spyOn(AbortSignal, 'timeout');
      try {
        await local('/notes.md', { timeoutMs: 4_000 });
        expect(timeout).toHaveBeenCalledWith(4_000);
      } finally {
        timeout.mockRestore();
      }
    });

    it.each(['/silent', '/stalls-mid-body'])('stops %s at a Stop, whatever its timeout', async (path) => {
      const stop = new AbortController();
      const answer = run(
        `${origin}${path}`,
        { allowHosts: ['127.0.0.1'], timeoutSignal: heldTimeout().signal },
        stop.signal,
      );
      await reached(path);

      stop.abort();

      await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    });
  });

  it('stops at a Stop while the host name is still being looked up', async () => {
    const stop = new AbortController();
    let lookingUp = false;
    const lookup = () => {
      lookingUp = true;
      return new Promise<ResolvedAddress[]>(() => undefined);
    };
    const answer = run('https://slow-dns.example/', { lookup, timeoutSignal: heldTimeout().signal }, stop.signal);
    await eventually(() => lookingUp, 'the lookup');

    stop.abort();

    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
  });
});
