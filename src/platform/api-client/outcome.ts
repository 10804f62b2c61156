import { errorMessages, isErrorCode, normalizeErrorCode, type ErrorCode } from '../http/error-codes';
import type { Locale } from '../i18n/locales';

/*
 * What islands make of a typed client call: data, or a Problem worded for the screen. Kept out of
 * the api-client index on purpose: the error catalogue it reads would otherwise reach the small
 * scripts of catalogue pages, which import the client alone.
 */

/** A failed call as the screens use it: the code, a text to show, per-field codes and the status. */
export interface Problem {
  code: ErrorCode;
  message: string;
  fields: Partial<Record<string, ErrorCode>>;
  status: number;
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: Problem };

interface ClientAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Turns an error body into a Problem. The server's message is shown for codes the client knows
 * (it is already in the page language); an unknown code shows GENERIC_ERROR's text (spec §8).
 */
export function toProblem(body: unknown, status: number, locale: Locale): Problem {
  const raw = isRecord(body) ? body.code : undefined;
  const code = normalizeErrorCode(raw);
  const serverMessage = isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : null;
  const message = isErrorCode(raw) && serverMessage ? serverMessage : errorMessages[locale][code];
  const fields: Partial<Record<string, ErrorCode>> = {};
  if (isRecord(body) && isRecord(body.fields)) {
    for (const [name, value] of Object.entries(body.fields)) fields[name] = normalizeErrorCode(value);
  }
  return { code, message, fields, status };
}

/** Runs a typed client call; a network failure or a non-JSON answer becomes GENERIC_ERROR. */
export async function attempt<T>(call: () => Promise<ClientAnswer<T>>, locale: Locale): Promise<Outcome<T>> {
  try {
    const answer = await call();
    if (answer.response.ok && answer.data !== undefined) return { ok: true, data: answer.data };
    return { ok: false, problem: toProblem(answer.error, answer.response.status, locale) };
  } catch {
    return { ok: false, problem: toProblem(null, 0, locale) };
  }
}

/** The catalogue text of a code in the page language (for field errors the server did not word). */
export function codeMessage(code: ErrorCode, locale: Locale): string {
  return errorMessages[locale][code];
}
