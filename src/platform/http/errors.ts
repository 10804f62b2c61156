import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Locale } from '../i18n/locales';
import { ERROR_CODES, errorMessages, type ErrorCode } from './error-codes';
import type { Failure } from './result';

export const ErrorBodySchema = z
  .object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]).openapi({ example: 'MISSING_PARAMS' }),
    message: z.string().openapi({ example: 'Please fill in all required fields.' }),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .openapi('Error');

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export function errorBody(code: ErrorCode, locale: Locale, failure?: Pick<Failure, 'message' | 'fields'>): ErrorBody {
  const body: ErrorBody = { code, message: failure?.message ?? errorMessages[locale][code] };
  if (failure?.fields) body.fields = failure.fields;
  return body;
}

/** The single way a route answers with an error. */
export function errorResponse(c: Context, status: ContentfulStatusCode, code: ErrorCode, failure?: Pick<Failure, 'message' | 'fields'>) {
  const locale = (c.get('locale' as never) as Locale | undefined) ?? 'en';
  // Error answers depend on the request language and the moment: never let a cache keep one.
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody(code, locale, failure), status);
}

/** OpenAPI response entries for the error statuses a route can give. */
export function errorResponses(...statuses: ContentfulStatusCode[]) {
  const descriptions: Partial<Record<number, string>> = {
    400: 'Missing or malformed input (MISSING_PARAMS, BAD_REQUEST)',
    401: 'No valid token (UNAUTHORIZED)',
    403: 'Not allowed (FORBIDDEN)',
    404: 'Not found (NOT_FOUND)',
    409: 'Conflict with the current state',
    422: 'A business rule refused the request',
    429: 'Rate limited (RATE_LIMITED)',
    500: 'Unexpected failure (GENERIC_ERROR)',
    503: 'Service unavailable',
  };
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: descriptions[status] ?? 'Error', content: { 'application/json': { schema: ErrorBodySchema } } },
    ]),
  );
}
