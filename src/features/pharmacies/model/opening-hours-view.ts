import { dateTimeFormat } from '../../../platform/i18n/intl-format';
import { INTL_LOCALE, type Locale } from '../../../platform/i18n/locales';
import { WEEK, type Day, type Interval, type WeeklyHours } from './opening-hours';

/** Consecutive weekdays with the same hours, shown as one line ("Monday – Saturday 08:00–22:00"). */
export interface HoursGroup {
  from: Day;
  to: Day;
  intervals: readonly Interval[];
}

// 1 January 2024 was a Monday: the day names come from Intl, so they follow the page language.
const MONDAY = Date.UTC(2024, 0, 1, 12);

export function weekdayName(day: Day, locale: Locale, width: 'long' | 'short' = 'long'): string {
  const date = new Date(MONDAY + WEEK.indexOf(day) * 86_400_000);
  return dateTimeFormat(INTL_LOCALE[locale], { weekday: width, timeZone: 'UTC' }).format(date);
}

const sameHours = (a: readonly Interval[], b: readonly Interval[]) =>
  a.length === b.length && a.every((interval, index) => interval.opens === b[index]?.opens && interval.closes === b[index]?.closes);

/** Monday to Sunday, runs of equal days merged; a day without intervals is closed. */
export function groupOpeningHours(hours: WeeklyHours): HoursGroup[] {
  const groups: HoursGroup[] = [];
  for (const day of WEEK) {
    const intervals = hours[day] ?? [];
    const last = groups[groups.length - 1];
    if (last && sameHours(last.intervals, intervals)) last.to = day;
    else groups.push({ from: day, to: day, intervals });
  }
  return groups;
}

/** "Monday – Friday" or "Sunday". */
export function dayRangeLabel(group: HoursGroup, locale: Locale): string {
  const from = weekdayName(group.from, locale);
  return group.from === group.to ? from : `${from} – ${weekdayName(group.to, locale)}`;
}

/** "08:00–22:00, 14:00–18:00"; empty for a closed day (the caller says "closed"). */
export function intervalsLabel(intervals: readonly Interval[]): string {
  return intervals.map((interval) => `${interval.opens}–${interval.closes}`).join(', ');
}
