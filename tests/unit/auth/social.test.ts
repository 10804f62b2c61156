import { describe, expect, it } from 'vitest';
import { readCallback, startSignIn } from '../../../src/features/auth/model/social';

function memory() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

describe('social sign-in round trip', () => {
  it("builds the provider's authorization URL with a callback for the page language and a state", () => {
    const storage = memory();
    const url = new URL(startSignIn('google', 'client-1', { origin: 'https://shop.example', locale: 'de', redirect: '/orders', storage }));
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('redirect_uri')).toBe('https://shop.example/de/shop/login/callback/');
    expect(url.searchParams.get('response_type')).toBe('id_token');
    const state = url.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[0-9a-f]{32}$/);

    expect(readCallback(`#id_token=abc.def.ghi&state=${state}`, storage)).toEqual({ ok: true, provider: 'google', kind: 'idToken', token: 'abc.def.ghi', redirect: '/orders' });
    // Single use: the same answer a second time is refused.
    expect(readCallback(`#id_token=abc.def.ghi&state=${state}`, storage)).toEqual({ ok: false });
  });

  it('refuses an answer whose state this tab did not create', () => {
    const storage = memory();
    startSignIn('facebook', 'app', { origin: 'https://shop.example', locale: 'en', redirect: null, storage });
    expect(readCallback('#access_token=tok&state=forged', storage)).toEqual({ ok: false });
  });

  it('takes an access token from Facebook and an ID token from Apple', () => {
    const storage = memory();
    const fb = new URL(startSignIn('facebook', 'app', { origin: 'https://shop.example', locale: 'en', redirect: null, storage }));
    expect(fb.searchParams.get('response_type')).toBe('token');
    expect(readCallback(`#access_token=tok&state=${fb.searchParams.get('state')}`, storage)).toMatchObject({ ok: true, kind: 'accessToken', token: 'tok' });
    const apple = new URL(startSignIn('apple', 'de.apobote', { origin: 'https://shop.example', locale: 'en', redirect: null, storage }));
    expect(apple.searchParams.get('response_mode')).toBe('fragment');
    expect(readCallback(`#code=c&id_token=idt&state=${apple.searchParams.get('state')}`, storage)).toMatchObject({ ok: true, provider: 'apple', token: 'idt' });
  });
});
