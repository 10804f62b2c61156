import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../http/app';
import { errorResponse } from '../http/errors';
import type { Role } from './roles';
import { authenticate, type AuthContext } from './sessions';

/** Handlers behind requireAuth see `c.var.auth`; behind optionalAuth it may be undefined. */
export type AuthEnv = ApiEnv & { Variables: { auth: AuthContext } };
export type OptionalAuthEnv = ApiEnv & { Variables: { auth: AuthContext | undefined } };

/** "Authorization: Bearer <token>" (spec §6); the scheme is case-insensitive per RFC 7235. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

async function resolve(c: Context<AuthEnv> | Context<OptionalAuthEnv>): Promise<AuthContext | null> {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) return null;
  const { db, clock } = c.var.ctx;
  return authenticate(db, token, clock.now());
}

/** 401 UNAUTHORIZED unless the request carries a valid token of a live session. */
export function requireAuth(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const auth = await resolve(c);
    if (!auth) return errorResponse(c, 401, 'UNAUTHORIZED');
    c.set('auth', auth);
    await next();
  };
}

/**
 * For calls that work without login but do more with it. A token that is present but invalid is
 * still a 401, so a client with a stale token learns it must log in again.
 */
export function optionalAuth(): MiddlewareHandler<OptionalAuthEnv> {
  return async (c, next) => {
    if (c.req.header('authorization') === undefined) {
      c.set('auth', undefined);
      return next();
    }
    const auth = await resolve(c);
    if (!auth) return errorResponse(c, 401, 'UNAUTHORIZED');
    c.set('auth', auth);
    await next();
  };
}

/** Use after requireAuth: 403 FORBIDDEN for any other role. */
export function requireRole(...roles: Role[]): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    if (!auth) return errorResponse(c, 401, 'UNAUTHORIZED');
    if (!roles.includes(auth.role)) return errorResponse(c, 403, 'FORBIDDEN');
    await next();
  };
}
