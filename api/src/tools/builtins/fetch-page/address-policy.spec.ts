import { whyNotPublic } from './address-policy';

describe(whyNotPublic.name, () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.254', 'a private address'],
    ['192.168.1.5', 'a private address'],
    ['169.254.169.254', 'a link-local address (where cloud metadata services answer)'],
    ['100.64.0.1', 'a carrier-grade NAT (shared) address'],
    ['0.0.0.0', 'a "this network" address'],
    ['0.1.2.3', 'a "this network" address'],
    ['224.0.0.251', 'a multicast address'],
    ['255.255.255.255', 'the broadcast address'],
    ['240.0.0.1', 'a reserved address'],
    ['198.18.0.1', 'a benchmarking address'],
    ['::1', 'a loopback address'],
    ['::', 'the unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['fd12:3456::1', 'a unique-local (private) address'],
    ['fc00::1', 'a unique-local (private) address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'an IPv4-mapped form of 127.0.0.1, a loopback address'],
    ['::ffff:7f00:1', 'an IPv4-mapped form of 127.0.0.1, a loopback address'],
    [
      '::ffff:a9fe:a9fe',
      'an IPv4-mapped form of 169.254.169.254, a link-local address (where cloud metadata services answer)',
    ],
    ['64:ff9b::10.0.0.1', 'a NAT64 form of 10.0.0.1, a private address'],
    ['64:ff9b::7f00:1', 'a NAT64 form of 127.0.0.1, a loopback address'],
    ['64:ff9b:1::1', 'a local NAT64 address'],
    ['2002:c0a8:105::1', 'a 6to4 form of 192.168.1.5, a private address'],
    ['2001:0:4136:e378::1', 'an IETF special-purpose address (Teredo and others)'],
    ['::127.0.0.1', 'a reserved address'],
    ['100::1', 'a reserved address'],
    ['localhost', 'not an IP address'],
  ])('refuses %s as %s', (address, why) => {
    expect(whyNotPublic(address)).toBe(why);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '203.0.113.7',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
  ])('lets the public address %s through', (address) => {
    expect(whyNotPublic(address)).toBeUndefined();
  });
});
