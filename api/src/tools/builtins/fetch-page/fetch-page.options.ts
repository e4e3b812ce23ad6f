import { lookup as dnsLookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface FetchPageOptions {
  /** FETCH_ALLOW_HOSTS: hostnames (or IP literals) that may resolve to internal addresses. */
  allowHosts?: string[];
  /** Bytes of body read at most (after decompression); the rest is cut. Default 2 MB. */
  maxBytes?: number;
  /** The whole fetch, redirects included. Default 10 s. */
  timeoutMs?: number;
  /** A signal that aborts once `ms` have passed, swappable in tests. Default: AbortSignal.timeout. */
  timeoutSignal?: (ms: number) => AbortSignal;
  /** Default 5. */
  maxRedirects?: number;
  /** Characters of page text returned at most. Default 20,000. */
  maxChars?: number;
  /** DNS, swappable in tests. Default: every address dns.lookup finds. */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** This machine's own addresses, refused like loopback. Default: every address of os.networkInterfaces(). */
  ownAddresses?: () => Iterable<string>;
}

export type FetchPageSettings = Required<Omit<FetchPageOptions, 'allowHosts'>> & { allowHosts: ReadonlySet<string> };

/** "Example.COM." and "example.com" are one host, "[::1]" (a URL's spelling) and "::1" one address. */
export const normaliseHostname = (hostname: string) =>
  hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

const lookupAll = async (hostname: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * Read at every check, never kept: interfaces come and go (DHCP, a VPN, a container's network), and reading them
 * is one system call, cheaper than the DNS lookup beside it.
 */
const interfaceAddresses = (): string[] =>
  Object.values(networkInterfaces()).flatMap((addresses) => (addresses ?? []).map(({ address }) => address));

export function resolveSettings(options: FetchPageOptions): FetchPageSettings {
  return {
    allowHosts: new Set((options.allowHosts ?? []).map((host) => normaliseHostname(host.trim())).filter(Boolean)),
    maxBytes: options.maxBytes ?? 2 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 10_000,
    timeoutSignal: options.timeoutSignal ?? ((ms) => AbortSignal.timeout(ms)),
    maxRedirects: options.maxRedirects ?? 5,
    maxChars: options.maxChars ?? 20_000,
    lookup: options.lookup ?? lookupAll,
    ownAddresses: options.ownAddresses ?? interfaceAddresses,
  };
}
