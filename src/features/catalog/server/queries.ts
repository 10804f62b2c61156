import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { fail, ok, type Result } from '../../../platform/http/result';
import { toCategoryDto, toPopularSearchDto, toProductDto, type CategoryDto, type ProductDto, type ProductPageDto } from './dto';
import { categories, popularSearches, products } from './schema';

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/** Categories in shop order, each with the number of products a visitor can actually see. */
export async function listCategories(db: Db): Promise<CategoryDto[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.slug)),
    db
      .select({ slug: products.categorySlug, n: count() })
      .from(products)
      .where(eq(products.active, true))
      .groupBy(products.categorySlug),
  ]);
  const bySlug = new Map(counts.map((row) => [row.slug, Number(row.n)]));
  return rows.map((row) => toCategoryDto(row, bySlug.get(row.slug) ?? 0));
}

export interface ProductQuery {
  categorySlug?: string | undefined;
  page: number;
  pageSize: number;
}

/** One page of active products by name; an unknown category is NOT_FOUND rather than an empty page. */
export async function listProducts(db: Db, query: ProductQuery): Promise<Result<ProductPageDto, 'NOT_FOUND'>> {
  if (query.categorySlug !== undefined) {
    const [category] = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, query.categorySlug));
    if (!category) return fail('NOT_FOUND');
  }
  const where = and(
    eq(products.active, true),
    query.categorySlug !== undefined ? eq(products.categorySlug, query.categorySlug) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      // PZN breaks ties so equal names never swap places between pages.
      .orderBy(asc(products.name), asc(products.pzn))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return ok({ items: rows.map(toProductDto), page: query.page, pageSize: query.pageSize, total: Number(totals?.n ?? 0) });
}

/** A listed product by PZN; products taken out of the catalogue (inactive) are not found. */
export async function getProduct(db: Db, pzn: string): Promise<ProductDto | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.pzn, pzn), eq(products.active, true)));
  return row ? toProductDto(row) : null;
}

export async function listPopularSearches(db: Db) {
  const rows = await db.select().from(popularSearches).orderBy(asc(popularSearches.position), asc(popularSearches.slug));
  return rows.map(toPopularSearchDto);
}
