import { getHolidays } from 'feiertagejs';
import type { GermanState } from './german-states';
import type { IsoDate } from './wall-clock';

/**
 * German public holidays, by federal state (see german-states.ts). The calendar comes from a
 * maintained library (feiertagejs) instead of our own Easter arithmetic: regional holidays change by
 * law (Berlin added 8 March in 2019, Thuringia 20 September).
 */

/** Per state (or 'BUND' for the nationwide ones) and year: the holiday dates. */
const cache = new Map<string, ReadonlySet<IsoDate>>();

function holidaysOf(year: number, region: GermanState | 'BUND'): ReadonlySet<IsoDate> {
  const key = `${region}:${year}`;
  let dates = cache.get(key);
  if (!dates) {
    // The library dates each holiday at noon UTC, which is the same calendar day in Berlin.
    dates = new Set(getHolidays(year, region).map((holiday) => holiday.date.toISOString().slice(0, 10)));
    cache.set(key, dates);
  }
  return dates;
}

/**
 * Whether `date` is a public holiday in `state`. Without a state (a record imported before states
 * were known) only the nationwide holidays count, which every state observes.
 */
export function isPublicHoliday(date: IsoDate, state: GermanState | null | undefined): boolean {
  return holidaysOf(Number(date.slice(0, 4)), state ?? 'BUND').has(date);
}

/** The public holidays of a year in `state` (nationwide ones without a state), in date order. */
export function publicHolidays(year: number, state: GermanState | null | undefined): IsoDate[] {
  return [...holidaysOf(year, state ?? 'BUND')].sort();
}
