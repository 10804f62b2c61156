import type { ZodError } from 'zod';
import type { Locale } from '../i18n/locales';
import { formatNumber } from '../i18n/format';
import { defineMessages, translator } from '../i18n/messages';
import { errorMessages } from './error-codes';

export const tooLongMessages = defineMessages(
  { atMost: 'At most {max} characters.' },
  { atMost: 'Höchstens {max} Zeichen.' },
);

/**
 * The fields whose text is over the schema's maximum (`firstName`, `address.street`), and the
 * smallest such maximum; null when the refusal is about something else too, so a malformed
 * request is not mistaken for a customer's long entry.
 */
export function tooLongFields(error: ZodError): { fields: Record<string, 'VALUE_TOO_LONG'>; max: number } | null {
  const fields: Record<string, 'VALUE_TOO_LONG'> = {};
  let max = Infinity;
  for (const issue of error.issues) {
    if (!isTooLong(issue) || issue.path.length === 0) return null;
    fields[issue.path.map(String).join('.')] = 'VALUE_TOO_LONG';
    max = Math.min(max, Number(issue.maximum));
  }
  return Number.isFinite(max) ? { fields, max } : null;
}

/** A text over its schema's maximum length. */
export function isTooLong(issue: ZodError['issues'][number]): issue is Extract<ZodError['issues'][number], { code: 'too_big' }> {
  return issue.code === 'too_big' && issue.origin === 'string';
}

export function tooLongMessage(locale: Locale, max: number): string {
  return `${errorMessages[locale].VALUE_TOO_LONG} ${translator(tooLongMessages, locale)('atMost', { max: formatNumber(max, locale) })}`;
}
