import type { ProductDto } from '../../catalog';
import type { Db } from '../../../platform/db/client';
import type { Locale } from '../../../platform/i18n/locales';
import { liveSearchIndex } from './live-index';
import { TOTAL_CAP, type SearchIndex } from './search-index';
import { foldSearchText, searchTokens } from '../model/query';
import { localizePath } from '../../../platform/i18n/locales';
import { categoryPath, productPath } from '../../catalog/client';

export interface SearchRequest {
  /** Already trimmed, 1 to MAX_QUERY_LENGTH characters (the route and the page check). */
  query: string;
  locale: Locale;
  limit: number;
  /** How many of the best results to skip ("show more"); offset + limit stays within TOTAL_CAP. */
  offset?: number;
}

/** The best `limit` after `offset`: the index ranks the first offset + limit and the page is cut from them. */
function window(index: SearchIndex, request: SearchRequest) {
  const offset = Math.max(0, Math.min(request.offset ?? 0, TOTAL_CAP));
  const limit = Math.max(0, Math.min(request.limit, TOTAL_CAP - offset));
  const { items, ...counts } = index.search(request.query, request.locale, offset + limit);
  return { items: items.slice(offset), ...counts };
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
 * Active products matching the query, best first (the rules are at SearchIndex.search), answered
 * from this process's index of the catalogue, which is rebuilt when the catalogue changes.
 */
export async function searchProducts(db: Db, request: SearchRequest): Promise<SearchResult> {
  const { items, ...counts } = window(await liveSearchIndex(db), request);
  return { query: request.query, items: items.map((json) => JSON.parse(json) as ProductDto), ...counts };
}

/** The same answer as JSON text (a SearchResult), joined from the products' stored JSON. */
export async function searchProductsJson(db: Db, request: SearchRequest): Promise<string> {
  const { items, total, totalCapped } = window(await liveSearchIndex(db), request);
  return `{"query":${JSON.stringify(request.query)},"items":[${items.join(',')}],"total":${total}${totalCapped ? ',"totalCapped":true' : ''}}`;
}

/** How many products and categories the header box suggests. */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_CATEGORIES = 3;

export interface Suggestions {
  query: string;
  products: { pzn: string; name: string; pack: string; href: string; imageUrl: string }[];
  categories: { slug: string; name: string; href: string }[];
}

/**
 * What the header search box offers while the shopper types: the best products of the same search
 * as the search page, and categories whose name has words starting with every typed word, then the
 * categories most of the best results belong to ("ibuprofen" → Home pharmacy).
 */
export async function searchSuggestions(db: Db, request: { query: string; locale: Locale }): Promise<Suggestions> {
  const index = await liveSearchIndex(db);
  const { items } = index.search(request.query, request.locale, 20);
  const found = items.map((json) => JSON.parse(json) as ProductDto);
  const { locale } = request;
  const tokens = searchTokens(request.query);
  const byName = index.categoryList.filter((category) => {
    const words = `${foldSearchText(category.name.de)} ${foldSearchText(category.name.en)}`.split(' ');
    return tokens.length > 0 && tokens.every((token) => words.some((word) => word.startsWith(token)));
  });
  const counts = new Map<string, number>();
  for (const product of found) counts.set(product.categorySlug, (counts.get(product.categorySlug) ?? 0) + 1);
  const byResults = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([slug]) => index.categoryList.find((category) => category.slug === slug));
  const categories = [...new Set([...byName, ...byResults])].filter((category) => category !== undefined).slice(0, SUGGESTED_CATEGORIES);
  return {
    query: request.query,
    products: found.slice(0, SUGGESTED_PRODUCTS).map((product) => ({
      pzn: product.pzn,
      name: product.name,
      pack: product.package.label[locale],
      href: localizePath(productPath(product.slug), locale),
      imageUrl: product.imageUrl,
    })),
    categories: categories.map((category) => ({ slug: category.slug, name: category.name[locale], href: localizePath(categoryPath(category.slug), locale) })),
  };
}
