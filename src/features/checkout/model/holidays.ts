import type { GermanState } from '../../../platform/time/german-states';
import { isPublicHoliday } from '../../../platform/time/holidays';
import { addDays, weekdayOf, type IsoDate } from '../../../platform/time/wall-clock';

/**
 * Parcel services deliver Monday to Saturday (Werktage), not on Sundays or public holidays. The
 * holidays are those of the state the parcel leaves from; without one, the nationwide ones.
 */
export const isBusinessDay = (date: IsoDate, state: GermanState | null = null): boolean => weekdayOf(date) !== 'sun' && !isPublicHoliday(date, state);

/** The `count`-th business day after `date` (count ≥ 1; `date` itself never counts). */
export function addBusinessDays(date: IsoDate, count: number, state: GermanState | null = null): IsoDate {
  let current = date;
  for (let left = count; left > 0; ) {
    current = addDays(current, 1);
    if (isBusinessDay(current, state)) left -= 1;
  }
  return current;
}
