import type { Locale } from '../../../platform/i18n/locales';
import { AUTH_ROUTES } from './routes';
import { localizePath } from '../../../platform/i18n/locales';

export type SocialProviderId = 'apple' | 'google' | 'facebook';

/**
 * Social sign-in in the browser without the providers' SDKs (no third-party script on the page):
 * each provider's standard authorization redirect returns the token in the URL fragment of our
 * callback route, which hands it to POST /api/v1/user/auth/<provider>. A random `state` kept in this
 * tab ties the answer to a sign-in this tab started (otherwise a link could log a visitor into
 * someone else's account).
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
}

function randomToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function callbackUrl(origin: string, locale: Locale): string {
  return origin + localizePath(AUTH_ROUTES.loginCallback, locale);
}

/** The provider's authorization URL; remembers the state so the callback can check it. */
export function startSignIn(
  provider: SocialProviderId,
  clientId: string,
  options: { origin: string; locale: Locale; redirect: string | null; storage?: Pick<Storage, 'setItem'> },
): string {
  const state = randomToken();
  const pending: PendingSignIn = { state, provider, redirect: options.redirect };
  (options.storage ?? sessionStorage).setItem(STATE_KEY, JSON.stringify(pending));
  const url = new URL(AUTHORIZE[provider]);
  const params: Record<string, string> = {
    client_id: clientId,
    redirect_uri: callbackUrl(options.origin, options.locale),
    state,
  };
  if (provider === 'google') Object.assign(params, { response_type: 'id_token', scope: 'openid email profile', nonce: randomToken(), prompt: 'select_account' });
  if (provider === 'apple') Object.assign(params, { response_type: 'code id_token', response_mode: 'fragment', nonce: randomToken() });
  if (provider === 'facebook') Object.assign(params, { response_type: 'token', scope: 'email' });
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export type CallbackResult =
  | { ok: true; provider: SocialProviderId; kind: 'idToken' | 'accessToken'; token: string; redirect: string | null }
  | { ok: false };

/** Reads the fragment the provider sent back and checks it against the pending sign-in (used once). */
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
  return idToken ? { ok: true, provider: pending.provider, kind: 'idToken', token: idToken, redirect: pending.redirect } : { ok: false };
}
