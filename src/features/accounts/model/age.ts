import { calendarDateAt, parseIsoDate, type CalendarDate } from '../../../platform/time/wall-clock';

/** Spec §5/§9: customers must be 18 or older. */
export const MINIMUM_AGE = 18;

/**
 * Completed years on the German calendar date of `now`. The birthday itself counts (turning 18
 * today means 18); someone born on 29 February completes a year on 1 March in other years.
 */
export function ageOn(birth: CalendarDate, now: Date): number {
  const today = calendarDateAt(now);
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
