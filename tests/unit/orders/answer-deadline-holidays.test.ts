import { describe, expect, it } from 'vitest';
import { answerDeadline } from '../../../src/features/orders/server/deadline';
import { withHolidays } from '../../../src/features/pharmacies/model/opening-hours';
import { everyDay } from '../checkout/fixtures';

// The answer deadline counts the pharmacy's opening time; holidays are part of its hours.
describe('answerDeadline over public holidays', () => {
  const berlin = withHolidays(everyDay('08:00', '22:00'), 'BE');

  it('lets an offer placed on Christmas Eve evening wait for the 27th', () => {
    // Thursday 24 December 2026, 21:50 Berlin: 10 minutes today, 20 more on Sunday the 27th from 08:00.
    expect(answerDeadline(berlin, new Date('2026-12-24T20:50:00Z'), 30).toISOString()).toBe('2026-12-27T07:20:00.000Z');
  });

  it('counts a regional holiday only in its state', () => {
    // Wednesday 3 June 2026, 21:50; Thursday is Corpus Christi in Bavaria, a working day in Berlin.
    const placed = new Date('2026-06-03T19:50:00Z');
    expect(answerDeadline(berlin, placed, 30).toISOString()).toBe('2026-06-04T06:20:00.000Z');
    expect(answerDeadline(withHolidays(everyDay('08:00', '22:00'), 'BY'), placed, 30).toISOString()).toBe('2026-06-05T06:20:00.000Z');
  });
});
