import { describe, expect, it } from 'vitest';
import { availabilityView, choosePharmacyText, STATUS_CLASSES } from '../../../src/features/pharmacies/model/availability-view';

const pharmacy = 'Apotheke am Alexanderplatz';

describe('availabilityView', () => {
  it('names the pharmacy and the status in English', () => {
    expect(availabilityView('in_stock', pharmacy, 'en')).toEqual({ text: `In stock at ${pharmacy}`, className: 'availability--in-stock' });
    expect(availabilityView('low', pharmacy, 'en').text).toBe(`Only a few left at ${pharmacy}`);
    expect(availabilityView('sold_out', pharmacy, 'en').text).toBe(`Sold out at ${pharmacy}`);
  });

  it('speaks German on German pages', () => {
    expect(availabilityView('in_stock', pharmacy, 'de').text).toBe(`Vorrätig in ${pharmacy}`);
    expect(availabilityView('low', pharmacy, 'de').text).toBe(`Nur noch wenige vorrätig in ${pharmacy}`);
    expect(availabilityView('sold_out', pharmacy, 'de').text).toBe(`Ausverkauft in ${pharmacy}`);
  });

  it('gives every status its own class (colour and icon), and only known ones', () => {
    const classes = (['in_stock', 'low', 'sold_out'] as const).map((status) => availabilityView(status, pharmacy, 'en').className);
    expect(new Set(classes).size).toBe(3);
    expect([...STATUS_CLASSES].sort()).toEqual([...classes].sort());
  });

  it('invites visitors without a pharmacy to choose one, in both languages', () => {
    expect(choosePharmacyText('en')).toBe('Choose a pharmacy to see availability');
    expect(choosePharmacyText('de')).toMatch(/Apotheke wählen/);
  });
});
