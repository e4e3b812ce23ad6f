import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { fetchPageTool, type ResolvedAddress } from './index';

/**
 * A service listening on all interfaces answers through every address of this machine, not only loopback. These
 * addresses are the machine's own (read as the test starts), whatever range they are in: in a sandbox a
 * documentation or private one, on a server a public one. A link-local address needs a zone, which no URL can carry.
 */
const ownAddresses = Object.values(networkInterfaces())
  .flatMap((addresses) => addresses ?? [])
  .filter(({ internal, family, scopeid }) => !internal && !(family === 'IPv6' && scopeid))
  .map(({ address, family }) => ({ address, family: family === 'IPv6' ? (6 as const) : (4 as const) }));

const SECRET = 'the page of a service on this machine';

/** One server per family, each on every interface of it, as the probe's service listened. */
const servers: Record<4 | 6, Server | undefined> = { 4: undefined, 6: undefined };
const received: string[] = [];

async function listenEverywhere(family: 4 | 6): Promise<Server> {
  const server = createServer((request, response) => {
    received.push(request.url ?? '/');
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(SECRET);
  });
  await new Promise<void>((resolve) =>
    server.listen({ port: 0, host: family === 6 ? '::' : '0.0.0.0', ipv6Only: family === 6 }, resolve),
  );
  return server;
}

beforeAll(async () => {
  for (const family of new Set(ownAddresses.map((own) => own.family))) servers[family] = await listenEverywhere(family);
});

afterAll(async () => {
  for (const server of Object.values(servers)) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

beforeEach(() => {
  received.length = 0;
});

const urlOf = ({ address, family }: ResolvedAddress, path = '/secret') => {
  const { port } = servers[family]?.address() as AddressInfo;
  return `http://${family === 6 ? `[${address}]` : address}:${port}${path}`;
};

const fetchAs = (url: string, options: Parameters<typeof fetchPageTool>[0] = {}) =>
  fetchPageTool(options).run({ url }, new AbortController().signal);

describe("fetch_page and this machine's own addresses", () => {
  it('finds an address of this machine besides loopback to reach the service through', () => {
    // A machine with loopback alone has no such way in; the cases below need one, so its absence fails here.
    expect(ownAddresses.map(({ address }) => address)).not.toEqual([]);
  });

  describe.each(ownAddresses)('through $address', (own) => {
    it('reaches the service when an admin allows that address (FETCH_ALLOW_HOSTS)', async () => {
      const answer = await fetchAs(urlOf(own), { allowHosts: [own.address] });

      expect(answer).toBe(`URL: ${new URL(urlOf(own)).href}\n\n${SECRET}`);
      expect(received).toEqual(['/secret']);
    });

    it('refuses it as an address of this machine and never connects', async () => {
      await expect(fetchAs(urlOf(own))).rejects.toThrow(
        `${new URL(urlOf(own)).href} is refused: ${own.address} is an address of this machine; ` +
          'fetch_page reads only public web pages.',
      );
      expect(received).toEqual([]);
    });

    it('refuses a host name that resolves to it', async () => {
      const lookup = () => Promise.resolve([own]);

      await expect(fetchAs(urlOf(own).replace(/\/\/[^/]+:/, '//service.example:'), { lookup })).rejects.toThrow(
        `service.example resolves to ${own.address}, which is an address of this machine`,
      );
      expect(received).toEqual([]);
    });
  });

  describe.each(ownAddresses.filter(({ family }) => family === 4))('through $address as IPv6 forms', (own) => {
    it('refuses its IPv4-mapped form', async () => {
      const url = urlOf(own).replace(own.address, `[::ffff:${own.address}]`);

      await expect(fetchAs(url)).rejects.toThrow(`an IPv4-mapped form of ${own.address}, an address of this machine`);
      expect(received).toEqual([]);
    });
  });
});
