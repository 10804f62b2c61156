import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectedNonceClaim, idTokenReplayKey, nonceMatches, replayGuardUntil, signingInputOf } from '../../../src/features/accounts/server/social-token-checks';

const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
const RAW = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';

describe('nonce conventions', () => {
  it('Google: the claim is the raw nonce', () => {
    expect(expectedNonceClaim('google', RAW)).toBe(RAW);
    expect(nonceMatches('google', RAW, RAW)).toBe(true);
    expect(nonceMatches('google', RAW, sha256Hex(RAW))).toBe(false);
  });

  it('Apple: the claim is the SHA-256 of the raw nonce in hex', () => {
    expect(expectedNonceClaim('apple', RAW)).toBe(sha256Hex(RAW));
    expect(nonceMatches('apple', RAW, sha256Hex(RAW))).toBe(true);
    // The raw value in the claim is not Apple's convention: the raw nonce would then be in the token.
    expect(nonceMatches('apple', RAW, RAW)).toBe(false);
    // Sending the hash instead of the raw value does not work either.
    expect(nonceMatches('apple', sha256Hex(RAW), sha256Hex(RAW))).toBe(false);
  });

  // [label, raw nonce sent, Google claim, Apple claim]
  it.each([
    ['no nonce sent', undefined, RAW, sha256Hex(RAW)],
    ['an empty nonce', '', '', sha256Hex('')],
    ['a non-string nonce', 42, 42, 42],
    ['no claim', RAW, undefined, undefined],
    ['an empty claim', RAW, '', ''],
    ['a different nonce', RAW, 'ffffffffffffffffffffffffffffffff', sha256Hex('ffffffffffffffffffffffffffffffff')],
    ['an overlong nonce', 'a'.repeat(257), 'a'.repeat(257), sha256Hex('a'.repeat(257))],
  ])('never matches with %s', (_label, raw, googleClaim, appleClaim) => {
    expect(nonceMatches('google', raw, googleClaim)).toBe(false);
    expect(nonceMatches('apple', raw, appleClaim)).toBe(false);
  });
});

describe('replay key', () => {
  const signed = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0';

  it('uses the jti, scoped to provider and issuer, when there is one', () => {
    const key = idTokenReplayKey('google', { iss: 'https://accounts.google.com', jti: 'abc' }, signed);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    // Same jti in another token from the same issuer: same key.
    expect(idTokenReplayKey('google', { iss: 'https://accounts.google.com', jti: 'abc' }, `${signed}x`)).toBe(key);
    expect(idTokenReplayKey('google', { iss: 'https://other.example', jti: 'abc' }, signed)).not.toBe(key);
    expect(idTokenReplayKey('apple', { iss: 'https://accounts.google.com', jti: 'abc' }, signed)).not.toBe(key);
  });

  it('falls back to the signed part of the token without a jti', () => {
    const key = idTokenReplayKey('apple', { iss: 'https://appleid.apple.com' }, signed);
    expect(key).toBe(idTokenReplayKey('apple', { iss: 'https://appleid.apple.com', jti: '' }, signed));
    expect(idTokenReplayKey('apple', { iss: 'https://appleid.apple.com' }, `${signed}x`)).not.toBe(key);
  });

  it('takes header.payload of a compact JWS, ignoring how the signature is spelled', () => {
    expect(signingInputOf('aaa.bbb.ccc')).toBe('aaa.bbb');
    expect(signingInputOf('aaa.bbb.ccd')).toBe('aaa.bbb');
    expect(signingInputOf('garbage')).toBe('');
  });

  it('remembers a token until exp + leeway + margin', () => {
    expect(replayGuardUntil({ exp: 1_000 }, 60, 300)?.getTime()).toBe(1_360_000);
    expect(replayGuardUntil({}, 60)).toBeNull();
    expect(replayGuardUntil({ exp: '1000' }, 60)).toBeNull();
  });
});
