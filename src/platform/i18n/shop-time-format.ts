import { berlinClock } from '../time/berlin-offset';
import { calendarDate, ENGLISH_MONTHS, twoDigits as two } from './format';
import type { Locale } from './locales';

// Instants on Berlin's clocks, whatever the device's zone, written out like ICU's en-DE and de-DE
// without Intl (see formatPrice in format.ts for why); apart from format.ts so pages that only show
// prices do not carry the zone rule.
const MONTHS: Record<Locale, readonly string[]> = {
  en: ENGLISH_MONTHS,
  de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
};
const WEEKDAYS: Record<Locale, readonly string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  de: ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'],
};

/** "21:46" on Berlin's clocks. */
export function formatShopTime(instant: string | number | Date, locale: Locale): string {
  void locale; // both languages write 24-hour "21:46"; kept so callers need not know it
  const clock = berlinClock(new Date(instant).getTime());
  return `${two(clock.hour)}:${two(clock.minute)}`;
}

/** "21 Nov 2026, 21:46" / "21.11.2026, 21:46" on Berlin's clocks. */
export function formatShopDateTime(instant: string | number | Date, locale: Locale): string {
  const clock = berlinClock(new Date(instant).getTime());
  return `${calendarDate(clock.year, clock.month, clock.day, locale)}, ${two(clock.hour)}:${two(clock.minute)}`;
}

/** "Sat, 21 Nov" / "Sa., 21. Nov." on Berlin's clocks, for a delivery window's day. */
export function formatShopDay(instant: string | number | Date, locale: Locale): string {
  const clock = berlinClock(new Date(instant).getTime());
  const weekday = WEEKDAYS[locale][clock.weekday];
  const month = MONTHS[locale][clock.month - 1];
  return locale === 'de' ? `${weekday}, ${clock.day}. ${month}` : `${weekday}, ${clock.day} ${month}`;
}
