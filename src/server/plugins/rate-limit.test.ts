import { describe, expect, it } from 'vitest';
import { clientNetwork } from './rate-limit';

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b:1:2::203.0.113.9', '64:ff9b:1:2::/64'],
    ['not an address', 'not an address'],
  ])('keys %s on %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});
