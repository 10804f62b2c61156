import { createRoute, z } from '@hono/zod-openapi';
import { onAccountErased } from '../../accounts';
import { ProductDto } from '../../catalog';
import { requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, json } from '../../../platform/http/openapi';
import { authErrorJson } from './http';
import { addFavorite, eraseFavorites, isListedProduct, listFavorites, removeFavorite } from './favorites-repo';

const FAVORITES = '/v1/user/favorites';
const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['favorites'] };

const Pzn = z.string().regex(/^\d{8}$/).openapi({ example: '10019621', description: '8-digit PZN' });
const FavoriteBody = z.object({ pzn: Pzn }).openapi('FavoriteAdd');
const PznParam = z.object({ pzn: Pzn.openapi({ param: { name: 'pzn', in: 'path' } }) });
const FavoriteList = z.object({ items: z.array(ProductDto) }).openapi('FavoriteList');
const FavoriteAdded = z.object({ pzn: z.string(), product: ProductDto }).openapi('Favorite');

const listRoute = createRoute({
  ...secured,
  method: 'get',
  path: FAVORITES,
  summary: "The customer's favourite products, newest first",
  responses: { 200: json(FavoriteList, 'Favourites (withdrawn products left out)'), ...errorEntries(401) },
});

const addRoute = createRoute({
  ...secured,
  method: 'post',
  path: FAVORITES,
  summary: 'Mark a product as favourite (idempotent: 201 when new, 200 when it already was)',
  description: 'PRODUCT_NOT_FOUND for an unknown or withdrawn PZN. Prescription-only products may be favourites: they are shown, not sold.',
  request: { body: { content: { 'application/json': { schema: FavoriteBody } }, required: true } },
  responses: {
    200: json(FavoriteAdded, 'Already a favourite'),
    201: json(FavoriteAdded, 'Added'),
    ...errorEntries(400, 401, 404),
  },
});

const removeRoute = createRoute({
  ...secured,
  method: 'delete',
  path: `${FAVORITES}/{pzn}`,
  summary: 'Remove a product from the favourites',
  description: 'NOT_FOUND when it is not a favourite.',
  request: { params: PznParam },
  responses: { 200: json(FavoriteList, 'The remaining favourites'), ...errorEntries(400, 401, 404) },
});

export function registerFavoriteRoutes(app: ApiApp) {
  onAccountErased('favorites', eraseFavorites);

  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ items: await listFavorites(c.var.ctx.db, c.var.auth.userId) }, 200);
  });

  app.openapi(addRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db, clock } = c.var.ctx;
    const { pzn } = c.req.valid('json');
    if (!(await isListedProduct(db, pzn))) return authErrorJson(c, 404, 'PRODUCT_NOT_FOUND');
    const created = await addFavorite(db, c.var.auth.userId, pzn, clock.now());
    const product = (await listFavorites(db, c.var.auth.userId)).find((item) => item.pzn === pzn);
    if (!product) return authErrorJson(c, 404, 'PRODUCT_NOT_FOUND');
    return created ? c.json({ pzn, product }, 201) : c.json({ pzn, product }, 200);
  });

  app.openapi(removeRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { db } = c.var.ctx;
    if (!(await removeFavorite(db, c.var.auth.userId, c.req.valid('param').pzn))) return authErrorJson(c, 404, 'NOT_FOUND');
    return c.json({ items: await listFavorites(db, c.var.auth.userId) }, 200);
  });
}
