import { describe, expect, it } from 'vitest';
import { intervalsOn, isOpenAt, withHolidays, type WeeklyHours } from '../../../src/features/pharmacies/model/opening-hours';
import { deliveryOptions } from '../../../src/features/checkout/model/delivery-timing';

const everyDay = (opens: string, closes: string): WeeklyHours =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ opens, closes }]]));

describe('a temporary closure ("closed until …")', () => {
  // Until Wednesday 17 June 2026, 14:00 in Berlin (12:00 UTC).
  const hours = withHolidays(everyDay('08:00', '22:00'), 'BE', new Date('2026-06-17T12:00:00Z'));

  it('closes the pharmacy until the instant, then its regular hours apply', () => {
    expect(isOpenAt(hours, new Date('2026-06-16T08:00:00Z'))).toBe(false); // Tuesday 10:00, normally open
    expect(isOpenAt(hours, new Date('2026-06-17T11:59:00Z'))).toBe(false); // Wednesday 13:59
    expect(isOpenAt(hours, new Date('2026-06-17T12:00:00Z'))).toBe(true); // Wednesday 14:00
    expect(isOpenAt(hours, new Date('2026-06-18T06:00:00Z'))).toBe(true); // Thursday 08:00
  });

  it('leaves no hours before the closure ends and only the rest of the day it ends on', () => {
    expect(intervalsOn(hours, '2026-06-16')).toEqual([]);
    expect(intervalsOn(hours, '2026-06-17')).toEqual([{ opens: '14:00', closes: '22:00' }]);
    expect(intervalsOn(hours, '2026-06-18')).toEqual([{ opens: '08:00', closes: '22:00' }]);
  });

  it('lets customers only pre-order: no "as soon as possible", slots only after the closure', () => {
    const options = deliveryOptions(
      { openingHours: hours, deliveryOptions: ['courier', 'pickup'], selfPickupOnly: false },
      { now: new Date('2026-06-17T08:00:00Z'), pickupOnlyItems: false },
    );
    expect(options.openNow).toBe(false);
    expect(options.courier?.asap).toBe(false);
    expect(options.courier?.today.every((slot) => Date.parse(slot.start) >= Date.parse('2026-06-17T12:00:00Z'))).toBe(true);
    expect(options.courier?.today.length).toBeGreaterThan(0);
  });
});
