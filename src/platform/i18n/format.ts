import type { Locale } from './locales';

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
// value (1.00499…), which toFixed alone would round down: "1.005e2" parses as exactly 100.5.
function roundHalfUp(absolute: number, digits: number): string {
  const scaled = Math.round(Number(`${absolute}e${digits}`));
  return Number.isFinite(scaled) ? (scaled / 10 ** digits).toFixed(digits) : absolute.toFixed(digits);
}


// The shop's own calendar dates written out like ICU's en-DE and de-DE, without Intl for the reason
// formatPrice gives (a test holds them to Intl's output); Berlin times are in shop-time-format.ts.
// German dates are numeric ("01.12.2026"); only English names its months here (German month names
// are in shop-time-format.ts, where "Sa., 21. Nov." needs them).
export const ENGLISH_MONTHS: readonly string[] = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
export const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "1 Dec 2026" / "01.12.2026" */
export function calendarDate(year: number, month: number, day: number, locale: Locale): string {
  return locale === 'de' ? `${twoDigits(day)}.${twoDigits(month)}.${year}` : `${day} ${ENGLISH_MONTHS[month - 1]} ${year}`;
}

/** "1 Dec 2026" / "01.12.2026" for a Berlin calendar date (YYYY-MM-DD). */
export function formatShopDate(date: string, locale: Locale): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return calendarDate(year, month, day, locale);
}
