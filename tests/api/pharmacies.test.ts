import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { createTestDb, type TestDb } from './support/test-db';
import { getJson, testApi } from './support/api';
import { PHARMACY, seedPharmacies } from './support/fixtures';

type Pharmacy = { id: string; openNow: boolean; openingHours: Record<string, unknown[]> } & Record<string, unknown>;
type ErrorBody = { code: string; message: string };

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
  await seedPharmacies(testDb.db);
});
afterAll(() => testDb?.close());

const V1 = '/api/shop/v1';

/** openNow of every listed pharmacy at one instant, by id. */
async function openAt(instant: string): Promise<Record<string, boolean>> {
  const { body } = await getJson<{ items: Pharmacy[] }>(testApi(testDb, { clock: fixedClock(instant) }), `${V1}/pharmacies`);
  return Object.fromEntries(body.items.map((p) => [p.id, p.openNow]));
}

describe('GET /api/shop/v1/pharmacies', () => {
  it('lists active pharmacies by city, then name', async () => {
    const { status, body, response } = await getJson<{ items: Pharmacy[] }>(testApi(testDb), `${V1}/pharmacies`);
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(body.items.map((p) => p.id)).toEqual([PHARMACY.daily, PHARMACY.night, PHARMACY.late, PHARMACY.weekdays]);
  });

  it('answers every documented field', async () => {
    const { body } = await getJson<{ items: Pharmacy[] }>(testApi(testDb), `${V1}/pharmacies`);
    expect(body.items[0]).toEqual({
      id: PHARMACY.daily,
      name: 'Apotheke Mitte',
      address: { street: 'Straße des 17. Juni', houseNumber: '12a', postalCode: '10115', city: 'Berlin', state: 'BE' },
      phone: '+493012345678',
      email: `${PHARMACY.daily}@example.org`,
      termsUrl: `/legal/terms/${PHARMACY.daily}`,
      openingHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [{ opens: '08:00', closes: '22:00' }]])),
      openNow: true,
      closedUntil: null,
      deliveryOptions: ['courier', 'pickup'],
      selfPickupOnly: false,
      hasPdfPriceList: true,
      deliveryPostalCodes: ['10115', '10117'],
      location: { lat: 52.52, lng: 13.4 },
    });
  });

  it('always lists all seven days, closed ones empty', async () => {
    const { body } = await getJson<Pharmacy>(testApi(testDb), `${V1}/pharmacies/${PHARMACY.night}`);
    expect(body.openingHours).toEqual({ mon: [], tue: [], wed: [], thu: [], fri: [{ opens: '20:00', closes: '02:00' }], sat: [{ opens: '20:00', closes: '02:00' }], sun: [] });
  });
});

describe('openNow at fixed instants (Europe/Berlin)', () => {
  it('Tuesday 10:00: day pharmacies open, night service closed', async () => {
    expect(await openAt('2026-06-16T08:00:00Z')).toEqual({ [PHARMACY.daily]: true, [PHARMACY.late]: true, [PHARMACY.weekdays]: true, [PHARMACY.night]: false });
  });

  it('Wednesday lunch break 13:30 closes the split-hours pharmacy only', async () => {
    expect((await openAt('2026-06-17T11:30:00Z'))[PHARMACY.weekdays]).toBe(false);
  });

  it('Sunday evening 20:00 CEST: daily ones open, the weekday one closed, night service not on Sundays', async () => {
    expect(await openAt('2026-06-14T18:00:00Z')).toEqual({ [PHARMACY.daily]: true, [PHARMACY.late]: true, [PHARMACY.weekdays]: false, [PHARMACY.night]: false });
  });

  it('Sunday 01:00 is still Saturday night service', async () => {
    expect((await openAt('2026-06-13T23:00:00Z'))[PHARMACY.night]).toBe(true);
    // …and Sunday 02:00 is its closing minute.
    expect((await openAt('2026-06-14T00:00:00Z'))[PHARMACY.night]).toBe(false);
  });

  it('around 22:00 and 23:00 closing (summer time)', async () => {
    // 21:59 Berlin
    expect(await openAt('2026-06-16T19:59:00Z')).toMatchObject({ [PHARMACY.daily]: true, [PHARMACY.late]: true });
    // 22:00 Berlin: the 22:00 pharmacy has closed, the 23:00 one is open.
    expect(await openAt('2026-06-16T20:00:00Z')).toMatchObject({ [PHARMACY.daily]: false, [PHARMACY.late]: true });
    // 22:59 and 23:00 Berlin
    expect((await openAt('2026-06-16T20:59:00Z'))[PHARMACY.late]).toBe(true);
    expect((await openAt('2026-06-16T21:00:00Z'))[PHARMACY.late]).toBe(false);
  });

  it('around 22:00 closing in winter time (UTC+1)', async () => {
    expect((await openAt('2026-01-13T20:59:00Z'))[PHARMACY.daily]).toBe(true);
    expect((await openAt('2026-01-13T21:00:00Z'))[PHARMACY.daily]).toBe(false);
  });

  it('on the spring DST change day (29 March 2026) closing follows the new offset', async () => {
    // 20:30 UTC is 22:30 CEST that Sunday (closed), while the day before it was 21:30 CET (open).
    expect((await openAt('2026-03-29T20:30:00Z'))[PHARMACY.daily]).toBe(false);
    expect((await openAt('2026-03-28T20:30:00Z'))[PHARMACY.daily]).toBe(true);
    // 07:30 CEST after the jump at 02:00: not yet open; 08:00 CEST is 06:00 UTC.
    expect((await openAt('2026-03-29T05:30:00Z'))[PHARMACY.daily]).toBe(false);
    expect((await openAt('2026-03-29T06:00:00Z'))[PHARMACY.daily]).toBe(true);
  });

  it('on the autumn DST change day (25 October 2026)', async () => {
    // 21:30 UTC is 22:30 CET: still open at the 23:00 pharmacy, closed at the 22:00 one.
    expect(await openAt('2026-10-25T21:30:00Z')).toMatchObject({ [PHARMACY.daily]: false, [PHARMACY.late]: true });
    expect((await openAt('2026-10-25T20:59:00Z'))[PHARMACY.daily]).toBe(true);
  });
});

describe('openNow on public holidays', () => {
  it('Christmas Day (Friday 25 December 2026, 11:00): every pharmacy is closed', async () => {
    expect(await openAt('2026-12-25T10:00:00Z')).toEqual({ [PHARMACY.daily]: false, [PHARMACY.late]: false, [PHARMACY.weekdays]: false, [PHARMACY.night]: false });
    expect((await openAt('2026-12-24T10:00:00Z'))[PHARMACY.daily]).toBe(true);
  });

  it('Corpus Christi (Thursday 4 June 2026, 12:00) closes the Munich pharmacy only', async () => {
    expect(await openAt('2026-06-04T10:00:00Z')).toMatchObject({ [PHARMACY.daily]: true, [PHARMACY.late]: true, [PHARMACY.weekdays]: false });
  });
});

describe('GET /api/shop/v1/pharmacies/{id}', () => {
  it('answers one pharmacy', async () => {
    const { status, body, response } = await getJson<Pharmacy>(testApi(testDb), `${V1}/pharmacies/${PHARMACY.weekdays}`);
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(body).toMatchObject({ id: PHARMACY.weekdays, selfPickupOnly: true, deliveryOptions: ['pickup'], deliveryPostalCodes: [], openNow: true });
    expect(body.address).toMatchObject({ city: 'München', postalCode: '80331' });
  });

  it('answers 404 NOT_FOUND for an unknown or inactive pharmacy, in the request language', async () => {
    for (const id of ['no-such-pharmacy', 'apotheke-geschlossen']) {
      const { status, body, response } = await getJson<ErrorBody>(testApi(testDb), `${V1}/pharmacies/${id}?lang=de`);
      expect(status).toBe(404);
      expect(body).toEqual({ code: 'NOT_FOUND', message: 'Die angeforderte Ressource wurde nicht gefunden.' });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 400 BAD_REQUEST for an absurdly long id', async () => {
    const { status, body } = await getJson<ErrorBody>(testApi(testDb), `${V1}/pharmacies/${'a'.repeat(101)}`);
    expect(status).toBe(400);
    expect(body.code).toBe('BAD_REQUEST');
  });
});
