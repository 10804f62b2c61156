import { describe, expect, it } from 'vitest';
import { dayRangeLabel, groupOpeningHours, intervalsLabel, weekdayName } from '../../../src/features/pharmacies/model/opening-hours-view';
import { orderFromCheck, orderFromNearest, orderPharmacies } from '../../../src/features/pharmacies/model/pharmacy-order';
import type { DeliveryArea, NearestPharmacies, SelectionPharmacy } from '../../../src/features/pharmacies/model/selection-types';
import { localizedTermsHref } from '../../../src/features/pharmacies/model/selection-types';

const day = (opens: string, closes: string) => [{ opens, closes }];

describe('opening hours on the selection screen', () => {
  it('names weekdays in the page language', () => {
    expect(weekdayName('mon', 'en')).toBe('Monday');
    expect(weekdayName('sun', 'de')).toBe('Sonntag');
    expect(weekdayName('thu', 'de', 'short')).toMatch(/^Do/);
  });

  it('merges runs of equal days and keeps closed days', () => {
    const hours = { mon: day('08:00', '20:00'), tue: day('08:00', '20:00'), wed: day('08:00', '20:00'), thu: day('08:00', '20:00'), fri: day('08:00', '20:00'), sat: day('09:00', '14:00'), sun: [] };
    const groups = groupOpeningHours(hours);
    expect(groups.map((group) => [dayRangeLabel(group, 'de'), intervalsLabel(group.intervals)])).toEqual([
      ['Montag – Freitag', '08:00–20:00'],
      ['Samstag', '09:00–14:00'],
      ['Sonntag', ''],
    ]);
  });

  it('shows the daily 08:00–22:00 of the demo pharmacies as one line, and a missing day as closed', () => {
    const daily = Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, day('08:00', '22:00')]));
    expect(groupOpeningHours(daily).map((group) => dayRangeLabel(group, 'en'))).toEqual(['Monday – Sunday']);
    expect(groupOpeningHours({ mon: day('08:00', '22:00') }).map((group) => [group.from, group.to, group.intervals.length])).toEqual([
      ['mon', 'mon', 1],
      ['tue', 'sun', 0],
    ]);
  });

  it('lists split days with every interval', () => {
    expect(intervalsLabel([...day('08:00', '13:00'), ...day('14:00', '18:30')])).toBe('08:00–13:00, 14:00–18:30');
  });
});

describe('terms links', () => {
  it('localizes the shop’s own pages and leaves external ones alone', () => {
    expect(localizedTermsHref('/legal/terms', 'de')).toBe('/de/legal/terms');
    expect(localizedTermsHref('/legal/terms', 'en')).toBe('/legal/terms');
    expect(localizedTermsHref('https://example.com/agb', 'de')).toBe('https://example.com/agb');
  });
});

const pharmacy = (id: string): SelectionPharmacy => ({
  id,
  name: id,
  street: 'Straße',
  houseNumber: '1',
  postalCode: '10115',
  city: 'Berlin',
  phone: '+49301234567',
  termsHref: '/legal/terms',
  openingHours: {},
  deliveryOptions: ['courier'],
  selfPickupOnly: false,
  priceListHref: null,
  deliveryPostalCodes: ['10115'],
});

const entry = (id: string, delivers = true) => ({
  pharmacy: { id, name: id } as DeliveryArea['alternatives'][number]['pharmacy'],
  delivers,
  distance_km: 1,
  in_stock_count: 0,
  missing_pzns: [],
});

describe('ordering the pharmacy list', () => {
  const list = ['a', 'b', 'c', 'd', 'e'].map(pharmacy);

  it('keeps the built order until something is known', () => {
    expect(orderPharmacies(list, { kind: 'default' }).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('puts the serving pharmacy first, then the other delivering ones in the server’s order, then the rest as built', () => {
    const answer = { outcome: 'in_area_all_in_stock', postal_code: '10115', pharmacy: entry('d'), alternatives: [entry('b')] } as unknown as DeliveryArea;
    const order = orderFromCheck(answer);
    expect(order).toMatchObject({ kind: 'serving', postalCode: '10115', delivering: ['d', 'b'] });
    expect(orderPharmacies(list, order).map((p) => p.id)).toEqual(['d', 'b', 'a', 'c', 'e']);
  });

  it('outside the area lists the nearest for pickup first, none of them delivering', () => {
    const answer = { outcome: 'outside_area', postal_code: '01067', pharmacy: null, alternatives: [entry('e', false), entry('c', false)] } as unknown as DeliveryArea;
    const order = orderFromCheck(answer);
    expect(order).toMatchObject({ delivering: [] });
    expect(orderPharmacies(list, order).map((p) => p.id)).toEqual(['e', 'c', 'a', 'b', 'd']);
  });

  it('after a device location sorts by distance and remembers each distance', () => {
    const nearest = {
      postal_code: '10178',
      locality: 'Berlin',
      items: [
        { pharmacy: { id: 'c' }, distance_km: 0.4, delivers_to_location: true },
        { pharmacy: { id: 'a' }, distance_km: 2.5, delivers_to_location: false },
      ],
    } as unknown as NearestPharmacies;
    const order = orderFromNearest(nearest);
    expect(order).toMatchObject({ kind: 'nearest', delivering: ['c'], distances: { c: 0.4, a: 2.5 } });
    expect(orderPharmacies(list, order).map((p) => p.id)).toEqual(['c', 'a', 'b', 'd', 'e']);
  });
});
