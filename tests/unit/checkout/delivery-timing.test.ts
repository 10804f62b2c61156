import { describe, expect, it } from 'vitest';
import { deliveryOptions, parcelEstimate, validateDeliveryChoice, type PharmacyTimingFacts } from '../../../src/features/checkout/model/delivery-timing';
import { isOpenAt, withHolidays } from '../../../src/features/pharmacies/model/opening-hours';
import { everyDay } from './fixtures';

const alexanderplatz: PharmacyTimingFacts = { openingHours: everyDay('08:00', '22:00'), deliveryOptions: ['courier', 'parcel', 'pickup'], selfPickupOnly: false };
const hauptbahnhof: PharmacyTimingFacts = { openingHours: everyDay('08:00', '23:00'), deliveryOptions: ['courier', 'pickup'], selfPickupOnly: false };
const deutz: PharmacyTimingFacts = { openingHours: everyDay('08:00', '22:00'), deliveryOptions: ['pickup'], selfPickupOnly: true };
const allDay: PharmacyTimingFacts = { openingHours: everyDay('00:00', '24:00'), deliveryOptions: ['courier', 'pickup'] };

const at = (iso: string) => ({ now: new Date(iso), pickupOnlyItems: false });
const froms = (slots: { from: string }[]) => slots.map((slot) => slot.from);

describe('deliveryOptions on a summer Tuesday (CEST)', () => {
  it('at 10:00 offers ASAP, hourly slots from 11:00 today, all of tomorrow, parcel and pickup', () => {
    const options = deliveryOptions(alexanderplatz, at('2026-06-16T08:00:00Z'));
    expect(options).toMatchObject({ today: '2026-06-16', tomorrow: '2026-06-17', openNow: true, closesAt: '2026-06-16T20:00:00.000Z', asapMinutes: 30 });
    expect(options.courier?.asap).toBe(true);
    expect(froms(options.courier!.today)).toEqual(['11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
    expect(options.courier!.today[0]).toEqual({ start: '2026-06-16T09:00:00.000Z', end: '2026-06-16T10:00:00.000Z', date: '2026-06-16', from: '11:00', to: '12:00' });
    expect(options.courier!.today.at(-1)?.to).toBe('22:00');
    expect(options.courier!.tomorrow).toHaveLength(14);
    expect(options.courier!.tomorrow[0]?.from).toBe('08:00');
    expect(options.parcel).toEqual({ earliest: '2026-06-17', latest: '2026-06-19' });
    expect(options.pickup).toEqual(options.courier);
  });

  it('starts the first slot at least an hour ahead, on the slot grid', () => {
    expect(deliveryOptions(alexanderplatz, at('2026-06-16T08:10:00Z')).courier!.today[0]?.from).toBe('12:00');
    const halfHours = deliveryOptions(alexanderplatz, { ...at('2026-06-16T08:10:00Z'), settings: { ...defaults(), slotMinutes: 30 } });
    expect(froms(halfHours.courier!.today).slice(0, 3)).toEqual(['11:30', '12:00', '12:30']);
    expect(halfHours.courier!.today.at(-1)).toMatchObject({ from: '21:30', to: '22:00' });
  });

  it('offers ASAP up to 30 minutes before closing, not later', () => {
    expect(deliveryOptions(alexanderplatz, at('2026-06-16T19:30:00Z')).courier?.asap).toBe(true); // 21:30
    const late = deliveryOptions(alexanderplatz, at('2026-06-16T19:31:00Z')); // 21:31
    expect(late.openNow).toBe(true);
    expect(late.courier?.asap).toBe(false);
    expect(late.courier?.today).toEqual([]);
    expect(late.courier?.tomorrow).toHaveLength(14);
  });

  it('before opening takes pre-orders only: no ASAP, slots from opening time', () => {
    const early = deliveryOptions(alexanderplatz, at('2026-06-16T05:00:00Z')); // 07:00
    expect(early.openNow).toBe(false);
    expect(early.closesAt).toBeNull();
    expect(early.courier?.asap).toBe(false);
    expect(froms(early.courier!.today)[0]).toBe('08:00');
  });

  it('after closing offers tomorrow only', () => {
    const night = deliveryOptions(alexanderplatz, at('2026-06-16T20:30:00Z')); // 22:30
    expect(night.courier).toMatchObject({ asap: false, today: [] });
    expect(night.courier!.tomorrow[0]).toMatchObject({ date: '2026-06-17', from: '08:00' });
  });

  it('keeps a pharmacy open until 23:00 open until 23:00', () => {
    const nine = deliveryOptions(hauptbahnhof, at('2026-06-16T19:00:00Z')); // 21:00
    expect(nine.courier!.today.at(-1)).toMatchObject({ from: '22:00', to: '23:00' });
    const ten = deliveryOptions(hauptbahnhof, at('2026-06-16T20:00:00Z')); // 22:00
    expect(ten).toMatchObject({ openNow: true, closesAt: '2026-06-16T21:00:00.000Z' });
    expect(ten.courier).toMatchObject({ asap: true, today: [] });
    expect(deliveryOptions(hauptbahnhof, at('2026-06-16T20:30:00Z')).courier?.asap).toBe(true); // 22:30
    expect(deliveryOptions(hauptbahnhof, at('2026-06-16T20:31:00Z')).courier?.asap).toBe(false); // 22:31
    expect(ten.parcel).toBeNull();
  });

  it('agrees with the pharmacies feature on whether the pharmacy is open', () => {
    for (const iso of ['2026-06-16T05:59:00Z', '2026-06-16T06:00:00Z', '2026-06-16T19:59:00Z', '2026-06-16T20:00:00Z', '2026-12-24T21:30:00Z']) {
      expect(deliveryOptions(alexanderplatz, at(iso)).openNow).toBe(isOpenAt(alexanderplatz.openingHours, new Date(iso)));
    }
  });
});

describe('deliveryOptions across daylight-saving changes', () => {
  it('puts Sunday 29 March 2026 (clocks forward) slots at CEST offsets', () => {
    // Saturday 20:00 CET: tomorrow's 08:00 is already summer time, 06:00 UTC.
    const saturday = deliveryOptions(alexanderplatz, at('2026-03-28T19:00:00Z'));
    expect(saturday.courier!.tomorrow[0]).toMatchObject({ start: '2026-03-29T06:00:00.000Z', from: '08:00', date: '2026-03-29' });
    expect(saturday.courier!.tomorrow.at(-1)).toMatchObject({ end: '2026-03-29T20:00:00.000Z', to: '22:00' });
    const sunday = deliveryOptions(alexanderplatz, at('2026-03-29T19:30:00Z')); // 21:30 CEST
    expect(sunday).toMatchObject({ openNow: true, closesAt: '2026-03-29T20:00:00.000Z' });
    expect(sunday.courier?.asap).toBe(true);
  });

  it('puts Sunday 25 October 2026 (clocks back) slots at CET offsets', () => {
    const saturday = deliveryOptions(alexanderplatz, at('2026-10-24T18:00:00Z')); // 20:00 CEST
    expect(saturday.courier!.tomorrow[0]).toMatchObject({ start: '2026-10-25T07:00:00.000Z', from: '08:00' });
    const sunday = deliveryOptions(alexanderplatz, at('2026-10-25T20:30:00Z')); // 21:30 CET
    expect(sunday).toMatchObject({ openNow: true, closesAt: '2026-10-25T21:00:00.000Z' });
    expect(sunday.courier?.asap).toBe(true);
    expect(deliveryOptions(alexanderplatz, at('2026-10-25T20:31:00Z')).courier?.asap).toBe(false);
  });

  it('leaves out windows that a clock change would stretch or shrink (24-hour pharmacy)', () => {
    const spring = deliveryOptions(allDay, at('2026-03-28T19:00:00Z')).courier!.tomorrow;
    expect(froms(spring)).not.toContain('01:00'); // ends at 02:00, which does not exist
    expect(froms(spring)).not.toContain('02:00');
    expect(froms(spring).slice(0, 2)).toEqual(['00:00', '03:00']);
    const autumn = deliveryOptions(allDay, at('2026-10-24T18:00:00Z')).courier!.tomorrow;
    expect(froms(autumn)).not.toContain('02:00'); // 02:00–03:00 would last two hours
    expect(autumn).toHaveLength(23);
    for (const slot of [...spring, ...autumn]) expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(3_600_000);
  });
});

describe('night service and special pharmacies', () => {
  it('follows an interval past midnight', () => {
    const night: PharmacyTimingFacts = { openingHours: { tue: [{ opens: '20:00', closes: '02:00' }] }, deliveryOptions: ['courier'] };
    const tuesday = deliveryOptions(night, at('2026-06-16T19:00:00Z')); // Tue 21:00
    expect(tuesday).toMatchObject({ openNow: true, closesAt: '2026-06-17T00:00:00.000Z' });
    expect(froms(tuesday.courier!.today)).toEqual(['22:00', '23:00']);
    expect(froms(tuesday.courier!.tomorrow)).toEqual(['00:00', '01:00']);
    expect(deliveryOptions(night, at('2026-06-16T23:30:00Z')).courier?.asap).toBe(true); // Wed 01:30
    expect(deliveryOptions(night, at('2026-06-16T23:31:00Z')).courier?.asap).toBe(false);
  });

  it('a self-pickup-only pharmacy offers pickup alone', () => {
    const options = deliveryOptions(deutz, at('2026-06-16T08:00:00Z'));
    expect(options.courier).toBeNull();
    expect(options.parcel).toBeNull();
    expect(options.pickup?.asap).toBe(true);
  });

  it('a cart with collect-in-person products offers pickup only', () => {
    const options = deliveryOptions(alexanderplatz, { now: new Date('2026-06-16T08:00:00Z'), pickupOnlyItems: true });
    expect(options).toMatchObject({ pickupOnlyItems: true, courier: null, parcel: null });
    expect(options.pickup).not.toBeNull();
  });
});

describe('parcelEstimate', () => {
  it('is the 1st to 3rd business day after ordering, skipping Sundays and holidays', () => {
    expect(parcelEstimate('2026-06-12')).toEqual({ earliest: '2026-06-13', latest: '2026-06-16' });
    expect(parcelEstimate('2026-04-02')).toEqual({ earliest: '2026-04-04', latest: '2026-04-08' });
    expect(parcelEstimate('2026-12-24')).toEqual({ earliest: '2026-12-28', latest: '2026-12-30' });
  });

  it('skips the regional holidays of the state the parcel leaves from', () => {
    // Wednesday 3 June 2026; Corpus Christi on Thursday is a holiday in Bavaria, not in Berlin.
    expect(parcelEstimate('2026-06-03', defaults(), 'BY')).toEqual({ earliest: '2026-06-05', latest: '2026-06-08' });
    expect(parcelEstimate('2026-06-03', defaults(), 'BE')).toEqual({ earliest: '2026-06-04', latest: '2026-06-06' });
  });
});

describe('public holidays', () => {
  const berlin = { ...alexanderplatz, openingHours: withHolidays(alexanderplatz.openingHours, 'BE') };
  const munich = { ...alexanderplatz, openingHours: withHolidays(alexanderplatz.openingHours, 'BY') };

  it('offers no "as soon as possible" and no slot on Christmas Day: pre-orders for the 27th only', () => {
    const christmas = deliveryOptions(berlin, at('2026-12-25T10:00:00Z')); // Friday 11:00
    expect(christmas).toMatchObject({ today: '2026-12-25', openNow: false, closesAt: null });
    expect(christmas.courier).toEqual({ asap: false, today: [], tomorrow: [] }); // the 26th is a holiday too
    expect(validateDeliveryChoice(berlin, { method: 'courier', timing: 'asap' }, at('2026-12-25T10:00:00Z'))).toEqual({ ok: false, code: 'PHARMACY_CLOSED' });
    const eve = deliveryOptions(berlin, at('2026-12-24T10:00:00Z'));
    expect(eve.courier?.asap).toBe(true);
    expect(eve.courier?.tomorrow).toEqual([]);
    expect(deliveryOptions(berlin, at('2026-12-26T10:00:00Z')).courier?.tomorrow[0]).toMatchObject({ date: '2026-12-27', from: '08:00' });
  });

  it('follows the pharmacy\'s state: Corpus Christi closes Munich, not Berlin', () => {
    const noon = at('2026-06-04T10:00:00Z');
    expect(deliveryOptions(munich, noon)).toMatchObject({ openNow: false, courier: { asap: false, today: [] } });
    expect(deliveryOptions(berlin, noon)).toMatchObject({ openNow: true, courier: { asap: true } });
    expect(deliveryOptions(munich, noon).parcel).toEqual({ earliest: '2026-06-05', latest: '2026-06-08' });
  });
});

describe('validateDeliveryChoice', () => {
  const ten = at('2026-06-16T08:00:00Z'); // Tuesday 10:00

  it('requires a choice and, for courier and pickup, a time', () => {
    expect(validateDeliveryChoice(alexanderplatz, null, ten)).toEqual({ ok: false, code: 'DELIVERY_TIME_REQUIRED' });
    expect(validateDeliveryChoice(alexanderplatz, {}, ten).ok).toBe(false);
    expect(validateDeliveryChoice(alexanderplatz, { method: 'courier' }, ten)).toEqual({ ok: false, code: 'DELIVERY_TIME_REQUIRED' });
    expect(validateDeliveryChoice(alexanderplatz, { method: 'courier', timing: 'slot' }, ten)).toEqual({ ok: false, code: 'DELIVERY_TIME_REQUIRED' });
    expect(validateDeliveryChoice(alexanderplatz, { method: 'courier', timing: 'slot', slotStart: 'soon' }, ten)).toEqual({ ok: false, code: 'DELIVERY_TIME_REQUIRED' });
  });

  it('accepts ASAP while open with the promised time', () => {
    expect(validateDeliveryChoice(alexanderplatz, { method: 'courier', timing: 'asap' }, ten)).toEqual({
      ok: true,
      value: { method: 'courier', timing: 'asap', expectedBy: '2026-06-16T08:30:00.000Z' },
    });
  });

  it('refuses ASAP from a closed or closing pharmacy with PHARMACY_CLOSED', () => {
    expect(validateDeliveryChoice(alexanderplatz, { method: 'courier', timing: 'asap' }, at('2026-06-16T05:00:00Z')).ok).toBe(false);
    expect(validateDeliveryChoice(alexanderplatz, { method: 'courier', timing: 'asap' }, at('2026-06-16T20:30:00Z'))).toEqual({ ok: false, code: 'PHARMACY_CLOSED' });
    expect(validateDeliveryChoice(alexanderplatz, { method: 'pickup', timing: 'asap' }, at('2026-06-16T19:45:00Z'))).toEqual({ ok: false, code: 'PHARMACY_CLOSED' });
  });

  it('accepts a listed slot today or tomorrow, also as a pre-order while closed', () => {
    const today = validateDeliveryChoice(alexanderplatz, { method: 'courier', timing: 'slot', slotStart: '2026-06-16T12:00:00.000Z' }, ten);
    expect(today).toEqual({ ok: true, value: { method: 'courier', timing: 'slot', slot: expect.objectContaining({ from: '14:00', to: '15:00' }) } });
    const preorder = validateDeliveryChoice(alexanderplatz, { method: 'courier', timing: 'slot', slotStart: '2026-06-17T06:00:00Z' }, at('2026-06-16T21:00:00Z'));
    expect(preorder.ok && preorder.value).toMatchObject({ slot: { date: '2026-06-17', from: '08:00' } });
  });

  it('refuses a slot outside opening hours with PHARMACY_CLOSED, and a passed or off-grid one as unavailable', () => {
    const slot = (slotStart: string) => ({ method: 'courier', timing: 'slot', slotStart });
    expect(validateDeliveryChoice(alexanderplatz, slot('2026-06-16T21:00:00Z'), ten)).toEqual({ ok: false, code: 'PHARMACY_CLOSED' }); // 23:00
    expect(validateDeliveryChoice(alexanderplatz, slot('2026-06-16T08:30:00Z'), ten)).toEqual({ ok: false, code: 'DELIVERY_OPTION_UNAVAILABLE' }); // 10:30, too soon
    expect(validateDeliveryChoice(alexanderplatz, slot('2026-06-16T10:30:00Z'), ten)).toEqual({ ok: false, code: 'DELIVERY_OPTION_UNAVAILABLE' }); // 12:30, off the grid
    expect(validateDeliveryChoice(alexanderplatz, slot('2026-06-18T08:00:00Z'), ten)).toEqual({ ok: false, code: 'DELIVERY_OPTION_UNAVAILABLE' }); // the day after tomorrow
  });

  it('accepts parcel only where the pharmacy ships parcels', () => {
    expect(validateDeliveryChoice(alexanderplatz, { method: 'parcel' }, ten)).toEqual({ ok: true, value: { method: 'parcel', estimate: { earliest: '2026-06-17', latest: '2026-06-19' } } });
    expect(validateDeliveryChoice(hauptbahnhof, { method: 'parcel' }, ten)).toEqual({ ok: false, code: 'DELIVERY_OPTION_UNAVAILABLE' });
  });

  it('refuses methods the pharmacy does not offer or that do not exist', () => {
    expect(validateDeliveryChoice(deutz, { method: 'courier', timing: 'asap' }, ten)).toEqual({ ok: false, code: 'DELIVERY_OPTION_UNAVAILABLE' });
    expect(validateDeliveryChoice(alexanderplatz, { method: 'drone', timing: 'asap' }, ten)).toEqual({ ok: false, code: 'DELIVERY_OPTION_UNAVAILABLE' });
  });

  it('sends collect-in-person products to the counter: courier and parcel give PICKUP_ONLY_ITEMS', () => {
    const pickupOnly = { now: ten.now, pickupOnlyItems: true };
    expect(validateDeliveryChoice(alexanderplatz, { method: 'courier', timing: 'asap' }, pickupOnly)).toEqual({ ok: false, code: 'PICKUP_ONLY_ITEMS' });
    expect(validateDeliveryChoice(alexanderplatz, { method: 'parcel' }, pickupOnly)).toEqual({ ok: false, code: 'PICKUP_ONLY_ITEMS' });
    expect(validateDeliveryChoice(alexanderplatz, { method: 'pickup', timing: 'asap' }, pickupOnly).ok).toBe(true);
  });
});

function defaults() {
  return { asapMinutes: 30, asapCutoffMinutes: 30, slotMinutes: 60, slotLeadMinutes: 60, parcelMinBusinessDays: 1, parcelMaxBusinessDays: 3 };
}
