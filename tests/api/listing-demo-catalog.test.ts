import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/app/import-catalogue';
import { groupProducts, loadCatalog, type Catalog } from '../../src/features/catalog';
import { buildCatalogIndex, type CatalogIndex } from '../../src/features/catalog/model/catalog-index';
import { createTestDb, type TestDb } from './support/test-db';
import { getJson, testApi } from './support/api';

/*
 * The filter script of a category page replaces its prebuilt cards with the listing API's items,
 * found by PZN (features/catalog/browser/remote-listing.ts). With pack sizes grouped, the API must
 * therefore list exactly the cards the build put on the category's pages: one per product page, a
 * group by the size its page opens with. Checked on the demo catalogue as imported.
 */

type Page = { items: { pzn: string; priceCents: number }[]; total: number };

let testDb: TestDb;
let app: ReturnType<typeof testApi>;
let catalog: Catalog;
let index: CatalogIndex;

beforeAll(async () => {
  testDb = await createTestDb();
  catalog = await loadCatalog(path.resolve('catalog'));
  await importCatalog(testDb.db, catalog);
  index = buildCatalogIndex(catalog);
  app = testApi(testDb);
}, 120_000);

afterAll(async () => {
  await testDb?.close();
});

async function listing(category: string, sort = 'relevance'): Promise<string[]> {
  const pzns: string[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await getJson<Page>(app, `/api/shop/v1/listing?category=${category}&sort=${sort}&pageSize=100&page=${page}`);
    expect(status).toBe(200);
    pzns.push(...body.items.map((item) => item.pzn));
    if (pzns.length >= body.total) return pzns;
  }
}

describe('the listing API on the demo catalogue', () => {
  it('lists every category as its prebuilt pages do: one card per product page, a group by the size its page opens with', async () => {
    expect(groupProducts(catalog.products).some((group) => group.grouped)).toBe(true);
    for (const category of index.categories) {
      const cards = index.productsByCategory.get(category.slug)!.map((p) => p.pzn);
      expect(new Set(await listing(category.slug)), category.slug).toEqual(new Set(cards));
    }
  });

  it('sorts a category with groups by the listed sizes\' prices', async () => {
    const category = index.categories.find((c) => index.productsByCategory.get(c.slug)!.some((p) => p.group !== undefined))!;
    const cards = index.productsByCategory.get(category.slug)!;
    const sorted = await listing(category.slug, 'price-asc');
    const price = new Map(cards.map((p) => [p.pzn, p.priceCents]));
    expect(sorted.map((pzn) => price.get(pzn))).toEqual(cards.map((p) => p.priceCents).sort((a, b) => a - b));
  });
});
