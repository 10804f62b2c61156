import { INTL_LOCALE, type Locale } from './locales';

const priceFormats = new Map<Locale, Intl.NumberFormat>();

/** Money is integer cents everywhere; this is the only place it becomes a decimal string. */
export function formatPrice(cents: number, locale: Locale): string {
  if (!Number.isInteger(cents)) throw new TypeError(`price must be integer cents, got ${cents}`);
  let format = priceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'EUR' });
    priceFormats.set(locale, format);
  }
  return format.format(cents / 100);
}

// ICU's en-DE formats currency with a decimal point but plain numbers with a decimal comma ("2,3");
// English readers expect "2.3", so plain numbers in English use en-GB.
const NUMBER_LOCALE: Record<Locale, string> = { en: 'en-GB', de: INTL_LOCALE.de };

export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(NUMBER_LOCALE[locale], { maximumFractionDigits }).format(value);
}

/** A share as a whole percentage with its sign when negative: "-24%" / "-24 %". */
export function formatPercent(fraction: number, locale: Locale): string {
  return new Intl.NumberFormat(NUMBER_LOCALE[locale], { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** "1 Dec 2026" / "01.12.2026" for a Berlin calendar date (YYYY-MM-DD). */
export function formatShopDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
