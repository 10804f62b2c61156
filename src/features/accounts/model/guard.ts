import type { Locale } from '../../../platform/i18n/locales';

/**
 * Route guard logic (spec §2): a protected page without a stored token sends the visitor to login
 * with `redirect` = the current path without the /shop prefix; after login the visitor comes back.
 */

/**
 * Login URL for a protected page, e.g. ('/de/shop/orders', '') -> '/de/shop/login?redirect=%2Forders'.
 * Self-contained on purpose (no imports, no outer constants): BaseLayout inlines its source into a
 * <head> script so the redirect happens before first paint, without loading any module.
 */
export function loginRedirectUrl(pathname: string, search: string): string {
  const german = /^\/de(\/|$)/.test(pathname);
  let rest = german ? pathname.slice(3) : pathname;
  rest = rest.replace(/^\/shop(?=\/|$)/, '');
  if (rest.length > 1 && rest.endsWith('/')) rest = rest.slice(0, -1);
  if (rest === '') rest = '/';
  const query = search && search !== '?' ? (search.charAt(0) === '?' ? search : '?' + search) : '';
  return (german ? '/de' : '') + '/shop/login?redirect=' + encodeURIComponent(rest + query);
}

const ORIGIN = 'https://apobote.invalid';
/** Going "back" to these after login makes no sense, so they land on the shop home instead. */
const NO_RETURN = /^\/(login|logout|register)(\/|$)/;

/**
 * Where to go after login. The redirect parameter is attacker-controlled (a link can carry any
 * value), so only a same-origin path under /shop is ever returned: absolute and protocol-relative
 * URLs, backslashes, control characters and `..` escapes all fall back to the shop home.
 */
export function safeRedirectTarget(redirectParam: string | null | undefined, locale: Locale): string {
  const prefix = locale === 'de' ? '/de/shop' : '/shop';
  const home = prefix + '/';
  if (!redirectParam) return home;
  if (!redirectParam.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(redirectParam)) return home;
  if (redirectParam.startsWith('//')) return home;

  // Tolerate a full path (/shop/x or /de/shop/x) as well as the spec's /shop-less form.
  const relative = redirectParam.replace(/^\/de(?=\/|$)/, '').replace(/^\/shop(?=\/|$|\?|#)/, '') || '/';
  if (!relative.startsWith('/') && !relative.startsWith('?') && !relative.startsWith('#')) return home;

  let url: URL;
  try {
    url = new URL(prefix + relative, ORIGIN);
  } catch {
    return home;
  }
  if (url.origin !== ORIGIN) return home;
  if (url.pathname !== prefix && !url.pathname.startsWith(prefix + '/')) return home;
  const inShop = url.pathname.slice(prefix.length) || '/';
  if (NO_RETURN.test(inShop)) return home;
  return url.pathname + url.search + url.hash;
}

/**
 * The inline <head> script of protected pages: no token -> replace the location with the login URL
 * before anything renders. Storage errors count as "no token".
 */
export function guardInlineScript(tokenKey: string): string {
  return (
    '(function(){var t=null;try{t=localStorage.getItem(' +
    JSON.stringify(tokenKey) +
    ')}catch(e){}if(!t){document.documentElement.setAttribute("data-redirecting","");location.replace((' +
    loginRedirectUrl.toString() +
    ')(location.pathname,location.search))}})();'
  );
}
