import { ownAddressList, whyNotPublic } from './address-policy';

const DOCUMENTATION = 'a documentation address (reserved for examples)';
const OWN = 'an address of this machine';

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
    ['100.127.255.254', 'a carrier-grade NAT (shared) address'],
    ['0.0.0.0', 'a "this network" address'],
    ['0.1.2.3', 'a "this network" address'],
    ['192.0.0.9', 'an IETF special-purpose address'],
    ['192.0.0.170', 'an IETF special-purpose address'],
    ['192.0.2.2', DOCUMENTATION],
    ['192.0.2.255', DOCUMENTATION],
    ['198.51.100.7', DOCUMENTATION],
    ['203.0.113.7', DOCUMENTATION],
    ['198.18.0.1', 'a benchmarking address'],
    ['198.19.255.254', 'a benchmarking address'],
    ['192.31.196.1', 'an AS112 DNS sink address'],
    ['192.175.48.1', 'an AS112 DNS sink address'],
    ['192.52.193.1', 'an AMT relay address'],
    ['192.88.99.1', 'a 6to4 relay address'],
    ['224.0.0.251', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['255.255.255.255', 'the broadcast address'],
    ['240.0.0.1', 'a reserved address'],
    ['::1', 'a loopback address'],
    ['0:0:0:0:0:0:0:1', 'a loopback address'],
    ['::', 'the unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['fec0::1', 'a site-local address'],
    ['fd12:3456::1', 'a unique-local (private) address'],
    ['fc00::1', 'a unique-local (private) address'],
    ['ff02::1', 'a multicast address'],
    ['ff0e::1', 'a multicast address'],
    ['2001:db8::1', DOCUMENTATION],
    ['2001:DB8:ffff::1', DOCUMENTATION],
    ['3fff::1', DOCUMENTATION],
    ['3fff:fff::1', DOCUMENTATION],
    ['2001:2::1', 'a benchmarking address'],
    ['2001:2:0:ffff::1', 'a benchmarking address'],
    ['2620:4f:8000::1', 'an AS112 DNS sink address'],
    ['2001:3::1', 'an AMT relay address'],
    ['2001:0:4136:e378::1', 'a Teredo tunnel address'],
    ['2001:10::1', 'an IETF special-purpose address'],
    ['2001:1ff::1', 'an IETF special-purpose address'],
    ['64:ff9b:1::1', 'a local NAT64 address'],
    ['::ffff:127.0.0.1', 'an IPv4-mapped form of 127.0.0.1, a loopback address'],
    ['::ffff:7f00:1', 'an IPv4-mapped form of 127.0.0.1, a loopback address'],
    ['0:0:0:0:0:ffff:7f00:1', 'an IPv4-mapped form of 127.0.0.1, a loopback address'],
    [
      '::ffff:a9fe:a9fe',
      'an IPv4-mapped form of 169.254.169.254, a link-local address (where cloud metadata services answer)',
    ],
    ['::ffff:192.0.2.2', `an IPv4-mapped form of 192.0.2.2, ${DOCUMENTATION}`],
    ['::ffff:c612:1', 'an IPv4-mapped form of 198.18.0.1, a benchmarking address'],
    ['64:ff9b::10.0.0.1', 'a NAT64 form of 10.0.0.1, a private address'],
    ['64:ff9b::7f00:1', 'a NAT64 form of 127.0.0.1, a loopback address'],
    ['64:ff9b::cb00:7107', `a NAT64 form of 203.0.113.7, ${DOCUMENTATION}`],
    ['2002:c0a8:105::1', 'a 6to4 form of 192.168.1.5, a private address'],
    ['2002:c633:6401::1', `a 6to4 form of 198.51.100.1, ${DOCUMENTATION}`],
    ['::127.0.0.1', 'a reserved address'],
    ['100::1', 'a reserved address'],
    ['5f00::1', 'a reserved address'],
    ['localhost', 'not an IP address'],
  ])('refuses %s as %s', (address, why) => {
    expect(whyNotPublic(address)).toBe(why);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '198.20.0.1',
    '203.0.114.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2001:db9::1',
    '3fff:1000::1',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:0808:0808::1',
  ])('lets the public address %s through', (address) => {
    expect(whyNotPublic(address)).toBeUndefined();
  });

  describe("with this machine's own addresses", () => {
    // Public addresses, so that only the machine's own list can refuse them.
    const own = ownAddressList(['127.0.0.1', '::1', '93.184.215.14', '2606:4700:4700::1111', 'fe80::1%eth0']);

    it.each([
      ['93.184.215.14', OWN],
      ['2606:4700:4700::1111', OWN],
      ['2606:4700:4700:0:0:0:0:1111', OWN],
      ['2606:4700:4700::1111%eth0', OWN],
      ['::ffff:93.184.215.14', `an IPv4-mapped form of 93.184.215.14, ${OWN}`],
      ['::ffff:5db8:d70e', `an IPv4-mapped form of 93.184.215.14, ${OWN}`],
      ['64:ff9b::93.184.215.14', `a NAT64 form of 93.184.215.14, ${OWN}`],
      ['2002:5db8:d70e::1', `a 6to4 form of 93.184.215.14, ${OWN}`],
      ['127.0.0.1', 'a loopback address'],
      ['::1', 'a loopback address'],
      ['fe80::1', OWN],
      ['fe80::2', 'a link-local address'],
    ])('refuses %s as %s', (address, why) => {
      expect(whyNotPublic(address, own)).toBe(why);
    });

    it('names this machine before the range an address of it is in (a documentation address given to an interface)', () => {
      expect(whyNotPublic('192.0.2.2', ownAddressList(['192.0.2.2']))).toBe(OWN);
    });

    it('lets through the addresses of other machines', () => {
      expect(whyNotPublic('93.184.215.15', own)).toBeUndefined();
      expect(whyNotPublic('2606:4700:4700::1112', own)).toBeUndefined();
    });
  });
});
