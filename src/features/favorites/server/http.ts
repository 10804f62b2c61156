import type { Context, Input } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AuthEnv } from '../../../platform/auth';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { errorBody } from '../../../platform/http/errors';

/**
 * The platform's error answer for handlers behind requireAuth, as in the cart feature (the platform's errorJson is typed
 * for the plain API env, and Hono contexts do not widen), with the literal status the route declares.
 */
export function authErrorJson<S extends ContentfulStatusCode, P extends string, I extends Input>(c: Context<AuthEnv, P, I>, status: S, code: ErrorCode) {
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody(code, c.var.locale), status);
}
