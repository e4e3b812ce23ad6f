import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses fetch_page may connect to: public unicast only. Documentation ranges (TEST-NET,
 * 2001:db8::/32) stay allowed: no internal service lives there, and the specs use one as a public address
 * that answers nobody.
 */

interface Range {
  bytes: number[];
  prefix: number;
  what: string;
}

const range = (cidr: string, what: string): Range => {
  const [address, prefix] = cidr.split('/');
  return { bytes: [...(isIPv4(address) ? ipv4Bytes(address) : ipv6Bytes(address))], prefix: Number(prefix), what };
};

const inRange = (bytes: Uint8Array, { bytes: base, prefix }: Range): boolean => {
  for (let bit = 0; bit < prefix; bit += 8) {
    const mask = (0xff << (8 - Math.min(8, prefix - bit))) & 0xff;
    if ((bytes[bit / 8] & mask) !== (base[bit / 8] & mask)) return false;
  }
  return true;
};

/** First match wins, so a narrower range comes before the one holding it. */
const IPV4_REFUSED: Range[] = [
  range('0.0.0.0/8', 'a "this network" address'),
  range('10.0.0.0/8', 'a private address'),
  range('100.64.0.0/10', 'a carrier-grade NAT (shared) address'),
  range('127.0.0.0/8', 'a loopback address'),
  range('169.254.0.0/16', 'a link-local address (where cloud metadata services answer)'),
  range('172.16.0.0/12', 'a private address'),
  range('192.0.0.0/24', 'an IETF special-purpose address'),
  range('192.88.99.0/24', 'a 6to4 relay address'),
  range('192.168.0.0/16', 'a private address'),
  range('198.18.0.0/15', 'a benchmarking address'),
  range('224.0.0.0/4', 'a multicast address'),
  range('255.255.255.255/32', 'the broadcast address'),
  range('240.0.0.0/4', 'a reserved address'),
];

/** Ranges whose last 32 bits (or bits 16–48 for 6to4) are an IPv4 address, judged as that address. */
const IPV6_EMBEDDING: { range: Range; offset: number }[] = [
  { range: range('::ffff:0:0/96', 'an IPv4-mapped form of'), offset: 12 },
  { range: range('64:ff9b::/96', 'a NAT64 form of'), offset: 12 },
  { range: range('2002::/16', 'a 6to4 form of'), offset: 2 },
];

const IPV6_REFUSED: Range[] = [
  range('::/128', 'the unspecified address'),
  range('::1/128', 'a loopback address'),
  range('64:ff9b:1::/48', 'a local NAT64 address'),
  range('fc00::/7', 'a unique-local (private) address'),
  range('fe80::/10', 'a link-local address'),
  range('fec0::/10', 'a site-local address'),
  range('ff00::/8', 'a multicast address'),
  range('2001::/23', 'an IETF special-purpose address (Teredo and others)'),
];

/** Everything public in IPv6 lies in 2000::/3; the rest is special or unassigned. */
const IPV6_GLOBAL_UNICAST = range('2000::/3', 'global unicast');

/** Why `address` (an IP literal) is not a public address, or undefined when it is one. */
export function whyNotPublic(address: string): string | undefined {
  if (isIPv4(address)) return IPV4_REFUSED.find((refused) => inRange(ipv4Bytes(address), refused))?.what;
  if (!isIPv6(address)) return 'not an IP address';
  const bytes = ipv6Bytes(address);
  for (const { range: embedding, offset } of IPV6_EMBEDDING) {
    if (!inRange(bytes, embedding)) continue;
    const ipv4 = bytes.subarray(offset, offset + 4).join('.');
    const why = whyNotPublic(ipv4);
    return why && `${embedding.what} ${ipv4}, ${why}`;
  }
  const refused = IPV6_REFUSED.find((candidate) => inRange(bytes, candidate));
  if (refused) return refused.what;
  return inRange(bytes, IPV6_GLOBAL_UNICAST) ? undefined : 'a reserved address';
}

function ipv4Bytes(address: string): Uint8Array {
  return Uint8Array.from(address.split('.').map(Number));
}

/** The 16 bytes of a valid IPv6 literal (as net.isIPv6 accepts it: "::", a dotted IPv4 tail, a zone). */
function ipv6Bytes(address: string): Uint8Array {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1]);
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
