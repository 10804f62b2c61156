import { SHOP_TIME_ZONE } from '../../../platform/clock';

/** Spec §5/§9: customers must be 18 or older. */
export const MINIMUM_AGE = 18;

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

const berlinDate = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in Germany at that instant (a 23:30 UTC instant is already tomorrow in Berlin). */
export function dateInShopZone(instant: Date): CalendarDate {
  const parts = Object.fromEntries(berlinDate.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/**
 * Completed years on the German calendar date of `now`. The birthday itself counts (turning 18
 * today means 18); someone born on 29 February completes a year on 1 March in other years.
 */
export function ageOn(birth: CalendarDate, now: Date): number {
  const today = dateInShopZone(now);
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

export type BirthDateCheck = { ok: true; date: CalendarDate } | { ok: false; code: 'BAD_REQUEST' | 'AGE_BELOW_MINIMUM_CRITERIA' };

/** A birth date must be a real date, not in the future, not absurdly old, and make the person an adult. */
export function checkBirthDate(value: string, now: Date): BirthDateCheck {
  const date = parseIsoDate(value);
  if (!date) return { ok: false, code: 'BAD_REQUEST' };
  const age = ageOn(date, now);
  if (age < 0 || age > 130) return { ok: false, code: 'BAD_REQUEST' };
  if (age < MINIMUM_AGE) return { ok: false, code: 'AGE_BELOW_MINIMUM_CRITERIA' };
  return { ok: true, date };
}
