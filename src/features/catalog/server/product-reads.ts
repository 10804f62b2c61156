import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { prepared } from '../../../platform/db/prepared';
import type { ProductKind } from '../model/catalog-schema';
import { categories, products } from './schema';

/*
 * How other features (cart, orders, coupons) read the catalogue: through these functions, never
 * the tables. Rows come back whole; the callers pick what their rules need.
 */

export type ProductRow = typeof products.$inferSelect;

/** The catalogue rows of the given PZNs, inactive ones included (a cart must notice withdrawals). */
export async function productsByPzn(db: Db, pzns: readonly string[]): Promise<Map<string, ProductRow>> {
  if (pzns.length === 0) return new Map();
  const rows = await prepared(db, 'products_by_pzn', (on, name) =>
    on.select().from(products).where(sql`${products.pzn} = any(${sql.placeholder('pzns')})`).prepare(name),
  ).execute({ pzns: [...new Set(pzns)] });
  return new Map(rows.map((row) => [row.pzn, row]));
}

/** A product that can be listed and sold (Rx still comes back: the caller refuses it with its own code). */
export async function activeProduct(db: Db, pzn: string): Promise<ProductRow | null> {
  // Prepared: every change to a cart line reads it.
  const [row] = await prepared(db, 'active_product', (on, name) =>
    on
      .select()
      .from(products)
      .where(and(eq(products.pzn, sql.placeholder('pzn')), eq(products.active, true)))
      .prepare(name),
  ).execute({ pzn });
  return row ?? null;
}

/** Category names in both languages, by slug; unknown slugs are left out. */
export async function categoryNamesBySlug(db: Db, slugs: readonly string[]): Promise<Map<string, { en: string; de: string }>> {
  if (slugs.length === 0) return new Map();
  const rows = await db.select({ slug: categories.slug, name: categories.name }).from(categories).where(inArray(categories.slug, [...new Set(slugs)]));
  return new Map(rows.map((row) => [row.slug, row.name]));
}

export interface CatalogOutline {
  categorySlugs: ReadonlySet<string>;
  /** Every active product's category and kind, by PZN. */
  products: ReadonlyMap<string, { categorySlug: string; kind: ProductKind }>;
}

/** Which categories exist and what kind of product each active PZN is (to check references to them). */
export async function catalogOutline(db: Db): Promise<CatalogOutline> {
  const [categoryRows, productRows] = await Promise.all([
    db.select({ slug: categories.slug }).from(categories),
    db.select({ pzn: products.pzn, categorySlug: products.categorySlug, kind: products.kind }).from(products).where(eq(products.active, true)),
  ]);
  return {
    categorySlugs: new Set(categoryRows.map((row) => row.slug)),
    products: new Map(productRows.map((row) => [row.pzn, { categorySlug: row.categorySlug, kind: row.kind }])),
  };
}

/** The catalogue's change counter (drizzle/0013_search-catalog-version.sql), raised by every write to products, categories or popular searches. */
export async function readCatalogVersion(db: Db): Promise<bigint> {
  const result = await db.execute(sql`select "version"::text as "version" from "catalog_version"`);
  // PGlite and node-postgres both answer { rows }; drizzle's Db type leaves the shape open.
  const rows = (result as unknown as { rows: { version: string }[] }).rows;
  return BigInt(rows[0]?.version ?? '0');
}

/**
 * The active prescription-only products (PZN and name), for the built-in stand-in of the pharmacy's
 * prescription system, which resolves a token to some of them.
 */
export async function prescriptionOnlyProducts(db: Db): Promise<{ pzn: string; name: string }[]> {
  return db
    .select({ pzn: products.pzn, name: products.name })
    .from(products)
    .where(and(eq(products.kind, 'prescription'), eq(products.active, true)))
    .orderBy(products.pzn);
}
