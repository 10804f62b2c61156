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
  const index = await liveSearchIndex(db);
  return { query: request.query, ...index.search(request.query, request.locale, request.limit) };
}
