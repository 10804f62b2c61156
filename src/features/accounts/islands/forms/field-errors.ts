import type { FieldError } from '../../../../ui/forms/use-form';
import type { ErrorCode } from '../../../../platform/http/error-codes';
import { isKnownErrorCode } from '../../../../platform/api-client/error-text';
import type { Locale } from '../../../../platform/i18n/locales';
import { translator } from '../../../../platform/i18n/messages';
import { commonMessages } from '../../i18n/common';
import { type Problem } from '../../../../platform/api-client/outcome';
import { codeMessage } from '../../../../platform/api-client/problem';
import { FIELD_KEYS, type FieldKey } from '../../model/form-rules';

const isFieldKey = (value: string): value is FieldKey => (FIELD_KEYS as readonly string[]).includes(value);

/**
 * The text of a field error: client checks carry a key (catalogue code or FIELD_KEYS), server
 * errors arrive as text already in the page language.
 */
export function fieldErrorText(error: FieldError | undefined, locale: Locale): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (error.type === 'server') return message;
  if (isKnownErrorCode(message)) return codeMessage(message, locale);
  return isFieldKey(message) ? translator(commonMessages, locale)(message) : message;
}

/** What applyProblem needs of a form: its field names and a way to put an error on one. */
interface ProblemTarget<Name extends string> {
  getValues(): Partial<Record<Name, unknown>>;
  setError(name: Name, error: FieldError, options?: { shouldFocus?: boolean }): void;
}

/**
 * Puts the server's verdict next to the fields it concerns (its `fields`, else the field a code is
 * about) and moves focus to the first. Returns whether any field took an error.
 */
export function applyProblem<Name extends string>(
  form: ProblemTarget<Name>,
  problem: Problem,
  locale: Locale,
  fieldOfCode: Partial<Record<ErrorCode, NoInfer<Name>>> = {},
): boolean {
  const names = new Set(Object.keys(form.getValues()));
  const hits: Array<[Name, string]> = [];
  const textOf = (code: ErrorCode) =>
    code === 'MISSING_PARAMS' ? translator(commonMessages, locale)('required') : code === problem.code ? problem.message : codeMessage(code, locale);
  for (const [name, code] of Object.entries(problem.fields)) {
    if (code && names.has(name)) hits.push([name as Name, textOf(code)]);
  }
  const fallback = fieldOfCode[problem.code];
  if (hits.length === 0 && fallback) hits.push([fallback, textOf(problem.code)]);
  hits.forEach(([name, message], index) => form.setError(name, { type: 'server', message }, { shouldFocus: index === 0 }));
  return hits.length > 0;
}
