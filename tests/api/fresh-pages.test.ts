import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApi } from '../../src/app/api';
import { startFreshCatalog } from '../../src/app/fresh-pages';
import { importCatalog } from '../../src/app/import-catalogue';
import { DEMO_OPERATOR, seedDemoBackOffice } from '../../src/features/accounts';
import { basePrice, BUILD_MANIFEST_FILE, clearCatalogCache, livePageOf, loadCatalog, manifestOf, productSlug, type FreshCatalog, type Product } from '../../src/features/catalog';
import { buildCatalogIndex } from '../../src/features/catalog/model/catalog-index';
import { productGroupJsonLd } from '../../src/features/catalog/model/seo';
import { pharmacies } from '../../src/features/pharmacies';
import { createRealtimeBus, realtimeBus, setRealtimeBus, type RealtimeBus } from '../../src/platform/realtime';
import { call } from './support/shopper';
import { createTestDb, type TestDb } from './support/test-db';

/*
 * Issue 16: an editor's change to one product reaches its prebuilt pages without a rebuild. The
 * demo catalogue is imported and "built" (the manifest the build writes beside its pages); a price
 * uploaded through the operator's back office (the real route) makes exactly that product's pages and
 * the listings showing it render on demand from the database, until a build that includes it.
 * Rendering the HTML itself needs the built site: tests/pg/two-processes.test.ts does it on real
 * server processes.
 */

let testDb: TestDb;
let dir: string;
let clientDir: string;
let app: ReturnType<typeof buildApi>;
let operator: string;
let bus: RealtimeBus;
let previousBus: RealtimeBus;
let fresh: FreshCatalog;
let stop: () => void;

const CATEGORY = 'cold-and-flu';
const productsFile = () => path.join(dir, 'products', `${CATEGORY}.json`);

/** What `astro build` leaves beside its pages, from the catalogue folder as it is now. */
async function build(): Promise<void> {
  clearCatalogCache();
  const manifest = manifestOf(buildCatalogIndex(await loadCatalog(dir)), new Date());
  await writeFile(path.join(clientDir, BUILD_MANIFEST_FILE), JSON.stringify(manifest));
}

async function upload(change: (products: Product[]) => Product[]): Promise<void> {
  const products = JSON.parse(await readFile(productsFile(), 'utf8')) as Product[];
  const answer = await call(app, '/v1/pharmacy/catalog/import', {
    token: operator,
    body: { path: `products/${CATEGORY}.json`, file_text: JSON.stringify(change(products), null, 2) },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const productPaths = (slug: string) => [`/shop/product/${slug}/`, `/de/shop/product/${slug}/`];

beforeAll(async () => {
  testDb = await createTestDb();
  dir = await mkdtemp(path.join(tmpdir(), 'apobote-fresh-catalog-'));
  await cp(path.resolve('catalog'), dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}images`) });
  clientDir = path.join(dir, 'dist-client');
  await mkdir(clientDir);
  await importCatalog(testDb.db, await loadCatalog(dir));
  await seedDemoBackOffice(testDb.db, (await testDb.db.select({ id: pharmacies.id }).from(pharmacies)).map((row) => row.id));
  previousBus = realtimeBus();
  bus = createRealtimeBus({ databaseUrl: testDb.url });
  setRealtimeBus(bus);
  app = buildApi({ getDb: async () => testDb.db, adminToken: undefined, catalogDir: dir });
  const login = await call<{ token: string }>(app, '/v1/user/login', { body: { email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password } });
  operator = login.body.token;
  await build();
  // Polling is the fallback for changes nobody announces; here only the announcement may do it.
  ({ fresh, stop } = await startFreshCatalog({ getDb: async () => testDb.db, clientDir, pollMs: 3_600_000 }));
}, 120_000);

afterAll(async () => {
  stop?.();
  setRealtimeBus(previousBus);
  await bus?.close();
  await testDb?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('catalogue pages changed since the build', () => {
  it('after the import of the built catalogue every prebuilt page is current (the build and the database agree on every product)', async () => {
    const catalog = await loadCatalog(dir);
    expect(catalog.products.length).toBeGreaterThan(100);
    expect(fresh.current().pzns.size).toBe(0);
    const first = catalog.products[0]!;
    expect(fresh.livePath(`/shop/product/${productSlug(first)}/`)).toBeNull();
    expect(fresh.livePath('/shop/')).toBeNull();
  });

  it("a pack size's own page is never prebuilt: while nothing is fresh it is rendered from its group's rows in the database, in both languages, and an unknown size of a real group is not found", async () => {
    const catalog = await loadCatalog(dir);
    const grouped = catalog.products.filter((p) => p.group !== undefined);
    const group = grouped[0]!.group!;
    const sizes = grouped.filter((p) => p.group === group);
    expect(sizes.length).toBeGreaterThan(1);
    expect(fresh.current().pzns.size).toBe(0);
    for (const prefix of ['', '/de']) {
      const locale = prefix === '' ? 'en' : 'de';
      const path = `${prefix}/shop/product/${productSlug(sizes[1]!)}/`;
      expect(fresh.livePath(path)).toBe(`/catalog-live${path}`);
      const live = await fresh.liveCatalog(path);
      expect(live).not.toBeNull();
      const page = livePageOf(live!, path);
      if (page?.kind !== 'product') throw new Error(`${path}: ${JSON.stringify(page)}`);
      expect(page).toMatchObject({ locale, sizeChosen: true, product: { pzn: sizes[1]!.pzn, priceCents: sizes[1]!.priceCents } });
      // The selector lists every size of the group, and the group's page still opens with its first record.
      expect(page.group.variants.map((v) => v.pzn).sort()).toEqual(sizes.map((s) => s.pzn).sort());
      expect(page.group.defaultVariant.pzn).toBe(sizes[0]!.pzn);
      expect(live!.categoryBySlug.get(sizes[1]!.categorySlug)?.name[locale]).toBeTruthy();
      const unknown = `${prefix}/shop/product/${group}/00000000/`;
      expect(livePageOf((await fresh.liveCatalog(unknown))!, unknown)).toBeNull();
    }
    // The group's own page and every other page stay static.
    expect(fresh.livePath(`/shop/product/${group}/`)).toBeNull();
    expect(await fresh.liveCatalog(`/shop/product/${group}/`)).toBeNull();
  });

  it('a price uploaded in the back office for one pack size sends its group\'s page and every size\'s page in both languages and its category\'s pages to the database; other pages stay static', async () => {
    const file = JSON.parse(await readFile(productsFile(), 'utf8')) as Product[];
    // The second record of the file's first group: a size the group's page does not open with.
    const grouped = file.find((p) => p.group !== undefined && file.filter((q) => q.group === p.group).length >= 2)!;
    const sizes = file.filter((p) => p.group === grouped.group);
    const before = sizes[1]!;
    const other = file.find((p) => p.group !== grouped.group)!;
    const price = before.priceCents + 123;
    const was = price + 500;
    await upload((products) => products.map((p) => (p.pzn === before.pzn ? { ...p, priceCents: price, wasPriceCents: was, wasPriceKind: 'uvp' } : p)));

    // The announcement (not a poll, not a call from the test) recomputes the set.
    await vi.waitFor(() => expect(fresh.current().pzns).toEqual(new Set([before.pzn])), { timeout: 5_000, interval: 20 });
    const { index } = fresh.current();
    for (const locale of ['en', 'de'] as const) {
      const prefix = locale === 'de' ? '/de' : '';
      // The size's own page, its sibling's page and the group's page: each shows every size with its price.
      const pages = [
        { path: `${prefix}/shop/product/${productSlug(before)}/`, shown: before.pzn, sizeChosen: true },
        { path: `${prefix}/shop/product/${productSlug(sizes[0]!)}/`, shown: sizes[0]!.pzn, sizeChosen: true },
        { path: `${prefix}/shop/product/${grouped.group}/`, shown: sizes[0]!.pzn, sizeChosen: false },
      ];
      for (const page of pages) {
        expect(fresh.livePath(page.path)).toBe(`/catalog-live${page.path}`);
        const live = livePageOf(index!, page.path);
        expect(live).toMatchObject({ kind: 'product', locale, sizeChosen: page.sizeChosen, product: { pzn: page.shown } });
        if (live?.kind !== 'product') throw new Error(`${page.path} is not a product page`);
        const size = live.group.variants.find((v) => v.pzn === before.pzn)!;
        expect(size).toMatchObject({ priceCents: price, wasPriceCents: was, wasPriceKind: 'uvp' });
        // The selector's Grundpreis is derived from the same row, so it follows the price.
        expect(basePrice(size.priceCents, size.package.amount, size.package.unit)).toEqual(basePrice(price, before.package.amount, before.package.unit));
        // The group's structured data offers the size at its new price.
        const jsonLd = productGroupJsonLd({ group: live.group, locale, url: 'https://shop.example/', variantUrl: (v) => `https://shop.example/${v.pzn}`, image: () => 'https://shop.example/i.svg' });
        const variants = jsonLd.hasVariant as { sku: string; offers: { price: string } }[];
        expect(variants.find((v) => v.sku === before.pzn)?.offers.price).toBe((price / 100).toFixed(2));
        expect(variants.find((v) => v.sku === sizes[0]!.pzn)?.offers.price).toBe((sizes[0]!.priceCents / 100).toFixed(2));
      }
    }
    expect(fresh.livePath(`/shop/product/${productSlug(before)}`)).toBe(`/catalog-live/shop/product/${productSlug(before)}/`);
    expect(fresh.livePath(`/de/shop/category/${CATEGORY}/`)).toBe(`/catalog-live/de/shop/category/${CATEGORY}/`);
    expect(fresh.livePath(`/shop/category/${CATEGORY}/`)).toBe(`/catalog-live/shop/category/${CATEGORY}/`);
    // A product of another group, even in the same category, and another category keep their static pages.
    for (const page of productPaths(other.group ?? productSlug(other))) expect(fresh.livePath(page)).toBeNull();
    expect(fresh.livePath('/shop/category/vitamins/')).toBeNull();
    // The category listing rendered on demand is the build's: in its order, one card per group.
    const built = buildCatalogIndex(await loadCatalog(dir)).productsByCategory.get(CATEGORY)!;
    const listing = index!.productsByCategory.get(CATEGORY)!;
    expect(listing.map((p) => p.pzn)).toEqual(built.map((p) => p.pzn));
    expect(listing.some((p) => p.pzn === before.pzn)).toBe(false);
    expect(listing.some((p) => p.pzn === sizes[0]!.pzn)).toBe(true);
  });

  it('a product withdrawn through `npm run catalog:import` (the files, then the import) is no longer found on its former page (404)', async () => {
    const withdrawn = (JSON.parse(await readFile(productsFile(), 'utf8')) as Product[])[2]!;
    const products = JSON.parse(await readFile(productsFile(), 'utf8')) as Product[];
    await writeFile(productsFile(), JSON.stringify(products.filter((p) => p.pzn !== withdrawn.pzn)));
    const stock = await readFile(path.join(dir, 'stock.csv'), 'utf8');
    await writeFile(path.join(dir, 'stock.csv'), stock.split('\n').filter((line) => !line.includes(`,${withdrawn.pzn},`)).join('\n'));
    clearCatalogCache();
    await importCatalog(testDb.db, await loadCatalog(dir));

    await vi.waitFor(() => expect(fresh.current().pzns.has(withdrawn.pzn)).toBe(true), { timeout: 5_000, interval: 20 });
    const page = `/shop/product/${productSlug(withdrawn)}/`;
    expect(fresh.livePath(page)).toBe(`/catalog-live${page}`);
    expect(livePageOf(fresh.current().index!, page)).toBeNull();
    expect(fresh.current().index!.productsByCategory.get(CATEGORY)!.some((p) => p.pzn === withdrawn.pzn)).toBe(false);
  });

  it('a rebuild that includes the changes leaves nothing to render on demand', async () => {
    await build();
    expect(await fresh.buildChanged()).toBe(true);
    await fresh.refresh();
    expect(fresh.current().pzns.size).toBe(0);
    expect(fresh.livePath(`/shop/category/${CATEGORY}/`)).toBeNull();
  });
});
