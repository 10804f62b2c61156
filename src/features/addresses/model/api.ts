import { createApiClient, type ApiClient } from '../../../platform/api-client';
import type { components } from '../../../platform/api-client/schema';
import { errorMessages, isErrorCode, normalizeErrorCode, type ErrorCode } from '../../../platform/http/error-codes';
import type { Locale } from '../../../platform/i18n/locales';
import { clearSession, getToken, loginRedirectUrl } from '../../auth';

export type Address = components['schemas']['Address'];
export type AddressList = components['schemas']['AddressList'];

/** A failed call: the catalogue code, a text in the page language and the server's per-field codes. */
export interface Problem {
  code: ErrorCode;
  message: string;
  fields: Partial<Record<string, ErrorCode>>;
  status: number;
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: Problem };

export function addressApi(locale: Locale): ApiClient {
  return createApiClient({ getToken: () => getToken(), locale });
}

export function toProblem(body: unknown, status: number, locale: Locale): Problem {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = normalizeErrorCode(record.code);
  // Known codes come worded in the page language by the server; anything else is GENERIC_ERROR (spec §8).
  const message = isErrorCode(record.code) && typeof record.message === 'string' && record.message.trim() ? record.message : errorMessages[locale][code];
  const fields: Partial<Record<string, ErrorCode>> = {};
  if (typeof record.fields === 'object' && record.fields !== null) {
    for (const [name, value] of Object.entries(record.fields)) fields[name] = normalizeErrorCode(value);
  }
  return { code, message, fields, status };
}

export async function attempt<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>, locale: Locale): Promise<Outcome<T>> {
  try {
    const answer = await call();
    if (answer.response.ok && answer.data !== undefined) return { ok: true, data: answer.data };
    return { ok: false, problem: toProblem(answer.error, answer.response.status, locale) };
  } catch {
    return { ok: false, problem: toProblem(null, 0, locale) };
  }
}

/**
 * An expired or revoked token answers 401: forget it and log in again, coming back here.
 * True when it handled the problem.
 */
export function handleUnauthorized(problem: Problem): boolean {
  if (problem.status !== 401) return false;
  clearSession();
  location.replace(loginRedirectUrl(location.pathname, location.search));
  return true;
}
