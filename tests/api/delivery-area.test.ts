import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../src/app/api';
import { pharmacies, stock } from '../../src/features/pharmacies/server/schema';
import { fixedClock } from '../../src/platform/clock';
import { tableGeocoder } from '../../src/platform/geocoding';
import table from '../../src/platform/geocoding/postal-codes.json' with { type: 'json' };
import { WEEKDAY_MORNING } from './support/api';
import { createTestDb, type TestDb } from './support/test-db';

let testDb: TestDb;
const PATH = '/api/shop/v1/delivery-area';
const [A, B, C, D] = ['10019621', '04773414', '00838973', '17377588'];
/** Point of the 10115 centroid in the shipped table: every distance below is measured from here. */
const AT_10115 = { lat: table.postalCodes['10115'].lat, lng: table.postalCodes['10115'].lng };

const daily = (opens: string, closes: string) => Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ opens, closes }]]));
type Insert = typeof pharmacies.$inferInsert;
const pharmacy = (id: string, lat: number, lng: number, extra: Partial<Insert> = {}): Insert => ({
  id,
  name: id,
  street: 'Straße des 17. Juni',
  houseNumber: '1',
  postalCode: '10115',
  city: 'Berlin',
  lat,
  lng,
  phone: '+493012345678',
  email: `${id}@example.org`,
  termsUrl: '/legal/terms',
  openingHours: daily('08:00', '22:00') as Insert['openingHours'],
  deliveryOptions: ['courier', 'pickup'],
  deliveryPostalCodes: ['10115', '10117'],
  ...extra,
});

beforeAll(async () => {
  testDb = await createTestDb();
  await testDb.db.insert(pharmacies).values([
    // "near" sits on the 10115 centroid, "far" ~3 km north: ties in stock go to "near".
    pharmacy('near', AT_10115.lat, AT_10115.lng),
    pharmacy('far', AT_10115.lat + 0.027, AT_10115.lng),
    pharmacy('night', AT_10115.lat, AT_10115.lng + 0.001, { openingHours: { fri: [{ opens: '20:00', closes: '02:00' }] } as Insert['openingHours'] }),
    pharmacy('pickup-only', AT_10115.lat, AT_10115.lng, { selfPickupOnly: true, deliveryOptions: ['pickup'], deliveryPostalCodes: ['10115'] }),
    pharmacy('gone', AT_10115.lat, AT_10115.lng, { active: false }),
    pharmacy('hamburg', 53.553, 9.992, { city: 'Hamburg', postalCode: '20095', deliveryPostalCodes: ['20095'] }),
  ]);
  await testDb.db.insert(stock).values([
    { pharmacyId: 'near', pzn: A, quantity: 10 },
    { pharmacyId: 'near', pzn: B, quantity: 2 },
    { pharmacyId: 'near', pzn: C, quantity: 0 },
    { pharmacyId: 'far', pzn: A, quantity: 5 },
    { pharmacyId: 'far', pzn: B, quantity: 5 },
    { pharmacyId: 'far', pzn: C, quantity: 5 },
    { pharmacyId: 'night', pzn: A, quantity: 9 },
    { pharmacyId: 'night', pzn: B, quantity: 9 },
    { pharmacyId: 'night', pzn: C, quantity: 9 },
    { pharmacyId: 'night', pzn: D, quantity: 9 },
    { pharmacyId: 'pickup-only', pzn: D, quantity: 9 },
    { pharmacyId: 'gone', pzn: D, quantity: 9 },
  ]);
});
afterAll(() => testDb?.close());

type Choice = { pharmacy: { id: string; openNow: boolean }; delivers: boolean; distance_km: number | null; in_stock_count: number; missing_pzns: string[] };
type Answer = {
  outcome: string;
  message: { en: string; de: string } | null;
  postal_code: string;
  location: { lat: number; lng: number; source: string; precision: string } | null;
  missing_pzns: string[];
  pharmacy: Choice | null;
  alternatives: Choice[];
};

async function check(body: Record<string, unknown>, at = WEEKDAY_MORNING) {
  const api = buildApi({ getDb: async () => testDb.db, clock: fixedClock(at), geocoder: tableGeocoder(), adminToken: undefined });
  const response = await api.request(PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer & { code?: string } };
}

describe('in the delivery area', () => {
  it('all in stock: the open pharmacy holding the whole cart serves, needing no login', async () => {
    const { status, body, headers } = await check({ postal_code: '10115', street_address: 'Straße des 17. Juni', house_number: '12a', locality: 'Berlin', pzns: [A, B, C] });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ outcome: 'in_area_all_in_stock', message: null, postal_code: '10115', missing_pzns: [] });
    expect(body.location).toEqual({ ...AT_10115, source: 'geocoder', precision: 'postal_code' });
    expect(body.pharmacy).toMatchObject({ pharmacy: { id: 'far', openNow: true }, delivers: true, in_stock_count: 3, missing_pzns: [] });
    expect(body.pharmacy?.distance_km).toBeCloseTo(3, 0);
  });

  it('alternatives: the other delivering pharmacies, open before closed; pickup-only and inactive ones never', async () => {
    const { body } = await check({ postal_code: '10115', pzns: [A, B, C] });
    expect(body.alternatives.map((a) => [a.pharmacy.id, a.pharmacy.openNow, a.in_stock_count])).toEqual([
      ['near', true, 2],
      ['night', false, 4 - 1],
    ]);
    expect(body.alternatives[0]?.missing_pzns).toEqual([C]);
  });

  it('a tie in stock goes to the nearest pharmacy', async () => {
    const { body } = await check({ postal_code: '10115', pzns: [A, B] });
    expect(body.outcome).toBe('in_area_all_in_stock');
    expect(body.pharmacy).toMatchObject({ pharmacy: { id: 'near' }, distance_km: 0 });
    // Seen from a device north of both, "far" is the nearer one.
    const fromNorth = await check({ postal_code: '10115', pzns: [A, B], lat: AT_10115.lat + 0.03, lng: AT_10115.lng });
    expect(fromNorth.body.pharmacy?.pharmacy.id).toBe('far');
    expect(fromNorth.body.location).toMatchObject({ source: 'client', precision: 'device' });
  });

  it('some in stock: says which PZNs the serving pharmacy lacks, in both languages', async () => {
    const { body } = await check({ postal_code: '10115', pzns: [A, D, '0838973'] });
    expect(body.outcome).toBe('in_area_some_in_stock');
    expect(body.pharmacy?.pharmacy.id).toBe('far');
    expect(body.missing_pzns).toEqual([D]);
    expect(body.message?.de).toMatch(/nicht alle Artikel/);
  });

  it('without PZNs everything asked for is in stock', async () => {
    const { body } = await check({ postal_code: '10117' });
    expect(body).toMatchObject({ outcome: 'in_area_all_in_stock', pharmacy: { pharmacy: { id: 'near' } } });
  });

  it('when every pharmacy is closed the best closed one is chosen (pre-orders only)', async () => {
    // Tuesday 03:00 in Berlin.
    const { body } = await check({ postal_code: '10115', pzns: [A, B, C, D] }, '2026-06-16T01:00:00Z');
    expect(body.outcome).toBe('in_area_all_in_stock');
    expect(body.pharmacy).toMatchObject({ pharmacy: { id: 'night', openNow: false }, in_stock_count: 4 });
  });

  it('decides "open now" in Europe/Berlin time: Friday 23:30 the night pharmacy serves', async () => {
    // Friday 2026-06-19 23:30 CEST = 21:30 UTC.
    const { body } = await check({ postal_code: '10115', pzns: [D] }, '2026-06-19T21:30:00Z');
    expect(body.pharmacy).toMatchObject({ pharmacy: { id: 'night', openNow: true } });
    expect(body.outcome).toBe('in_area_all_in_stock');
  });
});

describe('outside the delivery area', () => {
  it('a covered city without a delivering pharmacy: "we do not deliver yet", nearest pharmacies for pickup', async () => {
    const { body } = await check({ postal_code: '80331', locality: 'München', pzns: [A] });
    expect(body).toMatchObject({ outcome: 'outside_area', pharmacy: null, missing_pzns: [] });
    expect(body.message?.en).toBe('We do not deliver to this address yet.');
    expect(body.location).toMatchObject({ source: 'geocoder' });
    expect(body.alternatives.length).toBeGreaterThan(0);
    expect(body.alternatives.every((a) => !a.delivers)).toBe(true);
    const distances = body.alternatives.map((a) => a.distance_km ?? 0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('a real postal code outside the covered cities is outside the area, without a position', async () => {
    const { body } = await check({ postal_code: '01067', locality: 'Dresden' });
    expect(body).toMatchObject({ outcome: 'outside_area', location: null, alternatives: [] });
  });
});

describe('address not recognised', () => {
  it('a postal code that cannot exist', async () => {
    const { body } = await check({ postal_code: '00123' });
    expect(body).toMatchObject({ outcome: 'address_not_recognised', pharmacy: null });
    expect(body.message?.de).toMatch(/nicht erkennen/);
  });

  it('a locality that does not belong to the postal code', async () => {
    const { body } = await check({ postal_code: '10115', locality: 'München', pzns: [A] });
    expect(body).toMatchObject({ outcome: 'address_not_recognised', pharmacy: null, alternatives: [] });
  });
});

describe('refused input', () => {
  it.each([
    [{ postal_code: '1011' }, 'INVALID_POSTAL_CODE'],
    [{ postal_code: '10115', house_number: '12ab' }, 'INVALID_HOUSE_NUMBER'],
    [{ postal_code: '10115', pzns: ['10019622'] }, 'BAD_REQUEST'],
    [{ postal_code: '10115', lat: 52.5 }, 'BAD_REQUEST'],
    [{ postal_code: '10115', lat: 95, lng: 13 }, 'BAD_REQUEST'],
    [{}, 'MISSING_PARAMS'],
  ])('%j → %s', async (body, code) => {
    const result = await check(body);
    expect(result.status).toBe(400);
    expect(result.body.code).toBe(code);
  });
});

describe('GET /api/shop/v1/pharmacies/nearest', () => {
  async function nearest(query: string) {
    const api = buildApi({ getDb: async () => testDb.db, clock: fixedClock(WEEKDAY_MORNING), geocoder: tableGeocoder(), adminToken: undefined });
    const response = await api.request(`/api/shop/v1/pharmacies/nearest?${query}`);
    return { status: response.status, body: (await response.json()) as { code?: string; postal_code: string | null; items: { pharmacy: { id: string }; distance_km: number; delivers_to_location: boolean }[] } };
  }

  it('lists active pharmacies nearest first with their delivery-zone match', async () => {
    const { status, body } = await nearest(`lat=${AT_10115.lat}&lng=${AT_10115.lng}&limit=4`);
    expect(status).toBe(200);
    expect(body.postal_code).toBe('10115');
    expect(body.items.map((i) => i.pharmacy.id)).toEqual(['near', 'pickup-only', 'night', 'far']);
    expect(body.items.map((i) => i.delivers_to_location)).toEqual([true, false, true, true]);
    expect(body.items[0]?.distance_km).toBe(0);
  });

  it('a point far from every known postal code has no zone', async () => {
    const { body } = await nearest('lat=51.05&lng=13.74');
    expect(body.postal_code).toBeNull();
    expect(body.items.every((i) => !i.delivers_to_location)).toBe(true);
    expect(body.items).toHaveLength(5);
  });

  it('refuses a missing or impossible position', async () => {
    expect((await nearest('lat=52.5')).body.code).toBe('BAD_REQUEST');
    expect((await nearest('lat=100&lng=13')).status).toBe(400);
  });
});
