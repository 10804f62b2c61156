import { berlinClock } from '../time/berlin-offset';
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

/**
 * Money is integer cents everywhere; this is the only place it becomes a decimal string: the same
 * characters ICU writes for en-DE and de-DE ("€1,234.56", "1.234,56 €" with a no-break space), a unit
 * test holds it to Intl's output. Written out rather than built with Intl.NumberFormat because the
 * page's first Intl formatter loads ICU's locale data: on a phone (4× slower CPU) about 100 ms of the
 * island's first render, the largest single piece of the checkout's blocking time (issue 30).
 */
export function formatPrice(cents: number, locale: Locale): string {
  if (!Number.isInteger(cents)) throw new TypeError(`price must be integer cents, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const euros = groupThousands(Math.floor(absolute / 100), locale === 'de' ? '.' : ',');
  const hundredths = String(absolute % 100).padStart(2, '0');
  return locale === 'de' ? `${sign}${euros},${hundredths}\u00a0€` : `${sign}€${euros}.${hundredths}`;
}

function groupThousands(whole: number, separator: string): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, separator);
}

// ICU's en-DE formats currency with a decimal point but plain numbers with a decimal comma ("2,3");
// English readers expect "2.3", so plain numbers in English read as en-GB: "1,234.5" / "1.234,5".
const DIGIT_MARKS: Record<Locale, { group: string; decimal: string }> = { en: { group: ',', decimal: '.' }, de: { group: '.', decimal: ',' } };

/** Written out for the reason formatPrice is; rounds half away from zero, as Intl does. */
export function formatNumber(value: number, locale: Locale, maximumFractionDigits = 2): string {
  const { group, decimal } = DIGIT_MARKS[locale];
  const [whole = '0', fraction = ''] = roundHalfUp(Math.abs(value), maximumFractionDigits).split('.');
  const digits = fraction.replace(/0+$/, '');
  const text = `${groupThousands(Number(whole), group)}${digits ? decimal + digits : ''}`;
  return value < 0 ? `-${text}` : text;
}

// Like ICU, rounds the shortest decimal that reads back as the number ("1.005"), not its binary
// value (1.00499…), which toFixed would round down.
function roundHalfUp(absolute: number, digits: number): string {
  const shortest = String(absolute);
  if (shortest.includes('e')) return absolute.toFixed(digits); // far beyond what the shop writes
  const [whole = '0', fraction = ''] = shortest.split('.');
  if (fraction.length <= digits) return fraction ? `${whole}.${fraction}` : whole;
  const scaled = BigInt(whole + fraction.slice(0, digits)) + (fraction[digits]! >= '5' ? 1n : 0n);
  const text = scaled.toString().padStart(digits + 1, '0');
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

/** A share as a whole percentage with its sign when negative: "-24%" / "-24 %". */
export function formatPercent(fraction: number, locale: Locale): string {
  return numberFormat(locale === 'de' ? INTL_LOCALE.de : 'en-GB', { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

// The shop's own dates and times, on Berlin's clocks and written out like ICU's en-DE and de-DE,
// without Intl for the reason formatPrice gives (a test holds them to Intl's output).
const MONTHS: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
};
const WEEKDAYS: Record<Locale, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  de: ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'],
};
const two = (n: number) => String(n).padStart(2, '0');

function calendarDate(year: number, month: number, day: number, locale: Locale): string {
  return locale === 'de' ? `${two(day)}.${two(month)}.${year}` : `${day} ${MONTHS.en[month - 1]} ${year}`;
}

/** "1 Dec 2026" / "01.12.2026" for a Berlin calendar date (YYYY-MM-DD). */
export function formatShopDate(date: string, locale: Locale): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return calendarDate(year, month, day, locale);
}

/** "21:46" on Berlin's clocks, whatever the device's zone. */
export function formatShopTime(iso: string | number, locale: Locale): string {
  void locale; // both languages write 24-hour "21:46"; kept so callers need not know it
  const clock = berlinClock(new Date(iso).getTime());
  return `${two(clock.hour)}:${two(clock.minute)}`;
}

/** "21 Nov 2026, 21:46" / "21.11.2026, 21:46" on Berlin's clocks. */
export function formatShopDateTime(iso: string | number, locale: Locale): string {
  const clock = berlinClock(new Date(iso).getTime());
  return `${calendarDate(clock.year, clock.month, clock.day, locale)}, ${two(clock.hour)}:${two(clock.minute)}`;
}

/** "Sat, 21 Nov" / "Sa., 21. Nov." on Berlin's clocks, for a delivery window's day. */
export function formatShopDay(iso: string | number, locale: Locale): string {
  const clock = berlinClock(new Date(iso).getTime());
  const weekday = WEEKDAYS[locale][clock.weekday];
  const month = MONTHS[locale][clock.month - 1];
  return locale === 'de' ? `${weekday}, ${clock.day}. ${month}` : `${weekday}, ${clock.day} ${month}`;
}
