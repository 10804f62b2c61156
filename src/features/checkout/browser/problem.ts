import { errorMessages, isErrorCode, normalizeErrorCode, type ErrorCode } from '../../../platform/http/error-codes';
import type { Locale } from '../../../platform/i18n/locales';
import type { DraftIssue } from './draft';

/** A failed call: the catalogue code, a text in the page language, and the server's issues. */
export interface Problem {
  code: ErrorCode;
  message: string;
  status: number;
  /** What blocks the order, when the server listed it (`issues: [{code, message, field}]`). */
  issues: DraftIssue[];
}

export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: Problem };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** An issue list from any answer; unknown codes become GENERIC_ERROR with their catalogue text. */
export function readIssues(raw: unknown, locale: Locale): DraftIssue[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((issue) => {
    const code = normalizeErrorCode(issue.code);
    const message = isErrorCode(issue.code) && typeof issue.message === 'string' && issue.message.trim() ? issue.message : errorMessages[locale][code];
    return { code, message, field: typeof issue.field === 'string' && issue.field ? issue.field : null };
  });
}

/**
 * An error body as the screen uses it. Known codes come worded in the page language by the server;
 * an unknown code shows GENERIC_ERROR's text (spec §8). A body's per-field codes become issues too.
 */
export function toProblem(body: unknown, status: number, locale: Locale): Problem {
  const record = isRecord(body) ? body : {};
  const code = normalizeErrorCode(record.code);
  const message = isErrorCode(record.code) && typeof record.message === 'string' && record.message.trim() ? record.message : errorMessages[locale][code];
  const issues = readIssues(record.issues, locale);
  if (isRecord(record.fields)) {
    for (const [field, value] of Object.entries(record.fields)) {
      const fieldCode = normalizeErrorCode(value);
      issues.push({ code: fieldCode, message: fieldCode === code ? message : errorMessages[locale][fieldCode], field });
    }
  }
  return { code, message, status, issues };
}

/** Runs a typed client call; a network failure or a non-JSON answer becomes GENERIC_ERROR with status 0. */
export async function attempt<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>, locale: Locale): Promise<Outcome<T>> {
  try {
    const answer = await call();
    if (answer.response.ok) return { ok: true, data: answer.data as T };
    return { ok: false, problem: toProblem(answer.error, answer.response.status, locale) };
  } catch {
    return { ok: false, problem: toProblem(null, 0, locale) };
  }
}
