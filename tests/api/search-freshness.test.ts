import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, popularSearches, products } from '../../src/features/catalog/server/schema';
import type { Db } from '../../src/platform/db';
import { getJson, testApi } from './support/api';
import { seedCatalog, validPzns } from './support/fixtures';
import { createTestDb, type TestDb } from './support/test-db';

type Result = { items: { pzn: string; name: string; priceCents: number }[]; total: number };

let testDb: TestDb;
let processes: ReturnType<typeof testApi>[];
const [NEW_PZN] = validPzns(1, 7_000_000) as [string];

/**
 * The same database seen through another handle object, as a second server process would: the
 * search keeps one index per database handle, so this one builds and refreshes an index of its own.
 */
function secondProcess(db: Db): Db {
  return new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  processes = [testApi(testDb), testApi({ ...testDb, db: secondProcess(testDb.db) })];
});
afterAll(() => testDb?.close());

const search = (app: ReturnType<typeof testApi>, q: string) => getJson<Result>(app, `/api/shop/v1/search?q=${encodeURIComponent(q)}`);

describe(`search follows catalogue changes at once, in every process (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('finds a product written after the index was built, shows its new price, and drops it when it is deactivated', async () => {
    for (const app of processes) expect((await search(app, 'Zauberwurz')).body.total).toBe(0);

    await testDb.db.insert(products).values({
      pzn: NEW_PZN,
      slug: `zauberwurz-${NEW_PZN}`,
      name: 'Zauberwurz Kapseln',
      brand: 'Testbrand',
      manufacturer: 'Test GmbH',
      categorySlug: 'first-aid',
      priceCents: 990,
      packageAmount: 30,
      packageUnit: 'pcs',
      packageLabel: { en: '30 capsules', de: '30 Kapseln' },
      kind: 'free-sale',
      shortDescription: { en: 'Short', de: 'Kurz' },
      description: { en: 'Long', de: 'Lang' },
      imagePath: `images/products/${NEW_PZN}.svg`,
    });
    for (const app of processes) expect((await search(app, 'Zauberwurz')).body.items).toMatchObject([{ pzn: NEW_PZN, priceCents: 990 }]);

    await testDb.db.update(products).set({ priceCents: 1290 }).where(eq(products.pzn, NEW_PZN));
    for (const app of processes) expect((await search(app, 'zauberwurz')).body.items).toMatchObject([{ pzn: NEW_PZN, priceCents: 1290 }]);

    await testDb.db.update(products).set({ active: false }).where(eq(products.pzn, NEW_PZN));
    for (const app of processes) expect((await search(app, 'zauberwurz')).body.total).toBe(0);
  });

  it('follows a renamed category and a new popular-search translation', async () => {
    // "Gelenke" is nobody's word yet.
    for (const app of processes) expect((await search(app, 'Gelenke')).body.total).toBe(0);
    await testDb.db.update(categories).set({ name: { en: 'Joints', de: 'Gelenke' } }).where(eq(categories.slug, 'first-aid'));
    for (const app of processes) expect((await search(app, 'Gelenke')).body.total).toBeGreaterThan(0);

    // An English popular-search term makes its German term part of the query.
    for (const app of processes) expect((await search(app, 'painkiller')).body.total).toBe(0);
    await testDb.db.insert(popularSearches).values({ slug: 'painkiller', position: 99, term: { en: 'Painkiller', de: 'Ibuprofen' } });
    for (const app of processes) expect((await search(app, 'painkiller')).body.items[0]?.name).toMatch(/Ibuprofen/);
  });
});
