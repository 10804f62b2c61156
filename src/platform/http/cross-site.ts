import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './errors';

/**
 * Cross-site request forgery protection for cookie-authenticated forms, in place of Astro's origin
 * check (security.checkOrigin), which refused every body-less POST or DELETE without an Origin
 * header with a plain-text 403, so API clients could not log out or empty a cart.
 *
 * Refused: a state-changing request that carries cookies, no Authorization header, a body a plain
 * HTML form can send (or none), and that the browser marks as coming from another site. Answered
 * normally: bearer-token calls (a foreign page cannot set that header), calls without cookies
 * (nothing to ride on), JSON bodies (a browser asks with a CORS preflight first) and clients that
 * are not browsers (every current browser sends Origin or Sec-Fetch-Site on such a request).
 */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_MEDIA_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

export interface RequestFacts {
  method: string;
  header(name: string): string | null | undefined;
}

/** Whether the Origin header names the host the request was sent to (scheme aside: TLS may end at a proxy). */
function sameHost(origin: string, host: string | null | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

export function isCrossSiteFormRequest(request: RequestFacts): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (request.header('authorization') || !request.header('cookie')) return false;
  const contentType = request.header('content-type');
  if (contentType && !FORM_MEDIA_TYPES.test(contentType.trim())) return false;
  const fetchSite = request.header('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.header('origin');
  return origin ? !sameHost(origin, request.header('host')) : false;
}

/** Middleware: 403 FORBIDDEN as `{ code, message }` for a cross-site form. */
export function refuseCrossSiteForms(): MiddlewareHandler {
  return async (c, next) => {
    if (isCrossSiteFormRequest({ method: c.req.method, header: (name) => c.req.header(name) })) return errorResponse(c, 403, 'FORBIDDEN');
    return next();
  };
}
