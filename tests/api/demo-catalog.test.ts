import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePrice, isValidPzn, loadCatalog, type Catalog } from '../../src/features/catalog';
import { importCatalog } from '../../src/app/import-catalogue';
import { createTestDb, type TestDb } from './support/test-db';
import { getJson, testApi } from './support/api';

/**
 * The shipped demo catalogue, imported the way `npm start` does, read back through the API: the
 * contract between the content files and every client. Behaviour details are tested on fixtures.
 */
type Product = { pzn: string; kind: string; prescriptionRequired: boolean; priceCents: number; package: { amount: number; unit: 'g' | 'kg' | 'ml' | 'l' | 'pcs' }; basePrice: unknown; categorySlug: string; imageUrl: string };
type Page = { items: Product[]; page: number; pageSize: number; total: number };

let testDb: TestDb;
let app: ReturnType<typeof testApi>;
let catalog: Catalog;

beforeAll(async () => {
  testDb = await createTestDb();
  catalog = await loadCatalog();
  await importCatalog(testDb.db, catalog);
  app = testApi(testDb);
});
afterAll(() => testDb?.close());

async function allProducts(): Promise<Product[]> {
  const items: Product[] = [];
  for (let page = 1; ; page++) {
    const { body } = await getJson<Page>(app, `/api/shop/v1/products?pageSize=100&page=${page}`);
    items.push(...body.items);
    if (body.items.length < 100) return items;
  }
}

describe('demo catalogue through the shop API', () => {
  it('has the 19 categories of the spec, in order, whose counts add up to the product total', async () => {
    const { body } = await getJson<{ items: { slug: string; position: number; productCount: number }[] }>(app, '/api/shop/v1/categories');
    expect(body.items).toHaveLength(19);
    expect(body.items.map((c) => c.slug)).toEqual([...catalog.categories].sort((a, b) => a.position - b.position).map((c) => c.slug));
    for (const category of body.items) expect(category.productCount, category.slug).toBeGreaterThan(0);
    const { body: page } = await getJson<Page>(app, '/api/shop/v1/products?pageSize=1');
    expect(body.items.reduce((sum, c) => sum + c.productCount, 0)).toBe(page.total);
    expect(page.total).toBe(catalog.products.length);
  });

  it('lists every product once, each with a valid PZN, a consistent base price and Rx flag', async () => {
    const products = await allProducts();
    expect(products).toHaveLength(catalog.products.length);
    expect(new Set(products.map((p) => p.pzn)).size).toBe(products.length);
    for (const product of products) {
      expect(isValidPzn(product.pzn), product.pzn).toBe(true);
      expect(product.basePrice, product.pzn).toEqual(basePrice(product.priceCents, product.package.amount, product.package.unit));
      expect(product.prescriptionRequired, product.pzn).toBe(product.kind === 'prescription');
      expect(product.imageUrl, product.pzn).toMatch(/^\/images\/products\//);
    }
  });

  it('answers each category filter with only its products', async () => {
    const slug = catalog.categories[0]?.slug ?? '';
    const { body } = await getJson<Page>(app, `/api/shop/v1/products?category=${slug}&pageSize=100`);
    expect(body.total).toBe(catalog.products.filter((p) => p.categorySlug === slug).length);
    expect(body.items.every((p) => p.categorySlug === slug)).toBe(true);
  });

  it('answers a product detail for a catalogue PZN', async () => {
    const pzn = catalog.products[0]?.pzn ?? '';
    const { status, body } = await getJson<Product>(app, `/api/shop/v1/products/${pzn}`);
    expect(status).toBe(200);
    expect(body.pzn).toBe(pzn);
  });

  it('has the 21 popular searches in file order', async () => {
    const { body } = await getJson<{ items: { slug: string }[] }>(app, '/api/shop/v1/popular-searches');
    expect(body.items.map((s) => s.slug)).toEqual(catalog.popularSearches.map((s) => s.slug));
    expect(body.items).toHaveLength(21);
  });

  it('lists every pharmacy; 16 have PDF price lists (spec §3)', async () => {
    const { body } = await getJson<{ items: { id: string; hasPdfPriceList: boolean; openNow: boolean }[] }>(app, '/api/shop/v1/pharmacies');
    expect(body.items).toHaveLength(catalog.pharmacies.length);
    expect(body.items.filter((p) => p.hasPdfPriceList)).toHaveLength(16);
    const id = body.items[0]?.id ?? '';
    const one = await getJson<{ id: string }>(app, `/api/shop/v1/pharmacies/${id}`);
    expect(one.body.id).toBe(id);
  });

  it('shows daily 08:00–22:00 pharmacies closed on a Sunday at 22:30 and open at 21:30', async () => {
    const daily = catalog.pharmacies.filter((p) => p.openingHours.sun.some((i) => i.opens === '08:00' && i.closes === '22:00'));
    expect(daily.length).toBeGreaterThan(0);
    const at = async (instant: string) => {
      const { body } = await getJson<{ items: { id: string; openNow: boolean }[] }>(testApi(testDb, { clock: { now: () => new Date(instant) } }), '/api/shop/v1/pharmacies');
      return new Map(body.items.map((p) => [p.id, p.openNow]));
    };
    const late = await at('2026-06-14T20:30:00Z');
    const before = await at('2026-06-14T19:30:00Z');
    for (const pharmacy of daily) {
      expect(late.get(pharmacy.id), pharmacy.id).toBe(false);
      expect(before.get(pharmacy.id), pharmacy.id).toBe(true);
    }
  });
});
