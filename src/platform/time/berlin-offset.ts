/**
 * Europe/Berlin's offset from UTC without Intl: CET (+1 h), and CEST (+2 h) from 01:00 UTC on the
 * last Sunday of March to 01:00 UTC on the last Sunday of October, the EU's rule since 1996 (the
 * shop reads instants from then on).
 * The browser formats the shop's times with it because a page's first Intl formatter loads ICU's
 * locale and zone data, which on a phone blocks an island's first render for 100 ms and more. The
 * unit test compares it hour by hour with ICU's zone data, so a change of the rule (the EU has
 * debated ending clock changes) fails that test rather than shifting times silently.
 */
const HOUR_MS = 3_600_000;

function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/** Minutes to add to UTC for Berlin's clocks at `epochMs`: 60 or 120. */
export function berlinOffsetMinutes(epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  return epochMs >= lastSundayAtOneUtc(year, 2) && epochMs < lastSundayAtOneUtc(year, 9) ? 120 : 60;
}

export interface BerlinClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 = Sunday, as Date.getUTCDay() */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

/** The calendar date and time an instant shows on Berlin's clocks. */
export function berlinClock(epochMs: number): BerlinClock {
  const local = new Date(epochMs + berlinOffsetMinutes(epochMs) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}
