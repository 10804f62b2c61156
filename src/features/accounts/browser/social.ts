import type { Locale } from '../../../platform/i18n/locales';
import { AUTH_ROUTES } from '../model/routes';
import { localizePath } from '../../../platform/i18n/locales';

export type SocialProviderId = 'apple' | 'google' | 'facebook';

/**
 * Social sign-in in the browser without the providers' SDKs (no third-party script on the page):
 * each provider's standard authorization redirect returns the token in the URL fragment of our
 * callback route, which hands it to POST /api/v1/user/auth/<provider>. A random `state` kept in this
 * tab ties the answer to a sign-in this tab started (otherwise a link could log a visitor into
 * someone else's account). Apple and Google also get a random `nonce`, which comes back inside the
 * signed ID token; the raw value, kept in this tab only, goes to the API with the token, which
 * refuses a token that lacks it.
 */
const STATE_KEY = 'apobote.oauth';

const AUTHORIZE: Record<SocialProviderId, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
  // Fragment mode returns the ID token to a static page; Apple only sends name/e-mail scopes with
  // form_post, so the e-mail comes from the ID token's own claims.
  apple: 'https://appleid.apple.com/auth/authorize',
  facebook: 'https://www.facebook.com/v21.0/dialog/oauth',
};

export interface PendingSignIn {
  state: string;
  provider: SocialProviderId;
  redirect: string | null;
  /** Apple/Google: the raw nonce of this sign-in (null for Facebook). */
  nonce: string | null;
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function callbackUrl(origin: string, locale: Locale): string {
  return origin + localizePath(AUTH_ROUTES.loginCallback, locale);
}

async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The nonce as the provider is asked to embed it: Google gets the raw value, Apple its SHA-256 in
 * hex (the Sign in with Apple convention; the API hashes the raw nonce it receives to compare).
 */
export async function nonceForProvider(provider: 'apple' | 'google', rawNonce: string): Promise<string> {
  return provider === 'apple' ? sha256Hex(rawNonce) : rawNonce;
}

/** The provider's authorization URL; remembers the state (and nonce) so the callback can check it. */
export async function startSignIn(
  provider: SocialProviderId,
  clientId: string,
  options: { origin: string; locale: Locale; redirect: string | null; storage?: Pick<Storage, 'setItem'> },
): Promise<string> {
  const state = randomToken();
  const nonce = provider === 'facebook' ? null : randomToken();
  const pending: PendingSignIn = { state, provider, redirect: options.redirect, nonce };
  (options.storage ?? sessionStorage).setItem(STATE_KEY, JSON.stringify(pending));
  const url = new URL(AUTHORIZE[provider]);
  const params: Record<string, string> = {
    client_id: clientId,
    redirect_uri: callbackUrl(options.origin, options.locale),
    state,
  };
  if (provider === 'google' && nonce) Object.assign(params, { response_type: 'id_token', scope: 'openid email profile', nonce: await nonceForProvider('google', nonce), prompt: 'select_account' });
  if (provider === 'apple' && nonce) Object.assign(params, { response_type: 'code id_token', response_mode: 'fragment', nonce: await nonceForProvider('apple', nonce) });
  if (provider === 'facebook') Object.assign(params, { response_type: 'token', scope: 'email' });
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export type CallbackResult =
  | { ok: true; provider: 'facebook'; kind: 'accessToken'; token: string; redirect: string | null }
  | { ok: true; provider: 'apple' | 'google'; kind: 'idToken'; token: string; nonce: string; redirect: string | null }
  | { ok: false };

/**
 * Reads the fragment the provider sent back and checks it against the pending sign-in. Single use:
 * the stored state and nonce are removed from sessionStorage here, whatever the outcome; the
 * caller keeps the nonce in memory for the request(s) of this sign-in only.
 */
export function readCallback(hash: string, storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): CallbackResult {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  let pending: PendingSignIn | null = null;
  try {
    pending = JSON.parse(storage.getItem(STATE_KEY) ?? 'null') as PendingSignIn | null;
  } catch {
    pending = null;
  }
  storage.removeItem(STATE_KEY);
  const state = params.get('state');
  if (!pending || !state || pending.state !== state) return { ok: false };
  const idToken = params.get('id_token');
  const accessToken = params.get('access_token');
  if (pending.provider === 'facebook') {
    return accessToken ? { ok: true, provider: 'facebook', kind: 'accessToken', token: accessToken, redirect: pending.redirect } : { ok: false };
  }
  if (!idToken || typeof pending.nonce !== 'string' || !pending.nonce) return { ok: false };
  return { ok: true, provider: pending.provider, kind: 'idToken', token: idToken, nonce: pending.nonce, redirect: pending.redirect };
}
