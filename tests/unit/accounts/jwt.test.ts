import { describe, expect, it } from 'vitest';
import { parseDuration, signHs256, verifyHs256 } from '../../../src/platform/auth';

const secret = Buffer.from('a-test-secret-that-is-long-enough-for-hs256');

describe('HS256 login tokens', () => {
  it('round-trips and checks expiry', () => {
    const token = signHs256({ sub: 'u1', sid: 's1', exp: 1000 }, secret);
    expect(verifyHs256(token, secret, 999)).toEqual({ ok: true, claims: { sub: 'u1', sid: 's1', exp: 1000 } });
    expect(verifyHs256(token, secret, 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses other keys, tampering, alg none and malformed tokens', () => {
    const token = signHs256({ sub: 'u1', exp: 2000 }, secret);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(verifyHs256(token, Buffer.from('another-secret-another-secret-another'), 1).ok).toBe(false);
    const tampered = Buffer.from(JSON.stringify({ sub: 'admin', exp: 2000 })).toString('base64url');
    expect(verifyHs256(`${header}.${tampered}.${signature}`, secret, 1)).toEqual({ ok: false, reason: 'signature' });
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(verifyHs256(`${none}.${payload}.`, secret, 1)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyHs256('a.b', secret, 1)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyHs256(`${header}.${payload}.${signature}!`, secret, 1)).toEqual({ ok: false, reason: 'signature' });
  });
});

describe('parseDuration (AUTH_TOKEN_TTL)', () => {
  it('reads seconds and s/m/h/d suffixes', () => {
    expect(parseDuration('3600')).toBe(3600);
    expect(parseDuration('15m')).toBe(900);
    expect(parseDuration('12h')).toBe(43_200);
    expect(parseDuration('30d')).toBe(2_592_000);
    expect(parseDuration('0')).toBeNull();
    expect(parseDuration('soon')).toBeNull();
  });
});
