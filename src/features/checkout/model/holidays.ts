import { addDays, weekdayOf, type IsoDate } from './calendar';

/**
 * Public holidays observed in every German state (bundeseinheitliche Feiertage). Regional ones
 * (Epiphany, Corpus Christi, Reformation Day…) are left out: parcel carriers deliver on them
 * elsewhere, and an estimate one day early in a few regions is acceptable.
 */

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function nationalHolidays(year: number): IsoDate[] {
  const easter = easterSunday(year);
  return [
    `${year}-01-01`, // Neujahr
    addDays(easter, -2), // Karfreitag
    addDays(easter, 1), // Ostermontag
    `${year}-05-01`, // Tag der Arbeit
    addDays(easter, 39), // Christi Himmelfahrt
    addDays(easter, 50), // Pfingstmontag
    `${year}-10-03`, // Tag der Deutschen Einheit
    `${year}-12-25`, // 1. Weihnachtstag
    `${year}-12-26`, // 2. Weihnachtstag
  ].sort();
}

const holidayCache = new Map<number, ReadonlySet<IsoDate>>();
export function isNationalHoliday(date: IsoDate): boolean {
  const year = Number(date.slice(0, 4));
  let holidays = holidayCache.get(year);
  if (!holidays) {
    holidays = new Set(nationalHolidays(year));
    holidayCache.set(year, holidays);
  }
  return holidays.has(date);
}

/** Parcel services deliver Monday to Saturday (Werktage), not on Sundays or public holidays. */
export const isBusinessDay = (date: IsoDate): boolean => weekdayOf(date) !== 'sun' && !isNationalHoliday(date);

/** The `count`-th business day after `date` (count ≥ 1; `date` itself never counts). */
export function addBusinessDays(date: IsoDate, count: number): IsoDate {
  let current = date;
  for (let left = count; left > 0; ) {
    current = addDays(current, 1);
    if (isBusinessDay(current)) left -= 1;
  }
  return current;
}
