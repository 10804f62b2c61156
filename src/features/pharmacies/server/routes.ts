import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../../platform/http/app';
import { badRequestHook, errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { geocoderFromEnv, type Geocoder } from '../../../platform/geocoding';
import { SHOP_TAG, SHOP_V1 } from '../../catalog';
import { PharmacyDto, PharmacyListDto } from './dto';
import { getPharmacy, listPharmacies } from './queries';
import { registerAvailabilityRoute } from './routes-availability';
import { registerDeliveryRoutes } from './routes-delivery';
import { registerBackOfficeRoutes } from './routes-backoffice';

export interface PharmacyRouteDeps {
  /** Defaults to GEOCODER_URL's service, or the built-in postal-code table when unset. */
  geocoder?: Geocoder;
}

/**
 * openNow depends on the minute of the request, so answers may be cached only briefly; 60 s keeps
 * the flag at most a minute late around opening and closing times.
 */
const PHARMACY_CACHE_CONTROL = 'public, max-age=60';

const listRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/pharmacies`,
  tags: [SHOP_TAG],
  summary: 'Active partner pharmacies with whether each is open now',
  responses: { 200: json(PharmacyListDto, 'Pharmacies ordered by city, then name'), ...errorEntries(500) },
});

const IdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'apotheke-am-markt-berlin' }),
});

const oneRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/pharmacies/{id}`,
  tags: [SHOP_TAG],
  summary: 'One pharmacy by id',
  request: { params: IdParam },
  responses: { 200: json(PharmacyDto, 'The pharmacy'), ...errorEntries(400, 404, 500) },
});

export function registerPharmacyRoutes(app: ApiApp, deps: PharmacyRouteDeps = {}) {
  // Static paths (/pharmacies/nearest) first: /pharmacies/{id} would otherwise answer them.
  registerDeliveryRoutes(app, deps.geocoder ?? geocoderFromEnv());
  registerBackOfficeRoutes(app);
  registerAvailabilityRoute(app);

  app.openapi(listRoute, async (c) => {
    const items = await listPharmacies(c.var.ctx.db, c.var.ctx.clock.now());
    c.header('Cache-Control', PHARMACY_CACHE_CONTROL);
    return c.json({ items }, 200);
  });

  app.openapi(
    oneRoute,
    async (c) => {
      const pharmacy = await getPharmacy(c.var.ctx.db, c.req.valid('param').id, c.var.ctx.clock.now());
      if (!pharmacy) return errorJson(c, 404, 'NOT_FOUND');
      c.header('Cache-Control', PHARMACY_CACHE_CONTROL);
      return c.json(pharmacy, 200);
    },
    badRequestHook,
  );
}
