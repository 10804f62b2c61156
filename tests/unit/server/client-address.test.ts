import { describe, expect, it } from 'vitest';
import { clientAddress, normalizeAddress, parseTrustProxy } from '../../../src/platform/server/client-address';

const PROXY = '10.0.0.5';

describe('TRUST_PROXY', () => {
  it('reads off, a number of proxies, or a list of addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toEqual({ kind: 'none' });
    expect(parseTrustProxy('false')).toEqual({ kind: 'none' });
    expect(parseTrustProxy(' ')).toEqual({ kind: 'none' });
    expect(parseTrustProxy('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8, ::1, 192.0.2.7').kind).toBe('list');
  });

  it('refuses a setting it cannot understand at start, naming it', () => {
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY: "yes"/);
    expect(() => parseTrustProxy('10.0.0.0/eight')).toThrow(/10\.0\.0\.0\/eight/);
  });
});

describe('the client address', () => {
  it('is the socket peer without TRUST_PROXY, whatever X-Forwarded-For claims', () => {
    const none = parseTrustProxy(undefined);
    expect(clientAddress(PROXY, '203.0.113.9', none)).toBe(PROXY);
    expect(clientAddress('::ffff:127.0.0.1', undefined, none)).toBe('127.0.0.1');
    expect(clientAddress(undefined, '203.0.113.9', none)).toBeNull();
  });

  it('behind one trusted proxy is the address that proxy saw (the last entry), not what the client wrote', () => {
    const one = parseTrustProxy('true');
    expect(clientAddress(PROXY, '203.0.113.9', one)).toBe('203.0.113.9');
    // A client that sends its own X-Forwarded-For gets the real address appended by the proxy.
    expect(clientAddress(PROXY, '1.2.3.4, 203.0.113.9', one)).toBe('203.0.113.9');
    // Reached without the proxy's header: the peer itself.
    expect(clientAddress(PROXY, undefined, one)).toBe(PROXY);
  });

  it('behind n proxies walks n entries back', () => {
    expect(clientAddress(PROXY, '1.2.3.4, 203.0.113.9, 10.0.0.4', parseTrustProxy('2'))).toBe('203.0.113.9');
    expect(clientAddress(PROXY, '203.0.113.9', parseTrustProxy('3'))).toBe('203.0.113.9');
  });

  it('with a list walks back past trusted proxies to the first address that is not one', () => {
    const list = parseTrustProxy('10.0.0.0/8, loopback');
    expect(clientAddress(PROXY, '1.2.3.4, 203.0.113.9, 10.0.0.4', list)).toBe('203.0.113.9');
    expect(clientAddress('::1', '2001:db8::7', list)).toBe('2001:db8::7');
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(clientAddress('198.51.100.3', '203.0.113.9', list)).toBe('198.51.100.3');
    // All trusted: the farthest one.
    expect(clientAddress(PROXY, '10.1.1.1', list)).toBe('10.1.1.1');
  });

  it('stops at an entry that is not an IP address, and strips ports and IPv4-mapped prefixes', () => {
    const one = parseTrustProxy('true');
    expect(clientAddress(PROXY, 'unknown', one)).toBe(PROXY);
    expect(clientAddress(PROXY, '203.0.113.9:51234', one)).toBe('203.0.113.9');
    expect(normalizeAddress('[2001:DB8::7]:443')).toBe('2001:db8::7');
    expect(normalizeAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeAddress('<script>')).toBeNull();
  });
});
