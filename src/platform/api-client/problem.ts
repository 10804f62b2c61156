import type { ErrorCode } from '../http/error-codes';
import { errorCodeText, isKnownErrorCode, knownErrorCode } from './error-text';
import type { Locale } from '../i18n/locales';
import type { Issue, Problem } from './problem-shape';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A known code's text from the server, else the catalogue's (an unknown code reads as GENERIC_ERROR, spec §8). */
function wording(raw: unknown, message: unknown, locale: Locale): { code: ErrorCode; message: string } {
  const code = knownErrorCode(raw);
  const serverMessage = typeof message === 'string' && message.trim() ? message : null;
  return { code, message: isKnownErrorCode(raw) && serverMessage ? serverMessage : errorCodeText(code, locale) };
}

/** An issue list from any answer (`[{code, message, field}]`), worded like a Problem. */
export function readIssues(raw: unknown, locale: Locale): Issue[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isRecord).map((issue) => ({
    ...wording(issue.code, issue.message, locale),
    field: typeof issue.field === 'string' && issue.field ? issue.field : null,
  }));
}

/**
 * Turns an error body into a Problem. The server's message is shown for codes the client knows
 * (it is already in the page language); an unknown code shows GENERIC_ERROR's text (spec §8).
 */
export function toProblem(body: unknown, status: number, locale: Locale): Problem {
  const record = isRecord(body) ? body : {};
  const fields: Partial<Record<string, ErrorCode>> = {};
  if (isRecord(record.fields)) {
    for (const [name, value] of Object.entries(record.fields)) fields[name] = knownErrorCode(value);
  }
  const problem: Problem = { ...wording(record.code, record.message, locale), fields, status };
  if (Array.isArray(record.issues)) problem.issues = readIssues(record.issues, locale);
  return problem;
}

/**
 * The catalogue text of a code in the page language (for field errors the server did not word);
 * '' until the catalogue has arrived (error-text.ts).
 */
export function codeMessage(code: ErrorCode, locale: Locale): string {
  return errorCodeText(code, locale);
}
