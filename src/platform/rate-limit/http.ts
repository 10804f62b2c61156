import type { Context } from 'hono';
import { errorBody } from '../http/errors';
import type { Locale } from '../i18n/locales';

/** 429 RATE_LIMITED with Retry-After (seconds), the answer every limited call gives. */
export function rateLimitedResponse(c: Context, retryAfterSeconds: number) {
  c.header('Retry-After', String(retryAfterSeconds));
  const locale = (c.get('locale' as never) as Locale | undefined) ?? 'en';
  return c.json(errorBody('RATE_LIMITED', locale), 429);
}

/**
 * The caller's IP for per-IP limits, as the server decided it: the socket's address, or behind a
 * proxy the operator trusts (TRUST_PROXY) the client's from X-Forwarded-For (see
 * platform/server/client-address.ts). It arrives in the fetch env (`api.fetch(request, {
 * clientAddress })`). Unknown means no per-IP limit, rather than one shared bucket that would let
 * anyone lock everybody out.
 */
export function clientIp(c: Context): string | null {
  const fromEnv = (c.env as { clientAddress?: unknown } | undefined)?.clientAddress;
  return typeof fromEnv === 'string' && fromEnv ? fromEnv : null;
}
