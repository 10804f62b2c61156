import { createApiClient, type ApiClient } from '../../../../platform/api-client';
import { errorMessages, isErrorCode, normalizeErrorCode, type ErrorCode } from '../../../../platform/http/error-codes';
import type { Locale } from '../../../../platform/i18n/locales';
import { getToken } from '../../../auth';

/** A failed call as the screens show it: the catalogue code and a text in the page language. */
export interface ApiProblem {
  code: ErrorCode;
  message: string;
  status: number;
}

export type ApiOutcome<T> = { ok: true; data: T } | { ok: false; problem: ApiProblem };

/** The typed client with the stored token (if any) and the page language. */
export function shopApi(locale: Locale): ApiClient {
  return createApiClient({ getToken: () => getToken(), locale });
}

function problemOf(body: unknown, status: number, locale: Locale): ApiProblem {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = normalizeErrorCode(record.code);
  // The server words known codes in the request language; anything else reads as GENERIC_ERROR (spec §8).
  const message = isErrorCode(record.code) && typeof record.message === 'string' && record.message.trim() ? record.message : errorMessages[locale][code];
  return { code, message, status };
}

/** Runs a typed call; a network failure or an answer without data becomes GENERIC_ERROR. */
export async function attempt<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>, locale: Locale): Promise<ApiOutcome<T>> {
  try {
    const answer = await call();
    if (answer.response.ok && answer.data !== undefined) return { ok: true, data: answer.data };
    return { ok: false, problem: problemOf(answer.error, answer.response.status, locale) };
  } catch {
    return { ok: false, problem: problemOf(null, 0, locale) };
  }
}
