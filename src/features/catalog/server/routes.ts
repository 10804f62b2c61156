import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../../platform/http/app';
import { isValidPzn, normalizePzn } from '../model/pzn';
import { CategoryListDto, PopularSearchListDto, ProductDto, ProductPageDto } from './dto';
import { DEFAULT_PAGE_SIZE, getProduct, listCategories, listPopularSearches, listProducts, MAX_PAGE_SIZE } from './queries';
import { badRequestHook, errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { CATALOG_CACHE_CONTROL, SHOP_TAG, SHOP_V1 } from './routes-shared';

const categoriesRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/categories`,
  tags: [SHOP_TAG],
  summary: 'Categories in shop order with their product counts',
  responses: { 200: json(CategoryListDto, 'All categories, ordered by position'), ...errorEntries(500) },
});

const ProductQuery = z.object({
  category: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .openapi({ param: { name: 'category', in: 'query' }, example: 'cold-and-flu', description: 'Category slug; unknown → 404.' }),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .openapi({ param: { name: 'page', in: 'query' }, example: 1, description: '1-based page number.' }),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .openapi({ param: { name: 'pageSize', in: 'query' }, example: DEFAULT_PAGE_SIZE, description: `1 to ${MAX_PAGE_SIZE}.` }),
});

const productsRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/products`,
  tags: [SHOP_TAG],
  summary: 'Active products ordered by name, one page at a time',
  request: { query: ProductQuery },
  responses: {
    200: json(ProductPageDto, 'One page of products; a page past the end has no items'),
    ...errorEntries(400, 404, 500),
  },
});

// Old 7-digit PZNs are accepted and answered under their 8-digit form (leading zero).
const PznParam = z.object({
  pzn: z
    .string()
    .regex(/^\d{7,8}$/)
    .refine((value) => isValidPzn(normalizePzn(value)), 'invalid PZN check digit')
    .openapi({ param: { name: 'pzn', in: 'path' }, example: '10019621', description: 'PZN (8 digits with check digit).' }),
});

const productRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/products/{pzn}`,
  tags: [SHOP_TAG],
  summary: 'One product by PZN',
  request: { params: PznParam },
  responses: { 200: json(ProductDto, 'The product'), ...errorEntries(400, 404, 500) },
});

const popularSearchesRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/popular-searches`,
  tags: [SHOP_TAG],
  summary: 'Popular search terms in display order',
  responses: { 200: json(PopularSearchListDto, 'The popular searches (spec: 21)'), ...errorEntries(500) },
});

export function registerCatalogRoutes(app: ApiApp) {
  app.openapi(categoriesRoute, async (c) => {
    const items = await listCategories(c.var.ctx.db);
    c.header('Cache-Control', CATALOG_CACHE_CONTROL);
    return c.json({ items }, 200);
  });

  app.openapi(
    productsRoute,
    async (c) => {
      const { category, page, pageSize } = c.req.valid('query');
      const result = await listProducts(c.var.ctx.db, { categorySlug: category, page, pageSize });
      if (!result.ok) return errorJson(c, 404, result.code);
      c.header('Cache-Control', CATALOG_CACHE_CONTROL);
      return c.json(result.value, 200);
    },
    badRequestHook,
  );

  app.openapi(
    productRoute,
    async (c) => {
      const product = await getProduct(c.var.ctx.db, normalizePzn(c.req.valid('param').pzn));
      if (!product) return errorJson(c, 404, 'NOT_FOUND');
      c.header('Cache-Control', CATALOG_CACHE_CONTROL);
      return c.json(product, 200);
    },
    badRequestHook,
  );

  app.openapi(popularSearchesRoute, async (c) => {
    const items = await listPopularSearches(c.var.ctx.db);
    c.header('Cache-Control', CATALOG_CACHE_CONTROL);
    return c.json({ items }, 200);
  });
}
