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
 * The caller's IP for per-IP limits. The API runs inside Astro's handler, which does not hand the
 * socket to Hono, so the address comes from the fetch env (`api.fetch(request, { clientAddress })`)
 * or, behind a proxy the operator trusts (TRUST_PROXY=true), from X-Forwarded-For. Unknown means
 * no per-IP limit, rather than one shared bucket that would let anyone lock everybody out.
 */
export function clientIp(c: Context, env: NodeJS.ProcessEnv = process.env): string | null {
  const fromEnv = (c.env as { clientAddress?: unknown } | undefined)?.clientAddress;
  if (typeof fromEnv === 'string' && fromEnv) return fromEnv;
  if (env.TRUST_PROXY === 'true') {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return null;
}
