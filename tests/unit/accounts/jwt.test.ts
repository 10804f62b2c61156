import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeJwt, parseDuration, publicKeyFromJwk, selectJwk, signHs256, verifyHs256, verifyRs256IdToken } from '../../../src/platform/auth';

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

describe('RS256 ID tokens', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig' };
  const mint = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256', kid: 'k1' }) => {
    const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
  };
  const expect_ = { issuers: ['https://issuer.example'], audiences: ['client-1'], nowSeconds: 10_000 };
  const valid = { iss: 'https://issuer.example', aud: 'client-1', sub: 'person', exp: 10_600, iat: 9_900 };
  const key = publicKeyFromJwk(jwk)!;
  const verify = (token: string) => verifyRs256IdToken(decodeJwt(token)!, key, expect_);

  it('accepts a valid token', () => {
    expect(verify(mint(valid))).toMatchObject({ ok: true, claims: { sub: 'person' } });
    expect(verify(mint({ ...valid, aud: ['other', 'client-1'] })).ok).toBe(true);
  });

  it.each([
    ['issuer', { ...valid, iss: 'https://evil.example' }],
    ['audience', { ...valid, aud: 'client-2' }],
    ['expired', { ...valid, exp: 9_000 }],
    ['not-yet-valid', { ...valid, nbf: 11_000 }],
    ['malformed', { ...valid, sub: '' }],
  ])('refuses with reason %s', (reason, claims) => {
    expect(verify(mint(claims))).toEqual({ ok: false, reason });
  });

  it('refuses another algorithm and a signature by another key', () => {
    expect(verify(mint(valid, { alg: 'HS256', kid: 'k1' }))).toEqual({ ok: false, reason: 'algorithm' });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(verifyRs256IdToken(decodeJwt(mint(valid))!, other, expect_)).toEqual({ ok: false, reason: 'signature' });
  });

  it('selects the key by kid', () => {
    expect(selectJwk([jwk], 'k1')).toBe(jwk);
    expect(selectJwk([jwk], 'k2')).toBeUndefined();
    expect(selectJwk([jwk], undefined)).toBe(jwk);
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
