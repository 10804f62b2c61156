import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../src/platform/rate-limit';

describe('clientKey (who a rate limit counts)', () => {
  it('keeps IPv4 addresses and unknown callers as they are', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey(null)).toBeNull();
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(clientKey('2001:db8:7:1::1')).toBe('2001:db8:7:1::/64');
    expect(clientKey('2001:0DB8:0007:0001:abcd:ef01:2345:6789')).toBe('2001:db8:7:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8:7:2::1')).not.toBe(clientKey('2001:db8:7:1::1'));
  });

  it('reads an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('leaves anything that is not an address untouched (it is only hashed into a key)', () => {
    expect(clientKey('not-an-ip')).toBe('not-an-ip');
  });
});
