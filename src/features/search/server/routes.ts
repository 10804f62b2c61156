import { createRoute, z } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import { ProductDto, SHOP_TAG, SHOP_V1 } from '../../catalog';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, json } from '../../../platform/http/openapi';
import { LOCALES } from '../../../platform/i18n/locales';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_LENGTH } from '../model/query';
import { searchProductsJson, searchSuggestions, SUGGESTED_CATEGORIES, SUGGESTED_PRODUCTS } from './queries';
import { TOTAL_CAP } from './search-index';

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

export function registerSearchRoutes(app: ApiApp) {
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
