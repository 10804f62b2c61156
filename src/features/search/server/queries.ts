import { asc, between, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
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
  /** Matching active products, counted up to TOTAL_CAP. */
  total: number;
  /** Present (and true) only when more than TOTAL_CAP products match: `total` is then the cap. */
  totalCapped?: true;
}

/**
 * ts_rank weights {D, C, B, A}: D holds the English indication, C the German one (see
 * drizzle/0002_search.sql), so the shopper's language counts more; name beats everything.
 */
const RANK_WEIGHTS: Record<Locale, string> = { de: '{0.1,0.4,0.6,1.0}', en: '{0.4,0.1,0.6,1.0}' };

/** Lowest pg_trgm word similarity that still counts as a typo of a word in the product's texts. */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * Products each way of matching contributes to the ranked candidates, at most. Only candidates are
 * ranked, so a broad query ("vit": over a thousand matches in 10 000 products) costs about as much
 * as a narrow one; the ranking is exact whenever no single way matches more than this many.
 */
export const CANDIDATES_PER_MATCH = 100;

/** `total` counts matches up to this many; beyond it the answer says `totalCapped: true`. */
export const TOTAL_CAP = 500;

// The generated columns are not part of the catalogue's drizzle schema; named here once.
const searchVector = sql.raw('"products"."search_vector"');
const searchDocument = sql.raw('"products"."search_document"');
const searchName = sql.raw('"products"."search_name"');

/**
 * Active products matching the query, best first: exact PZN, then name starting with the query,
 * then full-text rank (german stemming + simple), then trigram similarity (typos) of the name and of
 * all searchable text. A product matches by full text, by trigram word similarity (pg_trgm's `<%`,
 * threshold WORD_SIMILARITY_THRESHOLD), by its category's name, or by PZN prefix. Every value is a
 * bound parameter.
 *
 * Bounded work: every way of matching collects at most CANDIDATES_PER_MATCH products through its own
 * index (name prefix and name typos first, so the products most likely to rank first are always
 * among the candidates), only those are ranked, and the total is counted up to TOTAL_CAP.
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
  const namePrefixHit = sql`${searchName} like ${folded} || '%'`;
  const rank = sql`ts_rank(${RANK_WEIGHTS[request.locale]}::float4[], ${searchVector}, ${tsQuery})`;
  // About 20 categories: matched first in their own query, so the product query needs no subplan.
  const categorySlugs = tokens.length > 0 ? await matchingCategories(db, tsText) : [];
  const categoryHit = categorySlugs.length > 0 ? inArray(products.categorySlug, categorySlugs) : undefined;

  // Every way of matching, each answerable by one index. A name with a typo also matches the
  // document (it starts with the name), so the name arms only make sure those products are ranked.
  const matches: SQL[] = [];
  const arms: SQL[] = [];
  const order: SQL[] = [];
  if (pzn.exact !== null) {
    matches.push(eq(products.pzn, pzn.exact));
    order.push(desc(sql`(${products.pzn} = ${pzn.exact})`));
  }
  // A range rather than LIKE: PZNs are 8 digits, so this is the prefix in every collation and can
  // always use the primary-key index.
  if (pzn.prefix !== null) matches.push(between(products.pzn, pzn.prefix.padEnd(8, '0'), pzn.prefix.padEnd(8, '9')));
  if (tokens.length > 0) {
    arms.push(namePrefixHit, sql`${folded} <% ${searchName}`);
    matches.push(ftsHit, sql`${folded} <% ${searchDocument}`);
    if (categoryHit) matches.push(categoryHit);
    // A category hit ranks just above "no full-text hit": found through its category only, a product
    // is relevant, but less than one whose own texts contain the words.
    const categoryBonus = categoryHit ? sql` + case when ${categoryHit} then 0.001 else 0 end` : sql``;
    order.push(
      desc(sql`(${namePrefixHit})`),
      desc(sql`(case when ${ftsHit} then ${rank} else 0 end${categoryBonus})`),
      desc(sql`word_similarity(${folded}, ${searchName})`),
      desc(sql`word_similarity(${folded}, ${searchDocument})`),
    );
  }
  order.push(asc(products.name), asc(products.pzn));

  const active = sql`${products.active} = true`;
  const candidateArms = [...arms, ...matches].map((hit) => {
    // Full-text matches come best-ranked first (ts_rank is cheap next to the trigram checks), so the
    // products full-text ranking puts on top are always among the candidates.
    const best = hit === ftsHit ? sql` order by ${rank} desc` : sql``;
    return sql`(select ${products.pzn} from ${products} where ${active} and ${hit}${best} limit ${sql.raw(String(CANDIDATES_PER_MATCH))})`;
  });
  const candidates = sql`select distinct "pzn" from (${sql.join(candidateArms, sql` union all `)}) as "arms"`;
  const total = sql<number>`(select count(*) from (select 1 from ${products} where ${active} and (${sql.join(matches, sql` or `)}) limit ${sql.raw(String(TOTAL_CAP + 1))}) as "matches")`;

  const rows = await db.transaction(async (tx) => {
    // Transaction-local, so pooled PostgreSQL connections keep their defaults. pg_trgm's `<%` uses
    // this threshold (default 0.6, which misses a dropped letter such as "ibuprfen"). The planner
    // prices a similarity check like any cheap operator, and under a LIMIT a sequential scan (every
    // row folded and compared) looks cheaper than the GIN indexes; it is ten times slower (measured
    // on 10 000 products), and every arm is indexable, so tell it not to. One statement for both.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true), set_config('enable_seqscan', 'off', true)`,
    );
    return tx
      .select({ ...getTableColumns(products), total: total.mapWith(Number) })
      .from(products)
      .where(sql`${products.pzn} in (${candidates})`)
      .orderBy(...order)
      .limit(request.limit);
  });

  const counted = rows[0]?.total ?? 0;
  return {
    query: request.query,
    items: rows.map((row) => toProductDto(row)),
    ...(counted > TOTAL_CAP ? { total: TOTAL_CAP, totalCapped: true as const } : { total: counted }),
  };
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
