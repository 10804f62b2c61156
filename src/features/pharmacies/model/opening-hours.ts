import { SHOP_TIME_ZONE } from '../../../platform/clock';
import type { GermanState } from '../../../platform/time/german-states';
import { isPublicHoliday } from '../../../platform/time/holidays';
import { addDays, minutesOf, wallClock, WEEKDAYS, weekdayOf, zonedInstant, type IsoDate, type Weekday } from '../../../platform/time/wall-clock';

/**
 * Whether a pharmacy is open at an instant. Hours are wall-clock times in Europe/Berlin whatever
 * the server's time zone; Intl converts the instant, so daylight-saving changes need no arithmetic.
 * A pharmacy is closed on the public holidays of its federal state (like Sundays, "Sonn- und
 * Feiertage" are days of rest; the emergency service, Notdienst, is not offered online).
 */
export const WEEK = WEEKDAYS;
export type Day = Weekday;

export interface Interval {
  /** "HH:MM", 00:00–23:59. */
  opens: string;
  /** "HH:MM"; "24:00" is the end of the day. A time not after `opens` means the next day (night service). */
  closes: string;
}

export type WeeklyHours = Partial<Record<Day, readonly Interval[]>> & {
  /**
   * The federal state whose public holidays close the pharmacy. Absent or null: only the
   * nationwide holidays (every state observes them), so 25 December is never an opening day.
   */
  readonly holidayRegion?: GermanState | null;
  /**
   * A temporary closure set in the back office ("closed until …", ISO instant): no opening hours
   * before it, so like at night only pre-orders for after it are possible.
   */
  readonly closedUntil?: string | null;
};

/** The hours a pharmacy keeps, with the holidays of the state it is in and a temporary closure. */
export function withHolidays(hours: WeeklyHours, state: GermanState | null | undefined, closedUntil?: Date | string | null): WeeklyHours {
  const until = closedUntil instanceof Date ? closedUntil.toISOString() : (closedUntil ?? hours.closedUntil ?? null);
  return { ...hours, holidayRegion: state ?? null, closedUntil: until };
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The opening intervals of a calendar date: none on a public holiday or during a closure (on the
 * day a closure ends, only what is left after it), else that weekday's.
 */
export function intervalsOn(hours: WeeklyHours, date: IsoDate): readonly Interval[] {
  if (isPublicHoliday(date, hours.holidayRegion)) return [];
  const regular = hours[weekdayOf(date)] ?? [];
  if (!hours.closedUntil) return regular;
  const end = wallClock(new Date(hours.closedUntil), SHOP_TIME_ZONE);
  if (date < end.date) return [];
  if (date > end.date) return regular;
  return regular.flatMap((interval) => {
    const opens = minutesOf(interval.opens);
    const closes = minutesOf(interval.closes);
    const overnight = closes <= opens;
    if (!overnight && closes <= end.minutes) return [];
    return [{ opens: hhmm(Math.max(opens, end.minutes)), closes: interval.closes }];
  });
}

/**
 * Open when the local time lies in [opens, closes) of today's intervals, or before the closing
 * time of yesterday's interval that runs past midnight (a night service that began on the eve of a
 * holiday runs to its end; one that would begin on the holiday does not).
 */
export function isOpenAt(hours: WeeklyHours, instant: Date, timeZone: string = SHOP_TIME_ZONE): boolean {
  if (hours.closedUntil && instant.getTime() < Date.parse(hours.closedUntil)) return false;
  const { date, minutes } = wallClock(instant, timeZone);
  const today = intervalsOn(hours, date).some((interval) => {
    const opens = minutesOf(interval.opens);
    const closes = minutesOf(interval.closes);
    return closes > opens ? minutes >= opens && minutes < closes : minutes >= opens;
  });
  if (today) return true;
  return intervalsOn(hours, addDays(date, -1)).some((interval) => {
    const opens = minutesOf(interval.opens);
    const closes = minutesOf(interval.closes);
    return closes <= opens && minutes < closes;
  });
}

/** How far ahead nextOpeningAt looks; a pharmacy not opening within it is taken as not opening. */
const NEXT_OPENING_HORIZON_DAYS = 14;

/**
 * The instant the pharmacy next opens after `instant` (itself while it is open), or null when it
 * does not open within two weeks. Same days, holidays and closures as isOpenAt.
 */
export function nextOpeningAt(hours: WeeklyHours, instant: Date, timeZone: string = SHOP_TIME_ZONE): Date | null {
  if (isOpenAt(hours, instant, timeZone)) return instant;
  const { date } = wallClock(instant, timeZone);
  for (let day = 0; day <= NEXT_OPENING_HORIZON_DAYS; day += 1) {
    const current = addDays(date, day);
    const starts = intervalsOn(hours, current)
      .map((interval) => zonedInstant(current, minutesOf(interval.opens), timeZone))
      .filter((start): start is Date => start !== null && start.getTime() > instant.getTime())
      .sort((a, b) => a.getTime() - b.getTime());
    if (starts[0]) return starts[0];
  }
  return null;
}
