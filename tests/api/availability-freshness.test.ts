import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, pharmacies, returnStock, stock, takeStock } from '../../src/features/pharmacies';
import type { Db } from '../../src/platform/db';
import { getJson, testApi } from './support/api';
import { PHARMACY, seedPharmacies } from './support/fixtures';
import { createTestDb, type TestDb } from './support/test-db';

type Items = { items: { pzn: string; status: string; quantity?: number }[] };

let testDb: TestDb;
let app: ReturnType<typeof testApi>;
const [PZN, OTHER] = ['10019621', '04773414'];
const NOW = new Date('2026-03-02T10:00:00Z');

const availability = async (pzns = [PZN, OTHER]) => {
  const { status, body } = await getJson<Items>(app, `/api/shop/v1/pharmacies/${PHARMACY.daily}/availability?pzn=${pzns.join(',')}`);
  return { status, items: body.items };
};

beforeAll(async () => {
  testDb = await createTestDb();
  await seedPharmacies(testDb.db);
  await testDb.db.insert(stock).values([
    { pharmacyId: PHARMACY.daily, pzn: PZN, quantity: LOW_STOCK_THRESHOLD + 1 },
    { pharmacyId: PHARMACY.daily, pzn: OTHER, quantity: 50 },
  ]);
  app = testApi(testDb);
});
afterAll(() => testDb?.close());

describe(`availability shows every committed stock change at once (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('after an order takes stock and after it is given back', async () => {
    expect((await availability()).items[0]).toEqual({ pzn: PZN, status: 'in_stock' });

    // As order placement does: a conditional take inside a transaction.
    await testDb.db.transaction(async (tx) => {
      expect(await takeStock(tx as unknown as Db, PHARMACY.daily, PZN, 2, NOW)).toBe(true);
    });
    expect((await availability()).items[0]).toEqual({ pzn: PZN, status: 'low', quantity: LOW_STOCK_THRESHOLD - 1 });

    await testDb.db.transaction(async (tx) => returnStock(tx as unknown as Db, PHARMACY.daily, PZN, 2, NOW));
    expect((await availability()).items[0]).toEqual({ pzn: PZN, status: 'in_stock' });

    // Exactly at the threshold: the trigger, which skips changes that stay above it (drizzle/0030), knows the same number.
    await testDb.db.transaction(async (tx) => {
      expect(await takeStock(tx as unknown as Db, PHARMACY.daily, PZN, 1, NOW)).toBe(true);
    });
    expect((await availability()).items[0]).toEqual({ pzn: PZN, status: 'low', quantity: LOW_STOCK_THRESHOLD });
    await testDb.db.transaction(async (tx) => returnStock(tx as unknown as Db, PHARMACY.daily, PZN, 1, NOW));
    expect((await availability()).items[0]).toEqual({ pzn: PZN, status: 'in_stock' });
  });

  it('never shows a change that was rolled back', async () => {
    await expect(
      testDb.db.transaction(async (tx) => {
        await takeStock(tx as unknown as Db, PHARMACY.daily, OTHER, 50, NOW);
        throw new Error('payment declined');
      }),
    ).rejects.toThrow('payment declined');
    expect((await availability()).items[1]).toEqual({ pzn: OTHER, status: 'in_stock' });
  });

  it('after stock is set, removed or added from outside the shop, and when the pharmacy closes', async () => {
    await testDb.db.update(stock).set({ quantity: 0 }).where(and(eq(stock.pharmacyId, PHARMACY.daily), eq(stock.pzn, OTHER)));
    expect((await availability()).items[1]).toEqual({ pzn: OTHER, status: 'sold_out' });

    await testDb.db.delete(stock).where(and(eq(stock.pharmacyId, PHARMACY.daily), eq(stock.pzn, PZN)));
    expect((await availability()).items[0]).toEqual({ pzn: PZN, status: 'sold_out' });

    await testDb.db.insert(stock).values({ pharmacyId: PHARMACY.daily, pzn: PZN, quantity: 1 });
    expect((await availability()).items[0]).toEqual({ pzn: PZN, status: 'low', quantity: 1 });

    await testDb.db.update(pharmacies).set({ active: false }).where(eq(pharmacies.id, PHARMACY.daily));
    expect((await availability()).status).toBe(404);
    await testDb.db.update(pharmacies).set({ active: true }).where(eq(pharmacies.id, PHARMACY.daily));
    expect((await availability()).status).toBe(200);
  });
});
