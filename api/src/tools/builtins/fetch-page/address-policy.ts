import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses fetch_page may connect to: public unicast only, and never one of this machine's own. The
 * ranges are those of IANA's IPv4 and IPv6 special-purpose address registries (as of 2025: RFC 9637's 3fff::/20
 * included), with multicast and, in IPv6, everything outside 2000::/3.
 */

type Family = 'ipv4' | 'ipv6';

const familyOf = (address: string): Family => (isIPv4(address) ? 'ipv4' : 'ipv6');

const blockListOf = (cidrs: string[]): BlockList => {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/');
    list.addSubnet(address, Number(prefix), familyOf(address));
  }
  return list;
};

const refused = (what: string, ...cidrs: string[]) => ({ what, list: blockListOf(cidrs) });

const LOOPBACK = refused('a loopback address', '127.0.0.0/8', '::1/128');

/** First match wins, so a narrower range comes before the one holding it. */
const REFUSED = [
  LOOPBACK,
  refused('a "this network" address', '0.0.0.0/8'),
  refused('the unspecified address', '::/128'),
  refused('a private address', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'),
  refused('a carrier-grade NAT (shared) address', '100.64.0.0/10'),
  refused('a link-local address (where cloud metadata services answer)', '169.254.0.0/16'),
  refused('an IETF special-purpose address', '192.0.0.0/24'),
  refused(
    'a documentation address (reserved for examples)',
    '192.0.2.0/24',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '2001:db8::/32',
    '3fff::/20',
  ),
  refused('a benchmarking address', '198.18.0.0/15', '2001:2::/48'),
  refused('an AS112 DNS sink address', '192.31.196.0/24', '192.175.48.0/24', '2620:4f:8000::/48'),
  refused('an AMT relay address', '192.52.193.0/24', '2001:3::/32'),
  refused('a 6to4 relay address', '192.88.99.0/24'),
  refused('a multicast address', '224.0.0.0/4', 'ff00::/8'),
  refused('the broadcast address', '255.255.255.255/32'),
  refused('a reserved address', '240.0.0.0/4'),
  refused('a local NAT64 address', '64:ff9b:1::/48'),
  refused('a Teredo tunnel address', '2001::/32'),
  refused('an IETF special-purpose address', '2001::/23'),
  refused('a unique-local (private) address', 'fc00::/7'),
  refused('a link-local address', 'fe80::/10'),
  refused('a site-local address', 'fec0::/10'),
];

/** Everything public in IPv6 lies in 2000::/3; the rest is special or unassigned. */
const IPV6_GLOBAL_UNICAST = blockListOf(['2000::/3']);

/** IPv6 ranges that carry an IPv4 address (its 4 bytes from `offset`), judged as that address. */
const IPV4_EMBEDDINGS = [
  { form: 'an IPv4-mapped form of', list: blockListOf(['::ffff:0:0/96']), offset: 12 },
  { form: 'a NAT64 form of', list: blockListOf(['64:ff9b::/96']), offset: 12 },
  { form: 'a 6to4 form of', list: blockListOf(['2002::/16']), offset: 2 },
];

/**
 * This machine's own addresses, as a list to check against. The loopback ones are left to the loopback range,
 * which names them better; every other is refused whatever range it is in (a public address of this machine
 * reaches every service listening on all interfaces).
 */
export function ownAddressList(addresses: Iterable<string>): BlockList {
  const list = new BlockList();
  for (const address of addresses) {
    const bare = address.replace(/%.*$/, '');
    if (!isIPv4(bare) && !isIPv6(bare)) continue;
    if (!LOOPBACK.list.check(bare, familyOf(bare))) list.addAddress(bare, familyOf(bare));
  }
  return list;
}

const NO_OWN_ADDRESSES = new BlockList();

/** Why `address` (an IP literal) may not be fetched, or undefined when it is a public address of another machine. */
export function whyNotPublic(address: string, own: BlockList = NO_OWN_ADDRESSES): string | undefined {
  const bare = address.replace(/%.*$/, '');
  if (!isIPv4(bare) && !isIPv6(bare)) return 'not an IP address';
  const family = familyOf(bare);
  if (family === 'ipv6') {
    const embedding = IPV4_EMBEDDINGS.find(({ list }) => list.check(bare, 'ipv6'));
    if (embedding) {
      const ipv4 = ipv6Bytes(bare)
        .subarray(embedding.offset, embedding.offset + 4)
        .join('.');
      const why = whyNotPublic(ipv4, own);
      return why && `${embedding.form} ${ipv4}, ${why}`;
    }
  }
  if (LOOPBACK.list.check(bare, family)) return LOOPBACK.what;
  if (own.check(bare, family)) return 'an address of this machine';
  const match = REFUSED.find(({ list }) => list.check(bare, family));
  if (match) return match.what;
  return family === 'ipv6' && !IPV6_GLOBAL_UNICAST.check(bare, 'ipv6') ? 'a reserved address' : undefined;
}

/** The 16 bytes of a valid IPv6 literal without a zone (as net.isIPv6 accepts it: "::", a dotted IPv4 tail). */
function ipv6Bytes(address: string): Uint8Array {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const headGroups = groupsOf(head);
  const tailGroups = groupsOf(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const bytes = new Uint8Array(16);
  [...headGroups, ...zeros, ...tailGroups].forEach((group, index) => {
    const value = parseInt(group, 16);
    bytes[index * 2] = value >> 8;
    bytes[index * 2 + 1] = value & 0xff;
  });
  return bytes;
}
