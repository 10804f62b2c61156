import { z } from '@hono/zod-openapi';
import type { Context, Input } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEnv } from './app';
import type { ErrorCode } from './error-codes';
import { errorBody, errorResponses, type ErrorBodySchema } from './errors';
import type { Failure } from './result';

/**
 * For routes whose inputs are all optional (query filters, paging) or always present (path
 * parameters), nothing can be "missing": any refusal is a malformed value, so BAD_REQUEST.
 */
export function badRequestHook<P extends string, I extends Input>(result: { success: boolean }, c: Context<ApiEnv, P, I>) {
  return result.success ? undefined : errorJson(c, 400, 'BAD_REQUEST');
}

/**
 * The platform's error answer typed with its literal status, so an OpenAPI handler's return type
 * checks against the statuses its route declares. Errors are never cached.
 */
export function errorJson<S extends ContentfulStatusCode, P extends string, I extends Input, E extends ApiEnv = ApiEnv>(
  c: Context<E, P, I>,
  status: S,
  code: ErrorCode,
  failure?: Pick<Failure, 'message' | 'fields'>,
) {
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody(code, c.var.locale ?? 'en', failure), status);
}

/** An OpenAPI JSON response entry. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

type ErrorEntry = { description: string; content: { 'application/json': { schema: typeof ErrorBodySchema } } };

/** errorResponses() keyed by literal status, so handlers may return each declared error status. */
export function errorEntries<const S extends readonly ContentfulStatusCode[]>(...statuses: S) {
  return errorResponses(...statuses) as { [K in S[number]]: ErrorEntry };
}

/**
 * `schema | null` for a schema registered as an OpenAPI component. `.nullable()` on it makes the
 * generator mark the component itself nullable, so every other use would read as nullable too.
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);
