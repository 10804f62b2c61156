import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nonceForProvider, readCallback, startSignIn } from '../../../src/features/accounts/browser/social';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const stored = (storage: ReturnType<typeof memory>) => JSON.parse(storage.map.get('apobote.oauth') ?? 'null') as { nonce: string | null } | null;
const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

describe('social sign-in round trip', () => {
  it("builds the provider's authorization URL with a callback for the page language, a state and a nonce", async () => {
    const storage = memory();
    const url = new URL(await startSignIn('google', 'client-1', { origin: 'https://shop.example', locale: 'de', redirect: '/orders', storage }));
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('redirect_uri')).toBe('https://shop.example/de/shop/login/callback/');
    expect(url.searchParams.get('response_type')).toBe('id_token');
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    // Google embeds the raw nonce; the page keeps the same value for the API call.
    const nonce = url.searchParams.get('nonce') ?? '';
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(stored(storage)?.nonce).toBe(nonce);

    expect(readCallback(`#id_token=abc.def.ghi&state=${state}`, storage)).toEqual({ ok: true, provider: 'google', kind: 'idToken', token: 'abc.def.ghi', nonce, redirect: '/orders' });
    // Single use: state and nonce are gone from storage, and the same answer a second time is refused.
    expect(storage.map.size).toBe(0);
    expect(readCallback(`#id_token=abc.def.ghi&state=${state}`, storage)).toEqual({ ok: false });
  });

  it('refuses an answer whose state this tab did not create', async () => {
    const storage = memory();
    await startSignIn('facebook', 'app', { origin: 'https://shop.example', locale: 'en', redirect: null, storage });
    expect(readCallback('#access_token=tok&state=forged', storage)).toEqual({ ok: false });
    expect(storage.map.size).toBe(0);
  });

  it('takes an access token from Facebook (no nonce) and an ID token from Apple (hashed nonce sent to Apple)', async () => {
    const storage = memory();
    const fb = new URL(await startSignIn('facebook', 'app', { origin: 'https://shop.example', locale: 'en', redirect: null, storage }));
    expect(fb.searchParams.get('response_type')).toBe('token');
    expect(fb.searchParams.has('nonce')).toBe(false);
    expect(readCallback(`#access_token=tok&state=${fb.searchParams.get('state')}`, storage)).toMatchObject({ ok: true, kind: 'accessToken', token: 'tok' });
    const apple = new URL(await startSignIn('apple', 'de.apobote', { origin: 'https://shop.example', locale: 'en', redirect: null, storage }));
    expect(apple.searchParams.get('response_mode')).toBe('fragment');
    const raw = stored(storage)?.nonce ?? '';
    expect(raw).toMatch(/^[0-9a-f]{32}$/);
    expect(apple.searchParams.get('nonce')).toBe(sha256Hex(raw));
    expect(readCallback(`#code=c&id_token=idt&state=${apple.searchParams.get('state')}`, storage)).toMatchObject({ ok: true, provider: 'apple', token: 'idt', nonce: raw });
  });

  it('refuses an ID token when the stored sign-in has no nonce (started by an older page)', () => {
    const storage = memory();
    storage.setItem('apobote.oauth', JSON.stringify({ state: 's1', provider: 'google', redirect: null }));
    expect(readCallback('#id_token=a.b.c&state=s1', storage)).toEqual({ ok: false });
  });

  it('hashes the nonce for Apple only', async () => {
    expect(await nonceForProvider('google', 'raw-nonce')).toBe('raw-nonce');
    expect(await nonceForProvider('apple', 'raw-nonce')).toBe(sha256Hex('raw-nonce'));
  });
});
