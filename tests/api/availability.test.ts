import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from '../../src/features/pharmacies';
import { stock } from '../../src/features/pharmacies/server/schema';
import { getJson, testApi } from './support/api';
import { PHARMACY, seedPharmacies, validPzns } from './support/fixtures';
import { createTestDb, type TestDb } from './support/test-db';

let testDb: TestDb;
const [PLENTY, FEW, NONE, ABSENT] = ['10019621', '04773414', '00838973', '17377588'];
const path = (id: string, query: string) => `/api/shop/v1/pharmacies/${id}/availability?${query}`;

beforeAll(async () => {
  testDb = await createTestDb();
  await seedPharmacies(testDb.db);
  await testDb.db.insert(stock).values([
    { pharmacyId: PHARMACY.daily, pzn: PLENTY, quantity: LOW_STOCK_THRESHOLD + 1 },
    { pharmacyId: PHARMACY.daily, pzn: FEW, quantity: LOW_STOCK_THRESHOLD },
    { pharmacyId: PHARMACY.daily, pzn: NONE, quantity: 0 },
    { pharmacyId: PHARMACY.late, pzn: ABSENT, quantity: 50 },
    { pharmacyId: 'apotheke-geschlossen', pzn: PLENTY, quantity: 50 },
  ]);
});
afterAll(() => testDb?.close());

type Items = { items: { pzn: string; status: string; quantity?: number }[]; code?: string };

describe('GET /api/shop/v1/pharmacies/{id}/availability', () => {
  it('answers in_stock, low (with quantity) and sold_out per PZN, in request order, cacheable for 30 s', async () => {
    const { status, body, response } = await getJson<Items>(testApi(testDb), path(PHARMACY.daily, `pzn=${NONE}&pzn=${PLENTY}&pzn=${FEW}&pzn=${ABSENT}`));
    expect(status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30');
    expect(body.items).toEqual([
      { pzn: NONE, status: 'sold_out' },
      { pzn: PLENTY, status: 'in_stock' },
      { pzn: FEW, status: 'low', quantity: LOW_STOCK_THRESHOLD },
      { pzn: ABSENT, status: 'sold_out' },
    ]);
  });

  it('accepts comma-separated lists, old 7-digit PZNs, and drops duplicates', async () => {
    const { body } = await getJson<Items>(testApi(testDb), path(PHARMACY.daily, `pzn=${PLENTY},0838973&pzn=${PLENTY}`));
    expect(body.items.map((i) => i.pzn)).toEqual([PLENTY, NONE]);
  });

  it('takes up to 100 PZNs in one call', async () => {
    const pzns = validPzns(100);
    const { status, body } = await getJson<Items>(testApi(testDb), path(PHARMACY.daily, `pzn=${pzns.join(',')}`));
    expect(status).toBe(200);
    expect(body.items).toHaveLength(100);
    expect(body.items.every((i) => i.status === 'sold_out')).toBe(true);
  });

  it.each([
    ['an invalid PZN', `pzn=${PLENTY}&pzn=10019622`],
    ['no PZN', ''],
    ['an empty PZN', 'pzn='],
    ['more than 100 PZNs', `pzn=${validPzns(101).join(',')}`],
  ])('400 BAD_REQUEST for %s', async (_label, query) => {
    const { status, body, response } = await getJson<Items>(testApi(testDb), path(PHARMACY.daily, query));
    expect(status).toBe(400);
    expect(body.code).toBe('BAD_REQUEST');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('404 for an unknown or inactive pharmacy', async () => {
    for (const id of ['no-such-pharmacy', 'apotheke-geschlossen']) {
      const { status, body } = await getJson<Items>(testApi(testDb), path(id, `pzn=${PLENTY}`));
      expect(status).toBe(404);
      expect(body.code).toBe('NOT_FOUND');
    }
  });

  it('reads the whole batch in a single query', async () => {
    const db = testDb.db;
    let queries = 0;
    const spied = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key === 'select') return (...args: unknown[]) => (queries++, (value as (...a: unknown[]) => unknown).apply(target, args));
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const api = testApi({ ...testDb, db: spied });
    const { status } = await getJson<Items>(api, path(PHARMACY.daily, `pzn=${validPzns(50).join(',')}`));
    expect(status).toBe(200);
    expect(queries).toBe(1);
  });
});
