import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../../platform/http/app';
import { badRequestHook, errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { SHOP_TAG, SHOP_V1 } from '../../catalog';
import { MAX_PZNS_PER_REQUEST, parsePznList } from '../model/pzn-list';
import { LOW_STOCK_THRESHOLD } from '../model/stock-status';
import { availabilityAt } from './availability';

/** Stock moves with every order; 30 s keeps a product list fresh enough and absorbs bursts. */
export const AVAILABILITY_CACHE_CONTROL = 'public, max-age=30';

const AvailabilityDto = z
  .object({
    items: z.array(
      z.object({
        pzn: z.string().openapi({ example: '10019621' }),
        status: z.enum(['in_stock', 'low', 'sold_out']),
        quantity: z.number().int().optional().openapi({ description: `Packs left; only given when status is "low" (1–${LOW_STOCK_THRESHOLD}).` }),
      }),
    ),
  })
  .openapi('Availability', { description: 'One item per requested PZN, in request order (duplicates removed).' });

const availabilityRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/pharmacies/{id}/availability`,
  tags: [SHOP_TAG],
  summary: 'Stock status of many products at one pharmacy (one call per product list)',
  description:
    `Repeat pzn (?pzn=a&pzn=b) or separate by commas (?pzn=a,b); 1 to ${MAX_PZNS_PER_REQUEST} valid PZNs, 7-digit ones get their leading zero. ` +
    `Status: in_stock (more than ${LOW_STOCK_THRESHOLD}), low (1–${LOW_STOCK_THRESHOLD}), sold_out (none or not carried). ` +
    'BAD_REQUEST for a missing, invalid or excess PZN; NOT_FOUND for an unknown pharmacy.',
  request: {
    params: z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, example: 'berlin-alexanderplatz' }) }),
    query: z.object({
      pzn: z
        .union([z.string(), z.array(z.string())])
        .openapi({ param: { name: 'pzn', in: 'query', style: 'form', explode: true }, example: '10019621,04773414' }),
    }),
  },
  responses: { 200: json(AvailabilityDto, 'Availability per PZN'), ...errorEntries(400, 404, 500) },
});

export function registerAvailabilityRoute(app: ApiApp) {
  app.openapi(
    availabilityRoute,
    async (c) => {
      const { pzn } = c.req.valid('query');
      const pzns = parsePznList(Array.isArray(pzn) ? pzn : [pzn]);
      if (!pzns) return errorJson(c, 400, 'BAD_REQUEST');
      const items = await availabilityAt(c.var.ctx.db, c.req.valid('param').id, pzns);
      if (!items) return errorJson(c, 404, 'NOT_FOUND');
      c.header('Cache-Control', AVAILABILITY_CACHE_CONTROL);
      return c.json({ items }, 200);
    },
    badRequestHook,
  );
}
