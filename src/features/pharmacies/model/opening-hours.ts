import { SHOP_TIME_ZONE } from '../../../platform/clock';

/**
 * Whether a pharmacy is open at an instant. Hours are wall-clock times in Europe/Berlin whatever
 * the server's time zone; Intl converts the instant, so daylight-saving changes need no arithmetic.
 */
export const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Day = (typeof WEEK)[number];

export interface Interval {
  /** "HH:MM", 00:00–23:59. */
  opens: string;
  /** "HH:MM"; "24:00" is the end of the day. A time not after `opens` means the next day (night service). */
  closes: string;
}

export type WeeklyHours = Partial<Record<Day, readonly Interval[]>>;

export interface WallTime {
  day: Day;
  /** Minutes since local midnight. */
  minutes: number;
}

const INTL_DAY: Record<string, Day> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };

// Formatters are costly to build and immutable: one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The weekday and time of day an instant has on the clocks of `timeZone` (Berlin by default). */
export function wallTime(instant: Date, timeZone: string = SHOP_TIME_ZONE): WallTime {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  const day = INTL_DAY[parts.weekday ?? ''];
  if (!day) throw new Error(`unexpected weekday from Intl: ${parts.weekday}`);
  // h23 gives 00–23; some engines still print "24" at midnight, which is 0.
  const hour = Number(parts.hour) % 24;
  return { day, minutes: hour * 60 + Number(parts.minute) };
}

export function minutesOf(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`not an HH:MM time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const previousDay = (day: Day): Day => WEEK[(WEEK.indexOf(day) + 6) % 7] as Day;

/**
 * Open when the local time lies in [opens, closes) of today's intervals, or before the closing
 * time of yesterday's interval that runs past midnight.
 */
export function isOpenAt(hours: WeeklyHours, instant: Date, timeZone: string = SHOP_TIME_ZONE): boolean {
  const { day, minutes } = wallTime(instant, timeZone);
  const today = (hours[day] ?? []).some((interval) => {
    const opens = minutesOf(interval.opens);
    const closes = minutesOf(interval.closes);
    return closes > opens ? minutes >= opens && minutes < closes : minutes >= opens;
  });
  if (today) return true;
  return (hours[previousDay(day)] ?? []).some((interval) => {
    const opens = minutesOf(interval.opens);
    const closes = minutesOf(interval.closes);
    return closes <= opens && minutes < closes;
  });
}
