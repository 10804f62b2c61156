import { createApiClient } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import type { SearchProduct } from '../model/hit';
import { DEFAULT_LIMIT } from '../model/query';

/** The part of the answer the island uses; the generated OpenAPI types check it against the API. */
export interface SearchResultBody {
  query: string;
  total: number;
  items: SearchProduct[];
}

/**
 * One search call from the island. The signal lets a newer keystroke abort this one; the page
 * language goes along so ranking and error messages follow the page.
 */
export async function fetchSearch(query: string, locale: Locale, signal: AbortSignal, offset = 0): Promise<SearchResultBody> {
  const client = createApiClient({ locale });
  const { data, error } = await client.GET('/api/shop/v1/search', {
    params: { query: { q: query, locale, limit: DEFAULT_LIMIT, offset } },
    signal,
  });
  if (!data) throw new Error(error?.code ?? 'GENERIC_ERROR');
  return { query: data.query, total: data.total, items: data.items };
}
