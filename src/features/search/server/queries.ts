import type { ProductDto } from '../../catalog';
import type { Db } from '../../../platform/db/client';
import type { Locale } from '../../../platform/i18n/locales';
import { liveSearchIndex } from './live-index';

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
 * Active products matching the query, best first (the rules are at SearchIndex.search), answered
 * from this process's index of the catalogue, which is rebuilt when the catalogue changes.
 */
export async function searchProducts(db: Db, request: SearchRequest): Promise<SearchResult> {
  const { items, ...counts } = (await liveSearchIndex(db)).search(request.query, request.locale, request.limit);
  return { query: request.query, items: items.map((json) => JSON.parse(json) as ProductDto), ...counts };
}

/** The same answer as JSON text (a SearchResult), joined from the products' stored JSON. */
export async function searchProductsJson(db: Db, request: SearchRequest): Promise<string> {
  const { items, total, totalCapped } = (await liveSearchIndex(db)).search(request.query, request.locale, request.limit);
  return `{"query":${JSON.stringify(request.query)},"items":[${items.join(',')}],"total":${total}${totalCapped ? ',"totalCapped":true' : ''}}`;
}
