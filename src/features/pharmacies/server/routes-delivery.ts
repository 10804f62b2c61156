import { createRoute } from '@hono/zod-openapi';
import { isPostalCode, normalizePostalCode, type Geocoder } from '../../../platform/geocoding';
import type { ApiApp } from '../../../platform/http/app';
import { badRequestHook, errorEntries, errorJson, json } from '../../../platform/http/openapi';
import { isValidHouseNumber } from '../../../platform/geocoding/house-number';
import { SHOP_TAG, SHOP_V1 } from '../../catalog';
import { parsePznList } from '../model/pzn-list';
import { checkDeliveryArea, nearestPharmacies } from './delivery-area';
import { DeliveryAreaBody, DeliveryAreaDto, NearestDto, NearestQuery } from './delivery-dto';

const NEAREST_DEFAULT_LIMIT = 5;

const deliveryAreaRoute = createRoute({
  method: 'post',
  path: `${SHOP_V1}/delivery-area`,
  tags: [SHOP_TAG],
  summary: 'Do we deliver to this address, and which pharmacy serves it? (no login needed)',
  description:
    'Outcomes: in_area_all_in_stock, in_area_some_in_stock (missing_pzns lists what the serving pharmacy lacks), outside_area ' +
    '("we do not deliver to the address yet"), address_not_recognised. The serving pharmacy is open now (Europe/Berlin), delivers to the ' +
    'postal code and holds most of the given PZNs; ties go to the nearest. If none is open, the best closed one is chosen (pre-orders only). ' +
    'Errors (400): INVALID_POSTAL_CODE, INVALID_HOUSE_NUMBER, MISSING_PARAMS (no postal_code), BAD_REQUEST (invalid PZN, lat without lng).',
  request: { body: { content: { 'application/json': { schema: DeliveryAreaBody } }, required: true } },
  responses: { 200: json(DeliveryAreaDto, 'The outcome with the serving pharmacy and the alternatives'), ...errorEntries(400, 500) },
});

const nearestRoute = createRoute({
  method: 'get',
  path: `${SHOP_V1}/pharmacies/nearest`,
  tags: [SHOP_TAG],
  summary: 'Pharmacies nearest a device position, with whether each delivers there',
  description: `limit defaults to ${NEAREST_DEFAULT_LIMIT}. BAD_REQUEST for a missing or out-of-range lat/lng.`,
  request: { query: NearestQuery },
  responses: { 200: json(NearestDto, 'Nearest first'), ...errorEntries(400, 500) },
});

/** Registered before /pharmacies/{id}, so "nearest" is never taken for a pharmacy id. */
export function registerDeliveryRoutes(app: ApiApp, geocoder: Geocoder) {
  app.openapi(deliveryAreaRoute, async (c) => {
    const body = c.req.valid('json');
    const postalCode = normalizePostalCode(body.postal_code);
    if (!isPostalCode(postalCode)) return errorJson(c, 400, 'INVALID_POSTAL_CODE');
    const houseNumber = body.house_number?.trim() || undefined;
    if (houseNumber !== undefined && !isValidHouseNumber(houseNumber)) return errorJson(c, 400, 'INVALID_HOUSE_NUMBER');
    if ((body.lat === undefined) !== (body.lng === undefined)) return errorJson(c, 400, 'BAD_REQUEST');
    const pzns = parsePznList(body.pzns ?? [], { allowEmpty: true });
    if (!pzns) return errorJson(c, 400, 'BAD_REQUEST');

    const { db, clock } = c.var.ctx;
    const point = body.lat !== undefined && body.lng !== undefined ? { lat: body.lat, lng: body.lng } : undefined;
    const result = await checkDeliveryArea(db, geocoder, clock.now(), {
      postalCode,
      streetAddress: body.street_address?.trim() || undefined,
      houseNumber,
      locality: body.locality?.trim() || undefined,
      point,
      pzns,
    });
    // Depends on the moment (open now) and on stock: never cached.
    c.header('Cache-Control', 'no-store');
    return c.json(result, 200);
  });

  app.openapi(
    nearestRoute,
    async (c) => {
      const { lat, lng, limit } = c.req.valid('query');
      const { db, clock } = c.var.ctx;
      const result = await nearestPharmacies(db, geocoder, clock.now(), { lat, lng }, limit ?? NEAREST_DEFAULT_LIMIT);
      c.header('Cache-Control', 'no-store');
      return c.json(result, 200);
    },
    badRequestHook,
  );
}
