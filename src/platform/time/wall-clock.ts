import { SHOP_TIME_ZONE } from '../clock';
import { berlinClock } from './berlin-offset';

/**
 * Calendar dates and wall-clock times on the shop's clocks (Europe/Berlin), whatever the server's
 * time zone: the one place that turns instants into Berlin dates and times and back. A date is an ISO
 * "YYYY-MM-DD" string; date arithmetic runs on UTC midnights, where no daylight-saving change can
 * shift it. Converting a wall-clock time back to an instant asks for the zone's offset: Berlin's
 * from the EU rule in berlin-offset.ts (no Intl, whose first formatter blocks a phone's first render
 * for about 100 ms), any other zone's from Intl.
 */
export type IsoDate = string;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface WallClock {
  date: IsoDate;
  weekday: Weekday;
  /** Minutes since local midnight. */
  minutes: number;
  seconds: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Date.getUTCDay() order. */
const BY_UTC_DAY: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

// Formatters are costly to build and immutable: one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/**
 * Answers of the pure conversions below, by zone and input. Every quote lays out three days of
 * delivery slots, each slot a dozen Intl calls, and those days and slots are the same for every
 * customer of the hour: profiling the order bench found this the largest CPU cost of a checkout.
 * Bounded: emptied when full (the hot entries come back at once).
 */
const MEMO_LIMIT = 20_000;
function memo<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= MEMO_LIMIT) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}
const wallClocks = new Map<string, Readonly<WallClock>>();
const zonedInstants = new Map<string, number | null>();

/** The date, weekday and time of day an instant has on the clocks of `timeZone` (Berlin by default). */
export function wallClock(instant: Date | number, timeZone: string = SHOP_TIME_ZONE): WallClock {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  // A copy: callers own what they get.
  return { ...memo(wallClocks, `${timeZone}|${ms}`, () => readWallClock(ms, timeZone)) };
}

function readWallClock(ms: number, timeZone: string): WallClock {
  if (timeZone === SHOP_TIME_ZONE) {
    const clock = berlinClock(ms);
    const date = `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
    return { date, weekday: weekdayOf(date), minutes: clock.hour * 60 + clock.minute, seconds: clock.second };
  }
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(ms).map((part) => [part.type, part.value]));
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    weekday: weekdayOf(date),
    // Some engines print "24" at midnight in h23; it is hour 0.
    minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}

/** The calendar date an instant has on the shop's clocks. */
export function localDate(instant: Date, timeZone: string = SHOP_TIME_ZONE): IsoDate {
  return wallClock(instant, timeZone).date;
}

/** "HH:MM" of an instant on the shop's clocks. */
export function localTime(instant: Date, timeZone: string = SHOP_TIME_ZONE): string {
  const { minutes } = wallClock(instant, timeZone);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Parses "YYYY-MM-DD" into a real calendar date (no 31 February), else null. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The calendar date in Germany at an instant (a 23:30 UTC instant is already tomorrow in Berlin). */
export function calendarDateAt(instant: Date, timeZone: string = SHOP_TIME_ZONE): CalendarDate {
  const [year, month, day] = localDate(instant, timeZone).split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** Minutes since midnight of an "HH:MM" time ("24:00" is 1440). */
export function minutesOf(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`not an HH:MM time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const utcMidnight = (date: IsoDate): number => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`not an ISO date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
};

const isoOf = (utcMs: number): IsoDate => new Date(utcMs).toISOString().slice(0, 10);

export function addDays(date: IsoDate, days: number): IsoDate {
  return isoOf(utcMidnight(date) + days * DAY_MS);
}

export function weekdayOf(date: IsoDate): Weekday {
  return BY_UTC_DAY[new Date(utcMidnight(date)).getUTCDay()]!;
}

/** Offset of the zone from UTC at an instant, in minutes (Berlin: 60 in winter, 120 in summer). */
function offsetMinutes(utcMs: number, timeZone: string): number {
  const wall = wallClock(utcMs, timeZone);
  const wallAsUtc = utcMidnight(wall.date) + wall.minutes * MINUTE_MS + wall.seconds * 1000;
  return Math.round((wallAsUtc - Math.floor(utcMs / 1000) * 1000) / MINUTE_MS);
}

/**
 * The instant the shop's clocks show `minutes` after midnight of `date` (minutes may exceed 1440 to
 * mean the following day). Null for a wall time that does not exist (the hour skipped when clocks
 * go forward); for the hour that happens twice when clocks go back, the earlier instant.
 */
export function zonedInstant(date: IsoDate, minutes: number, timeZone: string = SHOP_TIME_ZONE): Date | null {
  const utcMs = memo(zonedInstants, `${timeZone}|${date}|${minutes}`, () => findZonedInstant(date, minutes, timeZone));
  return utcMs === null ? null : new Date(utcMs);
}

function findZonedInstant(date: IsoDate, minutes: number, timeZone: string): number | null {
  const wallAsUtc = utcMidnight(date) + minutes * MINUTE_MS;
  const candidates = new Set<number>();
  // The offset at the wall time read as UTC is within a few hours of the right instant; trying the
  // offsets found around it covers both sides of a change.
  for (const probe of [wallAsUtc - DAY_MS / 2, wallAsUtc, wallAsUtc + DAY_MS / 2]) {
    candidates.add(wallAsUtc - offsetMinutes(probe, timeZone) * MINUTE_MS);
  }
  const matching = [...candidates]
    .filter((utcMs) => {
      const wall = wallClock(utcMs, timeZone);
      return utcMidnight(wall.date) + wall.minutes * MINUTE_MS === wallAsUtc;
    })
    .sort((a, b) => a - b);
  return matching.length > 0 ? matching[0]! : null;
}
