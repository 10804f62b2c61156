import { GERMAN_STATES } from '../../../src/platform/time/german-states';
import { isPublicHoliday } from '../../../src/platform/time/holidays';
import { addDays, localDate, weekdayOf, zonedInstant, type IsoDate } from '../../../src/platform/time/wall-clock';
import { TEST_NOW_HEADER } from '../../../src/platform/test-clock';

/**
 * The e2e server runs with TEST_CLOCK=header (playwright.config.ts): a request's X-Test-Now header
 * is its "now". A spec that depends on the time of day picks one with `test.use(atShopTime(…))`
 * (and passes the same options to any browser context it opens), so both paths run on every run:
 *
 * - 'day': 10:00 in Berlin, every demo pharmacy is open ("as soon as possible" is offered);
 * - 'night': 23:30, every Berlin demo pharmacy is closed (pre-orders for tomorrow only).
 *
 * Both fall on the next working day (Monday to Thursday, no public holiday in any state, nor the day after)
 * after today, so they lie ahead of the real time: the server's expiry sweep, which runs on the real
 * clock, never finds the test's drafts or offers lapsed. Specs that sign in with the test issuer
 * stay on the real clock (its tokens expire in 10 real minutes).
 */
export type ShopTime = 'day' | 'night';

const MINUTES: Record<ShopTime, number> = { day: 10 * 60, night: 23 * 60 + 30 };

function testDay(today: IsoDate): IsoDate {
  const holiday = (date: IsoDate) => GERMAN_STATES.some((state) => isPublicHoliday(date, state));
  const working = (date: IsoDate) => !['fri', 'sat', 'sun'].includes(weekdayOf(date)) && !holiday(date) && !holiday(addDays(date, 1));
  let day = addDays(today, 1);
  while (!working(day)) day = addDays(day, 1);
  return day;
}

export function shopInstant(time: ShopTime, realNow: Date = new Date()): Date {
  return zonedInstant(testDay(localDate(realNow)), MINUTES[time])!;
}

/** Playwright options (test.use, browser.newContext) that run every request at that time. */
export function atShopTime(time: ShopTime): { extraHTTPHeaders: Record<string, string> } {
  return { extraHTTPHeaders: { [TEST_NOW_HEADER]: shopInstant(time).toISOString() } };
}
