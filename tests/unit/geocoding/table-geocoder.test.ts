import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REVERSE_MAX_KM, distanceKm, postalCodeInRange, tableGeocoder } from '../../../src/platform/geocoding';
import table from '../../../src/platform/geocoding/postal-codes.json' with { type: 'json' };

const geocoder = tableGeocoder();
type CatalogPharmacy = { address: { postalCode: string }; deliveryZone: { postalCodes: string[] } };

describe('the built-in postal-code table', () => {
  it('covers every postal code a catalogue pharmacy delivers to or sits in', () => {
    const pharmacies = JSON.parse(readFileSync('catalog/pharmacies.json', 'utf8')) as CatalogPharmacy[];
    const used = new Set(pharmacies.flatMap((p) => [p.address.postalCode, ...p.deliveryZone.postalCodes]));
    expect([...used].filter((code) => !(code in table.postalCodes))).toEqual([]);
  });

  it('places every entry inside its city’s range and near its centre', () => {
    for (const [code, entry] of Object.entries(table.postalCodes)) {
      const city = table.cities.find((c) => postalCodeInRange(code, c.from, c.to));
      expect(city?.city, code).toBe(entry.city);
      expect(distanceKm(entry, city!), code).toBeLessThan(20);
    }
  });
});

describe('tableGeocoder', () => {
  it('resolves a known postal code to its centroid, whatever the street', async () => {
    const result = await geocoder.geocode({ postalCode: '10115', streetAddress: 'Straße des 17. Juni', houseNumber: '12a' });
    expect(result).toEqual({ found: true, location: { lat: table.postalCodes['10115'].lat, lng: table.postalCodes['10115'].lng }, postalCode: '10115', locality: 'Berlin', precision: 'postal_code' });
  });

  it('resolves an unlisted code of a covered city to the city centre', async () => {
    const result = await geocoder.geocode({ postalCode: '14199', locality: 'Berlin' });
    expect(result).toMatchObject({ found: true, precision: 'city', locality: 'Berlin', location: { lat: 52.52, lng: 13.405 } });
  });

  it('accepts the locality in other spellings', async () => {
    expect(await geocoder.geocode({ postalCode: '80331', locality: 'Munich' })).toMatchObject({ found: true, locality: 'München' });
    expect(await geocoder.geocode({ postalCode: '60313', locality: 'Frankfurt' })).toMatchObject({ found: true });
  });

  it('does not recognise a locality that does not fit the code, nor codes outside the covered cities', async () => {
    expect(await geocoder.geocode({ postalCode: '10115', locality: 'München' })).toEqual({ found: false });
    expect(await geocoder.geocode({ postalCode: '01067', locality: 'Dresden' })).toEqual({ found: false });
    expect(await geocoder.geocode({ postalCode: '1011' })).toEqual({ found: false });
  });

  it('reverse-geocodes a point to the nearest centroid, and nothing far from all of them', async () => {
    expect(await geocoder.reverse(table.postalCodes['20095'])).toEqual({ postalCode: '20095', locality: 'Hamburg' });
    expect(await geocoder.reverse({ lat: 51.05, lng: 13.74 })).toBeNull();
  });

  it(`answers up to ${REVERSE_MAX_KM} km from the nearest centroid and not beyond`, async () => {
    // North of the northernmost centroid every other one is farther away than this one.
    const [code, north] = Object.entries(table.postalCodes).reduce((a, b) => (b[1].lat > a[1].lat ? b : a));
    const northBy = (km: number) => ({ lat: north.lat + km / 111.195, lng: north.lng });
    expect(distanceKm(northBy(REVERSE_MAX_KM - 0.1), north)).toBeCloseTo(REVERSE_MAX_KM - 0.1, 2);
    expect(await geocoder.reverse(northBy(REVERSE_MAX_KM - 0.1))).toEqual({ postalCode: code, locality: north.city });
    expect(await geocoder.reverse(northBy(REVERSE_MAX_KM + 0.1))).toBeNull();
  });
});
