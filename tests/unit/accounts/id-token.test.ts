import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { JwksClient, JwksUnavailableError, verifyIdToken, type FetchLike } from '../../../src/platform/auth';

function rsaKey(kid: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, privateKey, publicKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' } };
}

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function mint(claims: Record<string, unknown>, privateKey: KeyObject, header: Record<string, unknown>): string {
  const input = `${segment(header)}.${segment(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
}

const first = rsaKey('k1');
const expectations = { issuers: ['https://issuer.example'], audiences: ['client-1'], nowSeconds: 10_000 };
const valid = { iss: 'https://issuer.example', aud: 'client-1', sub: 'person', exp: 10_600, iat: 9_900 };
const token = (claims: Record<string, unknown> = valid, header: Record<string, unknown> = { alg: 'RS256', kid: 'k1' }, key = first.privateKey) => mint(claims, key, header);

describe('verifyIdToken (RS256 ID tokens through jose)', () => {
  const verify = (candidate: string) => verifyIdToken(candidate, first.publicKey, expectations);

  it('accepts a valid token, also when our client id is one of several audiences', async () => {
    expect(await verify(token())).toMatchObject({ ok: true, claims: { sub: 'person' } });
    expect((await verify(token({ ...valid, aud: ['other', 'client-1'] }))).ok).toBe(true);
  });

  it.each([
    ['issuer', { ...valid, iss: 'https://evil.example' }],
    ['audience', { ...valid, aud: 'client-2' }],
    ['expired', { ...valid, exp: 9_000 }],
    ['not-yet-valid', { ...valid, nbf: 11_000 }],
    ['not-yet-valid', { ...valid, iat: 11_000 }],
    ['malformed', { ...valid, sub: '' }],
    ['malformed', { iss: valid.iss, aud: valid.aud, sub: 'person' }],
  ])('refuses with reason %s', async (reason, claims) => {
    expect(await verify(token(claims))).toEqual({ ok: false, reason });
  });

  it('tolerates a minute of clock difference, not more', async () => {
    expect((await verify(token({ ...valid, exp: 9_950 }))).ok).toBe(true);
    expect(await verify(token({ ...valid, exp: 9_930 }))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses other algorithms, alg none, another key and unknown critical extensions', async () => {
    expect(await verify(token(valid, { alg: 'HS256', kid: 'k1' }))).toEqual({ ok: false, reason: 'algorithm' });
    expect(await verify(`${segment({ alg: 'none' })}.${segment(valid)}.`)).toEqual({ ok: false, reason: 'algorithm' });
    expect(await verify(token(valid, { alg: 'RS256', kid: 'k1' }, rsaKey('k1').privateKey))).toEqual({ ok: false, reason: 'signature' });
    expect(await verify(token(valid, { alg: 'RS256', kid: 'k1', crit: ['x-unknown'], 'x-unknown': true }))).toEqual({ ok: false, reason: 'malformed' });
    expect(await verify('not.a.token')).toEqual({ ok: false, reason: 'malformed' });
  });
});

/** A JWKS endpoint whose keys can be changed, counting its fetches. */
function keyServer(keys: object[]) {
  const state = { keys, fetches: 0, down: false };
  const fetchImpl: FetchLike = async () => {
    state.fetches += 1;
    if (state.down) throw new TypeError('fetch failed');
    return new Response(JSON.stringify({ keys: state.keys }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { state, fetchImpl };
}

describe('JwksClient (provider key sets)', () => {
  const url = 'https://issuer.example/keys';
  // Rotation and caching run on the real clock (jose's cache), so the token times must be real too.
  const now = () => Math.floor(Date.now() / 1000);
  const live = (kid: string, key: KeyObject) => token({ ...valid, iat: now(), exp: now() + 600 }, { alg: 'RS256', kid }, key);
  const expectNow = () => ({ ...expectations, nowSeconds: now() });

  it('fetches the key set once for concurrent sign-ins and caches it', async () => {
    const { state, fetchImpl } = keyServer([first.jwk]);
    const client = new JwksClient(fetchImpl);
    const results = await Promise.all(Array.from({ length: 5 }, () => client.verifyIdToken(live('k1', first.privateKey), url, expectNow())));
    expect(results.every((result) => result.ok)).toBe(true);
    await client.verifyIdToken(live('k1', first.privateKey), url, expectNow());
    expect(state.fetches).toBe(1);
  });

  it('picks up a rotated key (unknown kid) with one refetch, at most once a minute', async () => {
    const second = rsaKey('k2');
    const { state, fetchImpl } = keyServer([first.jwk]);
    const client = new JwksClient(fetchImpl);
    // jose measures cache age and refetch cooldown with Date.now(); only Date is faked.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect((await client.verifyIdToken(live('k1', first.privateKey), url, expectNow())).ok).toBe(true);
      state.keys = [first.jwk, second.jwk];
      // Within the cooldown an unknown kid is refused without asking the provider again.
      expect(await client.verifyIdToken(live('k2', second.privateKey), url, expectNow())).toEqual({ ok: false, reason: 'unknown-key' });
      expect(state.fetches).toBe(1);
      vi.setSystemTime(Date.now() + 61_000);
      expect((await client.verifyIdToken(live('k2', second.privateKey), url, expectNow())).ok).toBe(true);
      expect(state.fetches).toBe(2);
      expect(await client.verifyIdToken(live('k3', rsaKey('k3').privateKey), url, expectNow())).toEqual({ ok: false, reason: 'unknown-key' });
      expect(state.fetches).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('throws JwksUnavailableError when the provider cannot be asked', async () => {
    const { state, fetchImpl } = keyServer([first.jwk]);
    state.down = true;
    await expect(new JwksClient(fetchImpl).verifyIdToken(live('k1', first.privateKey), url, expectNow())).rejects.toBeInstanceOf(JwksUnavailableError);
    const notJwks: FetchLike = async () => new Response('<html>', { status: 200 });
    await expect(new JwksClient(notJwks).verifyIdToken(live('k1', first.privateKey), url, expectNow())).rejects.toBeInstanceOf(JwksUnavailableError);
    const error500: FetchLike = async () => new Response('{}', { status: 500 });
    await expect(new JwksClient(error500).verifyIdToken(live('k1', first.privateKey), url, expectNow())).rejects.toBeInstanceOf(JwksUnavailableError);
  });
});
