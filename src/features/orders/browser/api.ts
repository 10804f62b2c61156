import { createApiClient, type ApiClient } from '../../../platform/api-client';
import type { components } from '../../../platform/api-client/schema';
import { errorMessages, isErrorCode, normalizeErrorCode, type ErrorCode } from '../../../platform/http/error-codes';
import type { Locale } from '../../../platform/i18n/locales';
import { clearSession, getToken, loginRedirectUrl } from '../../auth';

/** The order calls' shapes, straight from the generated OpenAPI types. */
export type Order = components['schemas']['Order'];
export type OrderSummary = components['schemas']['OrderSummary'];
export type OrderStatusInfo = components['schemas']['OrderStatus'];
export type PharmacyOrder = components['schemas']['PharmacyOrder'];

export interface Problem {
  code: ErrorCode;
  message: string;
  status: number;
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: Problem };

export const ordersApi = (locale: Locale): ApiClient => createApiClient({ getToken: () => getToken(), locale });

export function toProblem(body: unknown, status: number, locale: Locale): Problem {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = normalizeErrorCode(record.code);
  // Known codes come worded in the page language by the server; anything else is GENERIC_ERROR (spec §8).
  const message = isErrorCode(record.code) && typeof record.message === 'string' && record.message.trim() ? record.message : errorMessages[locale][code];
  return { code, message, status };
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

/** An expired or revoked token answers 401: forget it and log in again, coming back here. True when handled. */
export function handleUnauthorized(problem: Problem): boolean {
  if (problem.status !== 401) return false;
  clearSession();
  location.replace(loginRedirectUrl(location.pathname, location.search));
  return true;
}
