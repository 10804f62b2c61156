import { INTL_LOCALE, type Locale } from './locales';

/*
 * Building an Intl formatter loads ICU data and costs far more than formatting (about 1 ms of a
 * placement's CPU went to one date format built per call); they are immutable, so each locale and
 * option set is built once.
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

/** Money is integer cents everywhere; this is the only place it becomes a decimal string. */
export function formatPrice(cents: number, locale: Locale): string {
  if (!Number.isInteger(cents)) throw new TypeError(`price must be integer cents, got ${cents}`);
  return numberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

// ICU's en-DE formats currency with a decimal point but plain numbers with a decimal comma ("2,3");
// English readers expect "2.3", so plain numbers in English use en-GB.
const NUMBER_LOCALE: Record<Locale, string> = { en: 'en-GB', de: INTL_LOCALE.de };

export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 2): string {
  return numberFormat(NUMBER_LOCALE[locale], { maximumFractionDigits }).format(value);
}

/** A share as a whole percentage with its sign when negative: "-24%" / "-24 %". */
export function formatPercent(fraction: number, locale: Locale): string {
  return numberFormat(NUMBER_LOCALE[locale], { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** "1 Dec 2026" / "01.12.2026" for a Berlin calendar date (YYYY-MM-DD). */
export function formatShopDate(date: string, locale: Locale): string {
  return dateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
