import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMING, type PharmacyTimingFacts } from '../../../src/features/checkout/model/delivery-timing';
import { checkRedelivery, redeliveryOptions } from '../../../src/features/orders/model/redelivery';
import { transition } from '../../../src/features/orders/model/order-machine';
import { everyDay } from '../checkout/fixtures';

const courierPharmacy: PharmacyTimingFacts = { openingHours: everyDay('08:00', '22:00'), deliveryOptions: ['courier', 'pickup'], selfPickupOnly: false };
const counterOnly: PharmacyTimingFacts = { openingHours: everyDay('08:00', '22:00'), deliveryOptions: ['pickup'], selfPickupOnly: false };

/** Tuesday 2026-06-16, 10:00 and 21:30 in Berlin (CEST). */
const MORNING = new Date('2026-06-16T08:00:00Z');
const LATE = new Date('2026-06-16T19:30:00Z');

describe('after nobody home: a new courier window or pickup', () => {
  it('is a step of the state machine that keeps the order packed, only from packed', () => {
    expect(transition('packed', 'reschedule')).toEqual({ ok: true, value: { from: 'packed', event: 'reschedule', to: 'packed', effects: [] } });
    for (const from of ['paid', 'in_transit', 'delivered'] as const) expect(transition(from, 'reschedule').ok).toBe(false);
  });

  it("offers the checkout's windows of today and tomorrow (from now plus the lead time, no 'as soon as possible') and always pickup", () => {
    const options = redeliveryOptions(courierPharmacy, MORNING, DEFAULT_TIMING);
    expect(options.pickup).toBe(true);
    expect(options.slots[0]).toEqual({ start: '2026-06-16T09:00:00.000Z', end: '2026-06-16T10:00:00.000Z', date: '2026-06-16', from: '11:00', to: '12:00' });
    expect(options.slots.filter((slot) => slot.date === '2026-06-17')).toHaveLength(14);
    // Late in the evening only tomorrow is left.
    expect(redeliveryOptions(courierPharmacy, LATE, DEFAULT_TIMING).slots[0]).toMatchObject({ date: '2026-06-17', from: '08:00' });
    // A pharmacy that no longer sends couriers: pickup only.
    expect(redeliveryOptions(counterOnly, MORNING, DEFAULT_TIMING)).toEqual({ slots: [], pickup: true });
    // A pharmacy that no longer trades still has the parcel at its counter.
    expect(redeliveryOptions(null, MORNING, DEFAULT_TIMING)).toEqual({ slots: [], pickup: true });
  });

  it('keeps an offered window as later today or tomorrow, on the order\'s delivery columns', () => {
    const [today] = redeliveryOptions(courierPharmacy, MORNING, DEFAULT_TIMING).slots;
    expect(checkRedelivery({ method: 'courier', slotStart: today!.start }, courierPharmacy, MORNING, DEFAULT_TIMING)).toEqual({
      ok: true,
      value: { deliveryOption: 'later_today', deliveryMethod: 'courier', deliveryTiming: 'slot', slotStart: new Date(today!.start), slotEnd: new Date(today!.end), deliveryEstimate: null },
    });
    const tomorrow = checkRedelivery({ method: 'courier', slotStart: '2026-06-17T06:00:00.000Z' }, courierPharmacy, MORNING, DEFAULT_TIMING);
    expect(tomorrow.ok && tomorrow.value.deliveryOption).toBe('tomorrow');
  });

  it('pickup: at the counter, no window', () => {
    expect(checkRedelivery({ method: 'pickup' }, counterOnly, LATE, DEFAULT_TIMING)).toEqual({
      ok: true,
      value: { deliveryOption: 'pickup', deliveryMethod: 'pickup', deliveryTiming: 'asap', slotStart: null, slotEnd: null, deliveryEstimate: null },
    });
  });

  it('refuses windows not offered: passed, off the grid, closed hours, or no couriers; and a missing window', () => {
    const refused = (slotStart: string, pharmacy: PharmacyTimingFacts | null = courierPharmacy, now = MORNING) => checkRedelivery({ method: 'courier', slotStart }, pharmacy, now, DEFAULT_TIMING);
    expect(refused('2026-06-16T08:00:00.000Z')).toEqual({ ok: false, code: 'DELIVERY_SLOT_UNAVAILABLE' }); // 10:00: inside the lead time
    expect(refused('2026-06-16T09:30:00.000Z')).toEqual({ ok: false, code: 'DELIVERY_SLOT_UNAVAILABLE' }); // 11:30: off the grid
    expect(refused('2026-06-16T21:00:00.000Z')).toEqual({ ok: false, code: 'DELIVERY_SLOT_UNAVAILABLE' }); // 23:00: closed
    expect(refused('2026-06-18T09:00:00.000Z')).toEqual({ ok: false, code: 'DELIVERY_SLOT_UNAVAILABLE' }); // the day after tomorrow
    expect(refused('2026-06-16T09:00:00.000Z', counterOnly)).toEqual({ ok: false, code: 'DELIVERY_SLOT_UNAVAILABLE' });
    expect(refused('2026-06-16T09:00:00.000Z', null)).toEqual({ ok: false, code: 'DELIVERY_SLOT_UNAVAILABLE' });
    expect(checkRedelivery({ method: 'pickup' }, null, MORNING, DEFAULT_TIMING).ok).toBe(true);
    expect(refused('2026-06-16T09:00:00.000Z', courierPharmacy, LATE)).toEqual({ ok: false, code: 'DELIVERY_SLOT_UNAVAILABLE' });
    expect(refused('')).toEqual({ ok: false, code: 'DELIVERY_TIME_REQUIRED' });
    expect(refused('not a time')).toEqual({ ok: false, code: 'DELIVERY_TIME_REQUIRED' });
  });
});
