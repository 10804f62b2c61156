import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { validationErrorCode, type ApiEnv } from '../../../platform/http/app';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { errorBody, ErrorBodySchema } from '../../../platform/http/errors';
import type { Failure } from '../../../platform/http/result';
import { isTooLong, tooLongFields, tooLongMessage } from '../../../platform/http/too-long';
import type { Locale } from '../../../platform/i18n/locales';
import { translator } from '../../../platform/i18n/messages';
import { accountMessages } from '../i18n/messages';

/** Account calls live under /api/v1 (spec §7). */
export const V1 = '/v1';
export const ACCOUNT_TAG = 'accounts';

/**
 * A failure that may say when to try again (RATE_LIMITED answers carry Retry-After), or override
 * the status of its code (a provider that does not answer is GENERIC_ERROR with 502, not 500).
 */
export type AccountFailure = Failure & { retryAfterSeconds?: number; status?: ErrorStatus };
export type AccountResult<T> = { ok: true; value: T } | AccountFailure;

export function rateLimited(retryAfterSeconds: number): AccountFailure {
  return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds };
}

/** Every error status an account call can give, and the codes behind each (documented once). */
const STATUS_OF = {
  MISSING_PARAMS: 400,
  BAD_REQUEST: 400,
  INVALID_EMAIL: 400,
  INVALID_PASSWORD_LENGTH: 400,
  PASSWORD_MISMATCH: 400,
  INVALID_PHONE_NUMBER: 400,
  INCORRECT_PASSWORD: 400,
  INVALID_VERIFICATION_CODE: 400,
  WRONG_CODE_OR_PHONE: 400,
  CODE_EXPIRED_INVALID_OR_USED: 400,
  UNAUTHORIZED: 401,
  SOCIAL_TOKEN_INVALID: 401,
  FORBIDDEN: 403,
  USER_NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  NOT_FOUND: 404,
  DUPLICATE_EMAIL: 409,
  MULTIPLE_ACCOUNTS_FOR_PHONE: 409,
  PHONE_EMAIL_MISMATCH: 409,
  AGE_BELOW_MINIMUM_CRITERIA: 422,
  RATE_LIMITED: 429,
  GENERIC_ERROR: 500,
  SMS_NOT_SENT: 502,
  VERIFICATION_NOT_DELIVERED: 502,
} as const satisfies Partial<Record<ErrorCode, number>>;

type ErrorStatus = (typeof STATUS_OF)[keyof typeof STATUS_OF];

export function statusOf(code: ErrorCode): ErrorStatus {
  return (STATUS_OF as Partial<Record<ErrorCode, ErrorStatus>>)[code] ?? 500;
}

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Refused input: MISSING_PARAMS, BAD_REQUEST, INVALID_EMAIL, INVALID_PASSWORD_LENGTH, PASSWORD_MISMATCH, INVALID_PHONE_NUMBER, INCORRECT_PASSWORD, INVALID_VERIFICATION_CODE, WRONG_CODE_OR_PHONE, CODE_EXPIRED_INVALID_OR_USED',
  401: 'UNAUTHORIZED (no valid token) or SOCIAL_TOKEN_INVALID',
  403: 'FORBIDDEN',
  404: 'USER_NOT_FOUND, ACCOUNT_NOT_FOUND, NOT_FOUND',
  409: 'DUPLICATE_EMAIL, MULTIPLE_ACCOUNTS_FOR_PHONE, PHONE_EMAIL_MISMATCH',
  422: 'AGE_BELOW_MINIMUM_CRITERIA',
  429: 'RATE_LIMITED (see Retry-After)',
  500: 'GENERIC_ERROR',
  502: 'SMS_NOT_SENT, VERIFICATION_NOT_DELIVERED, GENERIC_ERROR (a provider did not answer)',
};

type ErrorEntry = { description: string; content: { 'application/json': { schema: typeof ErrorBodySchema } } };

/** OpenAPI entries for the error statuses a route can answer with. */
export function errors<const S extends readonly ErrorStatus[]>(...statuses: S) {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: ErrorBodySchema } } }]),
  ) as { [K in S[number]]: ErrorEntry };
}

/** All of them: account handlers map any failure through one table, so every route declares all. */
export const ALL_ERRORS = errors(400, 401, 403, 404, 409, 422, 429, 500, 502);

export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/** The error answer for a service failure, with its status from the table above. */
export function failureJson<E extends ApiEnv>(c: Context<E>, failure: AccountFailure) {
  if (failure.retryAfterSeconds !== undefined) c.header('Retry-After', String(failure.retryAfterSeconds));
  return c.json(errorBody(failure.code, c.var.locale, failure), failure.status ?? statusOf(failure.code));
}

type MissingVariant = 'missingLogin' | 'missingRegistration' | 'missingPasswordChange' | 'missingReset';

/**
 * Validation hook for forms with a specific MISSING_PARAMS text (spec §8: login and registration
 * say which fields they need). Missing fields are also listed in `fields` for the form.
 */
export function formHook(variant?: MissingVariant) {
  // Typed loosely on purpose: one hook serves routes with different inputs and middleware envs.
  return (result: { success: boolean; error?: z.ZodError }, c: Context) => {
    if (result.success || !result.error) return undefined;
    const locale = c.var.locale as Locale;
    const input = (result as { data?: unknown }).data;
    const code = validationErrorCode(result.error, input);
    const tooLong = code === 'BAD_REQUEST' ? tooLongFields(result.error) : null;
    if (tooLong) return c.json(errorBody('VALUE_TOO_LONG', locale, { message: tooLongMessage(locale, tooLong.max), fields: tooLong.fields }), 400);
    const fields: Record<string, ErrorCode> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.map(String).join('.');
      if (name && !(name in fields)) fields[name] = isTooLong(issue) ? 'VALUE_TOO_LONG' : validationErrorCode(new z.ZodError([issue]), input);
    }
    const message = code === 'MISSING_PARAMS' && variant ? translator(accountMessages, locale)(variant) : undefined;
    return c.json(errorBody(code, locale, { ...(message ? { message } : {}), ...(Object.keys(fields).length ? { fields } : {}) }), 400);
  };
}
