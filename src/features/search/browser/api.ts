import { createApiClient } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import type { SearchProduct } from '../model/hit';
import { DEFAULT_LIMIT } from '../model/query';
import type { ListingFilters } from '../../catalog/client';

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

export interface Facets {
  brands: string[];
  forms: string[];
  kinds: ('prescription' | 'pharmacy-only' | 'free-sale' | 'non-medicine')[];
}

export interface ListingBody extends SearchResultBody {
  facets: Facets;
}

/**
 * One page of filtered, sorted results (the listing API): `page` counts DEFAULT_LIMIT results.
 * "Available at my pharmacy" goes with the shopper's pharmacy; without one nothing is available.
 */
export async function fetchListing(
  query: string,
  filters: ListingFilters,
  locale: Locale,
  signal: AbortSignal,
  page = 1,
  pharmacyId: string | null = null,
): Promise<ListingBody> {
  const client = createApiClient({ locale });
  const available = filters.available && pharmacyId ? { available: '1' as const, pharmacy: pharmacyId } : {};
  const { data, error } = await client.GET('/api/shop/v1/listing', {
    params: {
      query: {
        q: query,
        locale,
        brand: filters.brands,
        form: filters.forms,
        kind: filters.kinds as Facets['kinds'],
        ...(filters.minEuros !== null ? { min: filters.minEuros } : {}),
        ...(filters.maxEuros !== null ? { max: filters.maxEuros } : {}),
        ...available,
        sort: filters.sort,
        page,
        pageSize: DEFAULT_LIMIT,
      },
    },
    signal,
  });
  if (!data) throw new Error(error?.code ?? 'GENERIC_ERROR');
  if (filters.available && !pharmacyId) return { query, total: 0, items: [], facets: data.facets };
  return { query, total: data.total, items: data.items, facets: data.facets };
}
