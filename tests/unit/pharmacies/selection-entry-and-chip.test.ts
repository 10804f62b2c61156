import { describe, expect, it } from 'vitest';
import { locationLabel } from '../../../src/features/pharmacies/model/location-label';
import { manualEntryAddress, manualEntryLabel } from '../../../src/features/pharmacies/model/manual-entry';
import { manualEntrySchema } from '../../../src/features/pharmacies/model/manual-entry-schema';

const texts = { choose: 'Choose pharmacy', postalCode: 'Delivery to {postalCode}' };

describe('the header chip label', () => {
  it('prefers the chosen pharmacy, then the address, then the device location', () => {
    const pharmacy = { id: 'berlin-alexanderplatz', name: 'Apotheke am Alexanderplatz' };
    const address = { id: 'a1', postalCode: '10178', label: 'Karl-Liebknecht-Straße 1, 10178 Berlin' };
    const device = { lat: 52.5, lng: 13.4, postalCode: '10405' };
    expect(locationLabel({ pharmacy, address, device }, texts)).toEqual({ text: 'Apotheke am Alexanderplatz', chosen: true });
    expect(locationLabel({ pharmacy: null, address, device }, texts)).toEqual({ text: 'Delivery to 10178', chosen: false });
    expect(locationLabel({ pharmacy: null, address: null, device }, texts)).toEqual({ text: 'Delivery to 10405', chosen: false });
  });

  it('invites to choose when nothing is known, also for a location without postal code', () => {
    expect(locationLabel({ pharmacy: null, address: null, device: { lat: 1, lng: 2, postalCode: null } }, texts)).toEqual({ text: 'Choose pharmacy', chosen: false });
  });
});

describe('the manual location entry', () => {
  const parse = (values: Partial<{ postalCode: string; street: string; houseNumber: string }>) =>
    manualEntrySchema.safeParse({ postalCode: '', street: '', houseNumber: '', ...values });
  const messages = (result: ReturnType<typeof parse>) => (result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`));

  it('needs a five-digit postal code; street and house number are optional', () => {
    expect(messages(parse({}))).toEqual(['postalCode:postalCodeRequired']);
    expect(messages(parse({ postalCode: '1017' }))).toEqual(['postalCode:INVALID_POSTAL_CODE']);
    expect(parse({ postalCode: ' 01067 ' }).success).toBe(true);
  });

  it('checks a given house number with the address rules', () => {
    for (const ok of ['12', '12a', '12 A', '12-14', '12a-14d', '7 1/2', '3/1']) expect(parse({ postalCode: '10178', houseNumber: ok }).success, ok).toBe(true);
    expect(messages(parse({ postalCode: '10178', houseNumber: 'abc' }))).toEqual(['houseNumber:INVALID_HOUSE_NUMBER']);
  });

  it('sends only what was typed and labels the outcome with it', () => {
    expect(manualEntryAddress({ postalCode: ' 10178', street: '', houseNumber: ' ' })).toEqual({ postal_code: '10178' });
    expect(manualEntryAddress({ postalCode: '10178', street: 'Straße des 17. Juni ', houseNumber: '12a' })).toEqual({ postal_code: '10178', street_address: 'Straße des 17. Juni', house_number: '12a' });
    expect(manualEntryLabel({ postalCode: '10178', street: 'Straße des 17. Juni', houseNumber: '12a' })).toBe('Straße des 17. Juni 12a, 10178');
    expect(manualEntryLabel({ postalCode: '10178', street: '', houseNumber: '' })).toBe('10178');
  });
});
