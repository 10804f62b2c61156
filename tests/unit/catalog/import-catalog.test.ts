import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/features/catalog/model/catalog-schema';
import { loadCatalog } from '../../../src/features/catalog/model/load-catalog';
import { isCatalogEmpty } from '../../../src/features/catalog/server/import-catalog';
import { importCatalog } from '../../../src/app/import-catalogue';
import { categories, popularSearches, products } from '../../../src/features/catalog/server/schema';
import { pharmacies, stock } from '../../../src/features/pharmacies/server/schema';
import { openDb, type DbHandle } from '../../../src/platform/db';

let handle: DbHandle;
let catalog: Catalog;

beforeAll(async () => {
  handle = await openDb({ pgliteDir: 'memory://', databaseUrl: undefined });
  await handle.migrate();
  catalog = await loadCatalog(path.resolve('catalog'));
});
afterAll(async () => {
  await handle?.close();
});

async function counts() {
  const { db } = handle;
  const [[c], [p], [active], [s], [ph], [st]] = await Promise.all([
    db.select({ n: count() }).from(categories),
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(products).where(eq(products.active, true)),
    db.select({ n: count() }).from(popularSearches),
    db.select({ n: count() }).from(pharmacies).where(eq(pharmacies.active, true)),
    db.select({ n: count() }).from(stock),
  ]);
  return { categories: c!.n, products: p!.n, active: active!.n, searches: s!.n, pharmacies: ph!.n, stock: st!.n };
}

describe('importCatalog on PGlite', () => {
  it('imports the demo catalogue into an empty database', async () => {
    expect(await isCatalogEmpty(handle.db)).toBe(true);
    const report = await importCatalog(handle.db, catalog);
    expect(report.products).toMatchObject({ inserted: catalog.products.length, updated: 0, deactivated: 0 });
    expect(report.pharmacies).toMatchObject({ inserted: catalog.pharmacies.length, stockRows: catalog.stock.length });
    expect(await isCatalogEmpty(handle.db)).toBe(false);
    expect(await counts()).toEqual({
      categories: 19,
      products: catalog.products.length,
      active: catalog.products.length,
      searches: 21,
      pharmacies: catalog.pharmacies.length,
      stock: catalog.stock.length,
    });
  });

  it('stores slug, image path and localized fields', async () => {
    const product = catalog.products.find((p) => p.package.unit === 'ml' && p.wasPriceCents !== undefined)!;
    const [row] = await handle.db.select().from(products).where(eq(products.pzn, product.pzn));
    expect(row).toMatchObject({
      name: product.name,
      // A pack size of a group lives on its group's page, with the size chosen.
      slug: product.group ? `${product.group}/${product.pzn}` : expect.stringMatching(new RegExp(`-${product.pzn}$`)),
      imagePath: `/images/products/${product.pzn}.svg`,
      wasPriceCents: product.wasPriceCents,
      packageAmount: product.package.amount,
      packageLabel: product.package.label,
      description: product.description,
    });
  });

  it('stores absent optional fields as SQL NULL', async () => {
    const supplement = catalog.products.find((p) => p.kind === 'non-medicine' && !p.dosageForm && p.wasPriceCents === undefined)!;
    const [row] = await handle.db.select().from(products).where(eq(products.pzn, supplement.pzn));
    expect(row).toMatchObject({ dosageForm: null, indication: null, wasPriceCents: null, active: true, collectInPersonOnly: false });
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await counts();
    const [stamp] = await handle.db.select({ updatedAt: products.updatedAt }).from(products).limit(1);
    const report = await importCatalog(handle.db, catalog);
    expect(report.products).toMatchObject({ inserted: 0, updated: 0, unchanged: catalog.products.length, deactivated: 0 });
    expect(report.categories).toMatchObject({ inserted: 0, updated: 0, unchanged: 19, removed: 0 });
    expect(report.pharmacies).toMatchObject({ inserted: 0, updated: 0, unchanged: catalog.pharmacies.length, deactivated: 0 });
    expect(await counts()).toEqual(before);
    const [after] = await handle.db.select({ updatedAt: products.updatedAt }).from(products).limit(1);
    expect(after!.updatedAt).toEqual(stamp!.updatedAt);
  });

  it('deactivates a removed product, updates a changed one and reactivates a returning one', async () => {
    const [removed, changed] = catalog.products;
    const edited: Catalog = {
      ...catalog,
      products: catalog.products.slice(1).map((p) => (p === changed ? { ...p, priceCents: p.priceCents + 100 } : p)),
      stock: catalog.stock.filter((row) => row.pzn !== removed!.pzn),
    };
    const report = await importCatalog(handle.db, edited);
    expect(report.products).toMatchObject({ inserted: 0, updated: 1, deactivated: 1 });
    const [row] = await handle.db.select().from(products).where(eq(products.pzn, removed!.pzn));
    expect(row?.active).toBe(false);
    expect((await counts()).active).toBe(catalog.products.length - 1);
    expect((await counts()).products).toBe(catalog.products.length);

    const again = await importCatalog(handle.db, catalog);
    expect(again.products).toMatchObject({ inserted: 0, updated: 2, deactivated: 0 });
    expect((await counts()).active).toBe(catalog.products.length);
    expect((await counts()).stock).toBe(catalog.stock.length);
  });

  it('deactivates a removed pharmacy and replaces the stock of the imported ones', async () => {
    const [gone, kept] = catalog.pharmacies;
    const edited: Catalog = {
      ...catalog,
      pharmacies: catalog.pharmacies.slice(1),
      stock: catalog.stock.filter((row) => row.pharmacyId !== gone!.id && !(row.pharmacyId === kept!.id && row.quantity === 0)),
    };
    const report = await importCatalog(handle.db, edited);
    expect(report.pharmacies.deactivated).toBe(1);
    const [row] = await handle.db.select().from(pharmacies).where(eq(pharmacies.id, gone!.id));
    expect(row?.active).toBe(false);
    const keptZero = await handle.db.select().from(stock).where(eq(stock.pharmacyId, kept!.id));
    expect(keptZero.some((r) => r.quantity === 0)).toBe(false);
    await importCatalog(handle.db, catalog);
    expect((await counts()).pharmacies).toBe(catalog.pharmacies.length);
  });

  it('removes a category no product uses any more and keeps one still referenced', async () => {
    const [first, second] = catalog.categories;
    const edited: Catalog = {
      ...catalog,
      categories: catalog.categories.filter((c) => c !== first && c !== second),
      products: catalog.products.filter((p) => p.categorySlug !== first!.slug && p.categorySlug !== second!.slug),
    };
    // Remove every product of the first category from the database too, so only the second stays referenced.
    await handle.db.delete(products).where(eq(products.categorySlug, first!.slug));
    const report = await importCatalog(handle.db, edited);
    expect(report.categories.removed).toBe(1);
    expect(report.categories.kept).toEqual([second!.slug]);
    await importCatalog(handle.db, catalog);
    expect((await counts()).categories).toBe(19);
  });
});
