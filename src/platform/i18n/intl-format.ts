import { INTL_LOCALE, type Locale } from './locales';

/*
 * Intl formatters for what the shop does not write out itself (format.ts writes prices, plain
 * numbers and its dates without Intl). Building one loads ICU data and costs far more than
 * formatting (about 1 ms of a placement's CPU went to one date format built per call); they are
 * immutable, so each locale and option set is built once.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(intlLocale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${intlLocale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(intlLocale, options)));
  return format;
}

export function dateTimeFormat(intlLocale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlLocale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(intlLocale, options)));
  return format;
}

/** A share as a whole percentage with its sign when negative: "-24%" / "-24 %". */
export function formatPercent(fraction: number, locale: Locale): string {
  return numberFormat(locale === 'de' ? INTL_LOCALE.de : 'en-GB', { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}
