import { createRoute, z } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import { PRODUCT_KINDS, ProductDto, SHOP_TAG, SHOP_V1, SORTS } from '../../catalog';
import type { ApiApp } from '../../../platform/http/app';
import { badRequestHook, errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { LOCALES } from '../../../platform/i18n/locales';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_LENGTH } from '../model/query';
import { searchProductsJson, searchSuggestions, SUGGESTED_CATEGORIES, SUGGESTED_PRODUCTS } from './queries';
import { TOTAL_CAP } from './search-index';
import { listingPage } from './listing';

/** A filtered listing's page: a category page's size, so its pages and the static ones line up. */
export const LISTING_PAGE_SIZE = 48;
export const LISTING_MAX_PAGE_SIZE = 100;

/** Results change only when the catalogue is imported: a minute of shared caching is safe. */
export const SEARCH_CACHE_CONTROL = 'public, max-age=60';

const SearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1)
    .max(MAX_QUERY_LENGTH)
    .openapi({ param: { name: 'q', in: 'query' }, example: 'ibuprofen', description: `What the shopper typed: 1 to ${MAX_QUERY_LENGTH} characters after trimming; a PZN finds that product.` }),
  locale: z
    .enum(LOCALES)
    .optional()
    .openapi({ param: { name: 'locale', in: 'query' }, example: 'de', description: "The shopper's language: its texts weigh more in the ranking. Defaults to the request language." }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .default(DEFAULT_LIMIT)
    .openapi({ param: { name: 'limit', in: 'query' }, example: DEFAULT_LIMIT, description: `1 to ${MAX_LIMIT}.` }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(TOTAL_CAP - 1)
    .default(0)
    .openapi({ param: { name: 'offset', in: 'query' }, example: 0, description: `Skip this many of the best results ("show more"); 0 to ${TOTAL_CAP - 1}.` }),
});

const SuggestQuery = SearchQuery.pick({ q: true, locale: true });

export const SuggestionsDto = z
  .object({
    query: z.string(),
    products: z
      .array(z.object({ pzn: z.string(), name: z.string(), pack: z.string(), href: z.string(), imageUrl: z.string() }))
      .openapi({ description: `Up to ${SUGGESTED_PRODUCTS} best products, as the search ranks them; href is the localized product page.` }),
    categories: z
      .array(z.object({ slug: z.string(), name: z.string(), href: z.string() }))
      .openapi({ description: `Up to ${SUGGESTED_CATEGORIES} categories: those named like the query, then those of the best results.` }),
  })
  .openapi('SearchSuggestions');

const suggestRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/search/suggestions`,
  tags: [SHOP_TAG],
  summary: 'Suggestions for the header search box: products and categories, texts in the requested language',
  request: { query: SuggestQuery },
  responses: {
    200: json(SuggestionsDto, 'Products and categories to suggest'),
    ...errorEntries(400, 500),
  },
});

export const SearchResultDto = z
  .object({
    query: z.string().openapi({ description: 'The trimmed query the results are for (lets a client drop stale answers).' }),
    items: z.array(ProductDto).openapi({ description: 'Best match first: exact PZN, name prefix, full-text rank, trigram similarity.' }),
    total: z
      .number()
      .int()
      .openapi({ description: `All matching active products, counted up to ${TOTAL_CAP} (items holds at most \`limit\`).` }),
    totalCapped: z
      .literal(true)
      .optional()
      .openapi({ description: `Present, and true, only when more than ${TOTAL_CAP} products match: \`total\` is then ${TOTAL_CAP}, a lower bound.` }),
  })
  .openapi('SearchResult');

const searchRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/search`,
  tags: [SHOP_TAG],
  summary: 'Search active products (German stemming, typo tolerance, PZN)',
  request: { query: SearchQuery },
  responses: {
    200: json(SearchResultDto, 'Matching products, best first'),
    // The platform's default hook answers an empty q with MISSING_PARAMS, anything else with BAD_REQUEST.
    ...errorEntries(400, 500),
  },
});

/** A query parameter that may repeat (?brand=A&brand=B): each value 1 to 200 characters. */
const repeated = <T extends z.ZodType<string>>(value: T, name: string, example: string, description: string) =>
  z
    .union([value, z.array(value).max(50)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .openapi({ param: { name, in: 'query', style: 'form', explode: true }, example, description });

const text = z.string().min(1).max(200);
const euros = (name: string, description: string) =>
  z.coerce.number().int().min(0).max(100_000).optional().openapi({ param: { name, in: 'query' }, example: 10, description });

const ListingQuery = z.object({
  category: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .openapi({ param: { name: 'category', in: 'query' }, example: 'vitamins', description: 'A category slug (unknown → 404); give this or q.' }),
  q: z
    .string()
    .trim()
    .min(1)
    .max(MAX_QUERY_LENGTH)
    .optional()
    .openapi({ param: { name: 'q', in: 'query' }, example: 'ibuprofen', description: `A search (as /search, up to its ${TOTAL_CAP} best results); give this or category.` }),
  locale: SearchQuery.shape.locale,
  brand: repeated(text, 'brand', 'ratiopharm', 'Only these brands (repeat for several).'),
  form: repeated(text, 'form', 'Tabletten', "Only these dosage forms, named in the request's language (repeat for several)."),
  kind: repeated(z.enum(PRODUCT_KINDS), 'kind', 'free-sale', 'Only these product kinds (repeat for several).'),
  min: euros('min', 'Lowest price in whole euros, inclusive.'),
  max: euros('max', 'Highest price in whole euros, inclusive (10 keeps 10,00 €, not 10,01 €).'),
  available: z
    .enum(['1'])
    .optional()
    .openapi({ param: { name: 'available', in: 'query' }, example: '1', description: 'Only products in stock at `pharmacy` (which it requires).' }),
  pharmacy: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .openapi({ param: { name: 'pharmacy', in: 'query' }, example: 'berlin-alexanderplatz', description: "The shopper's pharmacy, for `available` (unknown → 404)." }),
  sort: z
    .enum(SORTS)
    .default('relevance')
    .openapi({ param: { name: 'sort', in: 'query' }, example: 'price-asc', description: 'relevance (the search ranking; name order in a category), price, price per unit (per kg, l or piece), or name.' }),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(1)
    .openapi({ param: { name: 'page', in: 'query' }, example: 1, description: '1-based page of the filtered result.' }),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(LISTING_MAX_PAGE_SIZE)
    .default(LISTING_PAGE_SIZE)
    .openapi({ param: { name: 'pageSize', in: 'query' }, example: LISTING_PAGE_SIZE, description: `1 to ${LISTING_MAX_PAGE_SIZE}.` }),
});

export const ListingPageDto = z
  .object({
    items: z.array(ProductDto),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().openapi({ description: 'Products left after the filters, over all pages.' }),
    facets: z
      .object({ brands: z.array(z.string()), forms: z.array(z.string()), kinds: z.array(z.enum(PRODUCT_KINDS)) })
      .openapi({ description: "What the unfiltered listing can be narrowed by (dosage forms in the request's language)." }),
  })
  .openapi('ListingPage');

const listingRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/listing`,
  tags: [SHOP_TAG],
  summary: 'A category or a search, filtered (brand, dosage form, kind, price, available at a pharmacy), sorted and paged',
  description:
    'The filters and sorts of the category and search pages, over the whole listing rather than one page of it. ' +
    'MISSING_PARAMS without category or q, or with available but no pharmacy; BAD_REQUEST for both, or a malformed value; NOT_FOUND for an unknown category or pharmacy.',
  request: { query: ListingQuery },
  responses: {
    200: json(ListingPageDto, 'One page of the filtered, sorted listing; a page past the end has no items'),
    ...errorEntries(400, 404, 500),
  },
});

export function registerSearchRoutes(app: ApiApp) {
  app.openapi(
    listingRoute,
    async (c) => {
      const query = c.req.valid('query');
      if (query.category === undefined && query.q === undefined) return errorJson(c, 400, 'MISSING_PARAMS');
      if (query.category !== undefined && query.q !== undefined) return errorJson(c, 400, 'BAD_REQUEST');
      if (query.available && query.pharmacy === undefined) return errorJson(c, 400, 'MISSING_PARAMS');
      const result = await listingPage(c.var.ctx.db, {
        source: query.category !== undefined ? { category: query.category } : { query: query.q ?? '' },
        locale: query.locale ?? c.var.locale,
        filters: {
          brands: query.brand,
          forms: query.form,
          kinds: query.kind,
          minEuros: query.min ?? null,
          maxEuros: query.max ?? null,
          available: query.available === '1',
          sort: query.sort,
        },
        pharmacyId: query.pharmacy,
        page: query.page,
        pageSize: query.pageSize,
      });
      if (!result.ok) return errorJson(c, 404, result.code);
      // Stock moves with every order: with a pharmacy the answer is as short-lived as availability's.
      c.header('Cache-Control', query.available ? 'public, max-age=30' : SEARCH_CACHE_CONTROL);
      return c.json(result.value, 200);
    },
    badRequestHook,
  );

  app.openapi(searchRoute, async (c) => {
    const { q, locale, limit, offset } = c.req.valid('query');
    const json = await searchProductsJson(c.var.ctx.db, { query: q, locale: locale ?? c.var.locale, limit, offset });
    // Bytes rather than c.json's string: the fetch Response streams a 30 KB string with umlauts
    // several times slower than the same bytes, which was most of a search's cost.
    const body = c.body(Buffer.from(json), 200, { 'Content-Type': 'application/json', 'Cache-Control': SEARCH_CACHE_CONTROL });
    return body as unknown as TypedResponse<z.infer<typeof SearchResultDto>, 200, 'json'>;
  });
  app.openapi(suggestRoute, async (c) => {
    const { q, locale } = c.req.valid('query');
    const suggestions = await searchSuggestions(c.var.ctx.db, { query: q, locale: locale ?? c.var.locale });
    return c.json(suggestions, 200, { 'Cache-Control': SEARCH_CACHE_CONTROL });
  });
}
