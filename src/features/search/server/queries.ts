import { and, asc, between, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { categories, products, toProductDto, type ProductDto } from '../../catalog';
import type { Db } from '../../../platform/db/client';
import type { Locale } from '../../../platform/i18n/locales';
import { pznQuery, searchTokens, toTsQuery } from '../model/query';

export interface SearchRequest {
  /** Already trimmed, 1 to MAX_QUERY_LENGTH characters (the route and the page check). */
  query: string;
  locale: Locale;
  limit: number;
}

export interface SearchResult {
  query: string;
  items: ProductDto[];
  total: number;
}

/**
 * ts_rank weights {D, C, B, A}: D holds the English indication, C the German one (see
 * drizzle/0002_search.sql), so the shopper's language counts more; name beats everything.
 */
const RANK_WEIGHTS: Record<Locale, string> = { de: '{0.1,0.4,0.6,1.0}', en: '{0.4,0.1,0.6,1.0}' };

/** Lowest pg_trgm word similarity that still counts as a typo of a word in the product's texts. */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

// The generated columns are not part of the catalogue's drizzle schema; named here once.
const searchVector = sql.raw('"products"."search_vector"');
const searchDocument = sql.raw('"products"."search_document"');

/**
 * Active products matching the query, best first: exact PZN, then name starting with the query,
 * then full-text rank (german stemming + simple), then trigram similarity (typos) of the name and of
 * all searchable text. A product matches by full text, by trigram word similarity (pg_trgm's `<%`,
 * threshold 0.6), by its category's name, or by PZN prefix. Every value is a bound parameter.
 */
export async function searchProducts(db: Db, request: SearchRequest): Promise<SearchResult> {
  const tokens = searchTokens(request.query);
  const pzn = pznQuery(request.query);
  if (tokens.length === 0 && pzn.prefix === null) return { query: request.query, items: [], total: 0 };

  const text = tokens.join(' ');
  const folded = sql`search_fold(${text})`;
  const tsText = toTsQuery(tokens);
  const tsQuery = sql`(to_tsquery('german', ${tsText}) || to_tsquery('simple', ${tsText}))`;
  const ftsHit = sql`${searchVector} @@ ${tsQuery}`;
  // About 20 categories: matched first in their own query, so the product query needs no subplan.
  const categorySlugs = tokens.length > 0 ? await matchingCategories(db, tsText) : [];
  const categoryHit = categorySlugs.length > 0 ? inArray(products.categorySlug, categorySlugs) : undefined;

  const matches: SQL[] = [];
  const order: SQL[] = [];
  if (pzn.exact !== null) {
    matches.push(eq(products.pzn, pzn.exact));
    order.push(desc(sql`(${products.pzn} = ${pzn.exact})`));
  }
  // A range rather than LIKE: PZNs are 8 digits, so this is the prefix in every collation and can
  // always use the primary-key index.
  if (pzn.prefix !== null) matches.push(between(products.pzn, pzn.prefix.padEnd(8, '0'), pzn.prefix.padEnd(8, '9')));
  if (tokens.length > 0) {
    matches.push(ftsHit, sql`${folded} <% ${searchDocument}`);
    if (categoryHit) matches.push(categoryHit);
    // A category hit ranks just above "no full-text hit": found through its category only, a product
    // is relevant, but less than one whose own texts contain the words.
    const categoryBonus = categoryHit ? sql` + case when ${categoryHit} then 0.001 else 0 end` : sql``;
    order.push(
      desc(sql`(search_fold(${products.name}) like ${folded} || '%')`),
      desc(sql`(case when ${ftsHit} then ts_rank(${RANK_WEIGHTS[request.locale]}::float4[], ${searchVector}, ${tsQuery}) else 0 end${categoryBonus})`),
      desc(sql`word_similarity(${folded}, search_fold(${products.name}))`),
      desc(sql`word_similarity(${folded}, ${searchDocument})`),
    );
  }
  order.push(asc(products.name), asc(products.pzn));

  const rows = await db.transaction(async (tx) => {
    // Transaction-local, so pooled PostgreSQL connections keep their defaults. pg_trgm's `<%` uses
    // this threshold (default 0.6, which misses a dropped letter such as "ibuprfen").
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`);
    // The planner prices a similarity check like any cheap operator and picks a sequential scan that
    // is ten times slower than the GIN indexes (measured on 10 000 products); every arm of the match
    // is indexable, so tell it not to.
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
    return tx
      .select({ ...getTableColumns(products), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .where(and(eq(products.active, true), or(...matches)))
      .orderBy(...order)
      .limit(request.limit);
  });

  return { query: request.query, items: rows.map((row) => toProductDto(row)), total: rows[0]?.total ?? 0 };
}

/** Slugs of the categories whose name (German stemmed, English as written) matches the query. */
async function matchingCategories(db: Db, tsText: string): Promise<string[]> {
  const rows = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(
      sql`(to_tsvector('german', search_fold(${categories.name}->>'de')) || to_tsvector('simple', search_fold(${categories.name}->>'en')))
        @@ (to_tsquery('german', ${tsText}) || to_tsquery('simple', ${tsText}))`,
    );
  return rows.map((row) => row.slug);
}
