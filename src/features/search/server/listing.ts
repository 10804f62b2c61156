import { compareBy, listedFrom, matches, PRODUCT_KINDS, type ListingFilters, type ProductDto, type ProductKind } from '../../catalog';
import { availabilityAt } from '../../pharmacies';
import type { Db } from '../../../platform/db/client';
import { fail, ok, type Result } from '../../../platform/http/result';
import type { Locale } from '../../../platform/i18n/locales';
import { liveSearchIndex } from './live-index';
import { TOTAL_CAP } from './search-index';

export interface ListingRequest {
  /** Exactly one of the two: a category's products, or a search's results (best first). */
  source: { category: string } | { query: string };
  locale: Locale;
  filters: ListingFilters;
  /** The shopper's pharmacy, for "available at my pharmacy" (required with it). */
  pharmacyId?: string | undefined;
  page: number;
  pageSize: number;
}

export interface ListingFacets {
  brands: string[];
  forms: string[];
  /** In the catalogue's order of kinds, as the category page's filter form lists them. */
  kinds: ProductKind[];
}

/** What a listing can be narrowed by: the distinct values of its products, in the language's order. */
function facetsOf(products: readonly ProductDto[], locale: Locale): ListingFacets {
  const distinct = (values: string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b, locale));
  return {
    brands: distinct(products.map((p) => p.brand)),
    forms: distinct(products.map((p) => p.dosageForm?.[locale] ?? '')),
    kinds: PRODUCT_KINDS.filter((kind) => products.some((p) => p.kind === kind)),
  };
}

export interface ListingPage {
  items: ProductDto[];
  page: number;
  pageSize: number;
  /** Products left after the filters, over all pages. */
  total: number;
  /** What the unfiltered listing can be narrowed by. */
  facets: ListingFacets;
}

/**
 * One page of a filtered, sorted listing: the same rules (matches, compareBy) the category page's
 * script applies to the cards it has, applied here to the whole category or to every search result
 * (up to the search's cap), so a filter on a category of many pages narrows all of it.
 * "Relevance" is the search's ranking, or name order in a category (the catalogue API's order).
 */
export async function listingPage(db: Db, request: ListingRequest): Promise<Result<ListingPage, 'NOT_FOUND'>> {
  const index = await liveSearchIndex(db);
  const json = 'category' in request.source ? index.inCategory(request.source.category) : index.search(request.source.query, request.locale, TOTAL_CAP).items;
  if (!json) return fail('NOT_FOUND');
  const products = json.map((text) => JSON.parse(text) as ProductDto);
  let stockOf = (_pzn: string): string | null => null;
  if (request.filters.available && request.pharmacyId !== undefined) {
    const stock = await availabilityAt(db, request.pharmacyId, products.map((p) => p.pzn));
    if (!stock) return fail('NOT_FOUND');
    const byPzn = new Map(stock.map((item) => [item.pzn, item.status]));
    stockOf = (pzn) => byPzn.get(pzn) ?? null;
  }
  const listed = products.map((product, position) => ({ product, listed: listedFrom(product, request.locale, position, stockOf(product.pzn)) }));
  const compare = compareBy(request.filters.sort);
  const kept = listed.filter((entry) => matches(entry.listed, request.filters)).sort((a, b) => compare(a.listed, b.listed));
  const start = (request.page - 1) * request.pageSize;
  return ok({
    items: kept.slice(start, start + request.pageSize).map((entry) => entry.product),
    page: request.page,
    pageSize: request.pageSize,
    total: kept.length,
    facets: facetsOf(products, request.locale),
  });
}
