import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db';
import type { Catalog, Product } from '../model/catalog-schema';
import { groupPositions } from '../model/product-groups';
import { productImageUrl, productSlug } from '../model/product-paths';
import { changedWhere, chunks, countUpserts, excludedSet, upsertRows, wasInserted, type UpsertCounts } from './bulk-upsert';
import { categories, popularSearches, products } from './schema';

export interface CatalogEntriesReport {
  categories: UpsertCounts & {
    removed: number;
    /** Categories gone from the files but still referenced by (inactive) products, so kept. */
    kept: string[];
  };
  products: UpsertCounts & {
    /** Products no longer in the files: kept for order history, no longer listed. */
    deactivated: number;
    active: number;
  };
  popularSearches: number;
}

type ProductRow = typeof products.$inferInsert;

const CATEGORY_KEYS = ['position', 'name', 'description'] as const;

/** `groupPosition`: the record's place among its group's sizes in the files (see groupPositions). */
export function toProductRow(product: Product, groupPosition = 0): ProductRow {
  return {
    pzn: product.pzn,
    slug: productSlug(product),
    name: product.name,
    brand: product.brand,
    manufacturer: product.manufacturer,
    categorySlug: product.categorySlug,
    priceCents: product.priceCents,
    wasPriceCents: product.wasPriceCents ?? null,
    wasPriceKind: product.wasPriceCents === undefined ? null : (product.wasPriceKind ?? null),
    vatRate: product.vatRate,
    packageAmount: product.package.amount,
    packageUnit: product.package.unit,
    packageLabel: product.package.label,
    dosageForm: product.dosageForm ?? null,
    activeIngredients: product.activeIngredients,
    kind: product.kind,
    indication: product.indication ?? null,
    collectInPersonOnly: product.collectInPersonOnly,
    shortDescription: product.shortDescription,
    description: product.description,
    imagePath: productImageUrl(product),
    keywords: product.keywords,
    groupPosition,
    active: true,
  };
}

/**
 * Brings categories, products and popular searches in line with a validated catalogue. Runs inside
 * the caller's transaction (src/app/import-catalogue.ts imports pharmacies and stock in the same one).
 * Idempotent: rows are upserted (unchanged rows are not even touched) and products gone from the
 * files become inactive.
 */
export async function importCatalogEntries(tx: Db, catalog: Catalog): Promise<CatalogEntriesReport> {
  const categoryReport = await upsertCategories(tx, catalog);
  const productReport = await upsertProducts(tx, catalog.products);
  const removal = await removeCategories(tx, catalog);

  await tx.delete(popularSearches);
  if (catalog.popularSearches.length > 0) {
    await tx.insert(popularSearches).values(catalog.popularSearches.map((search, position) => ({ slug: search.slug, position, term: search.term })));
  }
  return { categories: { ...categoryReport, ...removal }, products: productReport, popularSearches: catalog.popularSearches.length };
}

async function upsertCategories(db: Db, catalog: Catalog): Promise<UpsertCounts> {
  if (catalog.categories.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const returned = await db
    .insert(categories)
    .values(catalog.categories.map(({ slug, position, name, description }) => ({ slug, position, name, description })))
    .onConflictDoUpdate({ target: categories.slug, set: excludedSet(categories, CATEGORY_KEYS), setWhere: changedWhere(categories, CATEGORY_KEYS) })
    .returning({ inserted: wasInserted });
  return countUpserts(catalog.categories.length, returned);
}

async function upsertProducts(db: Db, list: readonly Product[]): Promise<CatalogEntriesReport['products']> {
  const positions = groupPositions(list);
  const returned = await upsertRows(db, products, 'pzn', list.map((product) => toProductRow(product, positions.get(product.pzn))));
  // The set difference is computed here rather than with NOT IN (…10 000 parameters…).
  const current = new Set(list.map((product) => product.pzn));
  const stale = (await db.select({ pzn: products.pzn }).from(products).where(eq(products.active, true)))
    .map((row) => row.pzn)
    .filter((pzn) => !current.has(pzn));
  for (const chunk of chunks(stale)) {
    await db
      .update(products)
      .set({ active: false, updatedAt: sql`now()` })
      .where(inArray(products.pzn, chunk));
  }
  return { ...countUpserts(list.length, returned), deactivated: stale.length, active: list.length };
}

async function removeCategories(db: Db, catalog: Catalog): Promise<{ removed: number; kept: string[] }> {
  const wanted = new Set(catalog.categories.map((category) => category.slug));
  const gone = (await db.select({ slug: categories.slug }).from(categories)).map((row) => row.slug).filter((slug) => !wanted.has(slug));
  if (gone.length === 0) return { removed: 0, kept: [] };
  const removed = await db
    .delete(categories)
    .where(and(inArray(categories.slug, gone), notExists(db.select({ one: sql`1` }).from(products).where(eq(products.categorySlug, categories.slug)))))
    .returning({ slug: categories.slug });
  const removedSlugs = new Set(removed.map((row) => row.slug));
  return { removed: removed.length, kept: gone.filter((slug) => !removedSlugs.has(slug)) };
}

/** True before the first import: the server imports the demo catalogue into an empty database. */
export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ pzn: products.pzn }).from(products).limit(1);
  return rows.length === 0;
}
