import { localizePath, type Locale } from '../../../platform/i18n/locales';

/** Unlocalized paths of the account screens (the shell's ROUTES only knows the ones it links to). */
export const AUTH_ROUTES = {
  login: '/shop/login/',
  loginCallback: '/shop/login/callback/',
  phoneLogin: '/shop/phone-login/',
  register: '/shop/register/',
  forgotPassword: '/shop/forgot-password/',
  resetPassword: '/shop/reset-password/',
  verifyEmail: '/shop/verify-email/',
  settings: '/shop/settings/',
  logout: '/logout/',
  terms: '/legal/terms/',
  privacy: '/legal/privacy/',
} as const;

export type AuthRoute = keyof typeof AUTH_ROUTES;

/** Localized href with optional query parameters (empty values are left out). */
export function authHref(route: AuthRoute, locale: Locale, query: Record<string, string | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return localizePath(AUTH_ROUTES[route], locale) + (search ? `?${search}` : '');
}
