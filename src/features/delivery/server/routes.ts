import { createRoute, z } from '@hono/zod-openapi';
import type { Context, Input, MiddlewareHandler } from 'hono';
import { requireAuth, requireRole, type AuthEnv } from '../../../platform/auth';
import type { Clock } from '../../../platform/clock';
import type { ApiApp } from '../../../platform/http/app';
import { errorBody } from '../../../platform/http/errors';
import { errorEntries, json } from '../../../platform/http/openapi';
import { findOrder, getForPharmacy, OrderIdParam, PharmacyOrderDto, refuseOrder, resolveOrdersDeps, staffPharmacy, type OrderFailure, type OrdersContext, type OrdersDeps, type OrdersDepsOverrides } from '../../orders';
import { REBOOKINGS, RECEIVERS } from '../model/handover';
import { MISSED_DELIVERY_STATES } from '../model/missed';
import { missedDeliveryFor, rebookMissedDelivery } from './missed-delivery';
import { mapTilesFromEnv } from './settings';
import {
  completeDelivery,
  coordinatesForCustomer,
  courierDeliveries,
  couriersForPharmacy,
  defaultDeliveryDeps,
  handOverToCourier,
  nobodyHome,
  recordPosition,
  startDelivery,
  type DeliveryDeps,
} from './service';

/*
 * The delivery API: staff hand a packed order to a courier (/v1/pharmacy/…), couriers work their
 * deliveries (/v1/courier/…), and the customer reads where the courier is (§7 delivery-coordinates).
 */

const ERRORS = [400, 401, 403, 404, 409, 503] as const;

/** requireAuth then requireRole as one middleware, so handlers see the auth context's type. */
const onlyRole = (...roles: ('pharmacist' | 'manager' | 'operator' | 'courier')[]): MiddlewareHandler<AuthEnv> => {
  const signedIn = requireAuth();
  const hasRole = requireRole(...roles);
  return (c, next) =>
    signedIn(c, async () => {
      const refused = await hasRole(c, next);
      if (refused) c.res = refused;
    });
};
// The pharmacy's staff as the back office knows them (orders' staffPharmacy scopes each call).
const staff = { middleware: onlyRole('pharmacist', 'manager', 'operator'), security: [{ bearerAuth: [] }], tags: ['pharmacy orders'] };
const courier = { middleware: onlyRole('courier'), security: [{ bearerAuth: [] }], tags: ['courier'] };
const customer = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['orders'] };

const Place = z.object({ lat: z.number(), lng: z.number() });
const CourierDto = z.object({ id: z.string(), name: z.string() }).openapi('Courier');
const CourierDeliveryDto = z
  .object({
    order_id: z.string(),
    order_number: z.string(),
    state: z.enum(['assigned', 'running']),
    pharmacy: z.object({ name: z.string(), street: z.string(), house_number: z.string(), postal_code: z.string(), city: z.string(), phone: z.string(), lat: z.number(), lng: z.number() }),
    destination: Place,
    address: z
      .object({ street_address: z.string(), house_number: z.string(), room: z.string().nullable(), postal_code: z.string(), locality: z.string(), note: z.string().nullable() })
      .nullable(),
    customer_name: z.string().nullable(),
    phone: z.string().nullable(),
    delivery_window: z.object({ start: z.string(), end: z.string() }).nullable(),
    assigned_at: z.string(),
    started_at: z.string().nullable(),
  })
  .openapi('CourierDelivery');
const HandoverBody = z.object({ courier_id: z.string().min(1).max(100) });
const PositionBody = z.object({
  lat: z.number().min(-90).max(90).openapi({ example: 52.5219 }),
  lng: z.number().min(-180).max(180).openapi({ example: 13.4132 }),
  accuracy: z.number().min(0).optional().openapi({ description: 'Metres, as the device reports it (not stored).' }),
});
const DeliveredBody = z.object({ received_by: z.enum(RECEIVERS).openapi({ description: 'customer, or another adult at the address (never a neighbour: medicines).' }) });
const CoordinatesDto = z
  .object({
    courier: z.object({ lat: z.number(), lng: z.number(), at: z.string() }).nullable().openapi({ description: "The courier's last position and its time; null until the courier has started and sent one." }),
    pharmacy: Place,
    destination: Place,
    path: z.array(Place),
  })
  .openapi('DeliveryCoordinates');
const SlotDto = z.object({
  start: z.string().openapi({ description: 'ISO instant; send it as slot_start to choose the window.' }),
  end: z.string(),
  date: z.string().openapi({ description: 'Berlin calendar date (YYYY-MM-DD).' }),
  from: z.string().openapi({ example: '14:00' }),
  to: z.string().openapi({ example: '15:00' }),
});
const MissedDeliveryDto = z
  .object({
    order_id: z.string(),
    state: z.enum(MISSED_DELIVERY_STATES).openapi({
      description: 'none: not missed (or on its way again); open: back at the pharmacy after nobody home, waiting for the customer to choose; courier: a new window is chosen; pickup: waiting at the counter.',
    }),
    missed_at: z.string().nullable(),
    options: z.object({ slots: z.array(SlotDto), pickup: z.boolean() }).nullable().openapi({ description: 'open only: the courier windows of today and tomorrow still offered, and whether pickup is possible.' }),
    slot: SlotDto.nullable().openapi({ description: 'courier: the new window.' }),
    pickup_code: z.string().nullable().openapi({ description: 'pickup: the code to show at the counter (the order number).' }),
    rebooked_at: z.string().nullable(),
  })
  .openapi('MissedDelivery');
const RebookBody = z
  .object({
    method: z.enum(REBOOKINGS).openapi({ description: 'courier: a new delivery window (slot_start required); pickup: collect at the pharmacy.' }),
    slot_start: z.string().max(40).optional().openapi({ description: 'courier: the start of one of options.slots.' }),
  })
  .openapi('MissedDeliveryChoice');
const OrderParam = z.object({ orderId: z.string().min(1).max(100).openapi({ param: { name: 'orderId', in: 'path' } }) });
const jsonBody = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

const couriersRoute = createRoute({
  ...staff,
  method: 'get',
  path: '/v1/pharmacy/couriers',
  summary: "The couriers of the pharmacy's city, to hand a packed courier order to",
  description: 'Operators name the pharmacy (`?pharmacy=`); without one they get no couriers, as couriers belong to a city.',
  request: { query: z.object({ pharmacy: z.string().max(100).optional() }) },
  responses: { 200: json(z.object({ couriers: z.array(CourierDto) }), 'Couriers'), ...errorEntries(...ERRORS) },
});
const handoverRoute = createRoute({
  ...staff,
  method: 'post',
  path: '/v1/pharmacy/orders/{id}/handover',
  summary: 'Hand a packed courier order to a courier: the order is in transit and appears in the courier app',
  description: "COURIER_NOT_AVAILABLE (400) for a courier not of the pharmacy's city; INVALID_ORDER_TRANSITION (409) unless packed for courier delivery; ORDER_NOT_FOUND (404) for another pharmacy's order.",
  request: { params: OrderIdParam, ...jsonBody(HandoverBody) },
  responses: { 200: json(PharmacyOrderDto, 'The order after the handover'), ...errorEntries(...ERRORS) },
});
const deliveriesRoute = createRoute({
  ...courier,
  method: 'get',
  path: '/v1/courier/deliveries',
  summary: "The courier's open deliveries (handed over or running), oldest first",
  responses: { 200: json(z.object({ deliveries: z.array(CourierDeliveryDto) }), 'Deliveries'), ...errorEntries(...ERRORS) },
});
const courierStep = (step: 'start' | 'nobody-home', summary: string) =>
  createRoute({
    ...courier,
    method: 'post',
    path: `/v1/courier/deliveries/{orderId}/${step}`,
    summary,
    description: 'DELIVERY_NOT_FOUND (404) for a delivery that is not the courier\'s (or not open/running).',
    request: { params: OrderParam },
    responses: { 200: json(z.object({ order_id: z.string(), state: z.string() }), 'Done'), ...errorEntries(...ERRORS) },
  });
const startRoute = courierStep('start', '"Start delivery": the courier rides and shares positions from now on');
const nobodyHomeRoute = courierStep('nobody-home', '"Nobody home": the parcel goes back to the pharmacy; the customer is told in their language and offered a new time or pickup');
const positionRoute = createRoute({
  ...courier,
  method: 'post',
  path: '/v1/courier/deliveries/{orderId}/positions',
  summary: "The courier's position during a running delivery (every few seconds)",
  description: 'INVALID_COORDINATES (400); DELIVERY_NOT_FOUND (404) when the delivery is not the courier\'s or not running.',
  request: { params: OrderParam, ...jsonBody(PositionBody) },
  responses: { 200: json(z.object({ at: z.string() }), 'Recorded'), ...errorEntries(...ERRORS) },
});
const deliveredRoute = createRoute({
  ...courier,
  method: 'post',
  path: '/v1/courier/deliveries/{orderId}/delivered',
  summary: '"Delivered": handed over at the door, recording who received it; position sharing ends',
  request: { params: OrderParam, ...jsonBody(DeliveredBody) },
  responses: { 200: json(z.object({ order_id: z.string(), state: z.string() }), 'Delivered'), ...errorEntries(...ERRORS) },
});
const coordinatesRoute = createRoute({
  ...customer,
  method: 'get',
  path: '/v1/user/orders/{id}/delivery-coordinates',
  summary: "Where the courier is (§7): the last position with its time, the pharmacy's and the destination's coordinates",
  description: 'Only the order\'s customer, only while the order is in transit with a courier: ORDER_NOT_FOUND (404) otherwise.',
  request: { params: OrderIdParam },
  responses: { 200: json(CoordinatesDto, 'Coordinates'), ...errorEntries(...ERRORS) },
});

const missedDeliveryRoute = createRoute({
  ...customer,
  method: 'get',
  path: '/v1/user/orders/{id}/missed-delivery',
  summary: 'After "nobody home": where the order stands and, while the customer can still choose, the new delivery windows and pickup on offer',
  description: "ORDER_NOT_FOUND (404) for another customer's order.",
  request: { params: OrderIdParam },
  responses: { 200: json(MissedDeliveryDto, 'The missed delivery'), ...errorEntries(...ERRORS) },
});
const rebookRoute = createRoute({
  ...customer,
  method: 'post',
  path: '/v1/user/orders/{id}/missed-delivery',
  summary: 'After "nobody home": the customer chooses a new delivery window or pickup at the pharmacy; the pharmacy\'s board and the order page follow live',
  description:
    "ORDER_NOT_FOUND (404) for another customer's order; DELIVERY_NOT_MISSED (409) unless the order is back at the pharmacy after nobody home and nothing was chosen yet; DELIVERY_SLOT_UNAVAILABLE (409) for a window not (or no longer) offered; DELIVERY_TIME_REQUIRED (400) for courier without slot_start.",
  request: { params: OrderIdParam, ...jsonBody(RebookBody) },
  responses: { 200: json(MissedDeliveryDto, 'The choice, as the pharmacy now sees it'), ...errorEntries(...ERRORS) },
});

const mapConfigRoute = createRoute({
  method: 'get',
  path: '/v1/map-config',
  tags: ['orders'],
  summary: 'The tracking map\'s tile server (MAP_TILE_URL, MAP_TILE_ATTRIBUTION); null: no street map, markers on a plain background',
  responses: { 200: json(z.object({ tile_url: z.string().nullable(), attribution: z.string().nullable() }).openapi('MapConfig'), 'Map configuration'), ...errorEntries(503) },
});

export interface DeliveryRoutesOptions extends OrdersDepsOverrides {
  clock: Clock;
  delivery?: Partial<DeliveryDeps>;
}

/** Mounts the delivery API; orders' dependencies (mailer, gateway) are the same the order routes use. */
export function registerDeliveryRoutes(app: ApiApp, options: DeliveryRoutesOptions) {
  const ordersDeps: OrdersDeps = resolveOrdersDeps(options.clock, options);
  const deps: DeliveryDeps = { ...defaultDeliveryDeps(), ...options.delivery };
  const context = <P extends string, I extends Input>(c: Context<AuthEnv, P, I>): OrdersContext => ({ db: c.var.ctx.db, clock: c.var.ctx.clock, locale: c.var.locale, deps: ordersDeps });
  const fail = <P extends string, I extends Input>(c: Context<AuthEnv, P, I>, failure: OrderFailure) => {
    c.header('Cache-Control', 'no-store');
    return c.json(errorBody(failure.code, c.var.locale, failure), failure.status as 400 | 403 | 404 | 409 | 503);
  };

  app.openapi(mapConfigRoute, (c) => {
    const tiles = mapTilesFromEnv(options.env ?? process.env);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ tile_url: tiles?.url ?? null, attribution: tiles?.attribution ?? null }, 200);
  });

  app.openapi(couriersRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const pharmacy = await staffPharmacy(context(c), c.var.auth.userId, c.req.valid('query').pharmacy);
    if (!pharmacy.ok) return fail(c, pharmacy);
    return c.json({ couriers: pharmacy.value === 'all' ? [] : await couriersForPharmacy(c.var.ctx.db, pharmacy.value) }, 200);
  });

  app.openapi(handoverRoute, async (c) => {
    const ctx = context(c);
    const pharmacy = await staffPharmacy(ctx, c.var.auth.userId);
    if (!pharmacy.ok) return fail(c, pharmacy);
    const orderId = c.req.valid('param').id;
    // An operator works every pharmacy: the order's own pharmacy hands it over.
    const pharmacyId = pharmacy.value === 'all' ? (await findOrder(ctx.db, orderId, { anyPharmacy: true }))?.pharmacyId : pharmacy.value;
    if (!pharmacyId) return fail(c, refuseOrder(404, 'ORDER_NOT_FOUND'));
    const result = await handOverToCourier(ctx, deps, { pharmacyId, staffId: c.var.auth.userId, orderId, courierId: c.req.valid('json').courier_id });
    if (!result.ok) return fail(c, result);
    const answer = await getForPharmacy(ctx, pharmacyId, orderId);
    c.header('Cache-Control', 'no-store');
    return answer.ok ? c.json(answer.value, 200) : fail(c, answer);
  });

  app.openapi(deliveriesRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await courierDeliveries(context(c), c.var.auth.userId);
    return result.ok ? c.json({ deliveries: result.value }, 200) : fail(c, result);
  });

  app.openapi(startRoute, async (c) => {
    const orderId = c.req.valid('param').orderId;
    const result = await startDelivery(context(c), c.var.auth.userId, orderId);
    return result.ok ? c.json({ order_id: orderId, state: result.value.state }, 200) : fail(c, result);
  });

  app.openapi(
    positionRoute,
    async (c) => {
      const body = c.req.valid('json');
      const result = await recordPosition(context(c), c.var.auth.userId, c.req.valid('param').orderId, { lat: body.lat, lng: body.lng });
      return result.ok ? c.json(result.value, 200) : fail(c, result);
    },
    // Any malformed position (missing, out of range, not a number) is one clear code.
    (result, c) => (result.success ? undefined : c.json(errorBody('INVALID_COORDINATES', c.var.locale), 400)),
  );

  app.openapi(deliveredRoute, async (c) => {
    const orderId = c.req.valid('param').orderId;
    const result = await completeDelivery(context(c), c.var.auth.userId, orderId, c.req.valid('json').received_by);
    return result.ok ? c.json({ order_id: orderId, state: 'delivered' }, 200) : fail(c, result);
  });

  app.openapi(nobodyHomeRoute, async (c) => {
    const orderId = c.req.valid('param').orderId;
    const result = await nobodyHome(context(c), c.var.auth.userId, orderId);
    return result.ok ? c.json({ order_id: orderId, state: 'returned' }, 200) : fail(c, result);
  });

  app.openapi(missedDeliveryRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await missedDeliveryFor(context(c), c.var.auth.userId, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : fail(c, result);
  });

  app.openapi(rebookRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const body = c.req.valid('json');
    if (body.method === 'courier' && !body.slot_start) return fail(c, refuseOrder(400, 'DELIVERY_TIME_REQUIRED'));
    const choice = body.method === 'courier' ? { method: 'courier' as const, slotStart: body.slot_start ?? '' } : { method: 'pickup' as const };
    const result = await rebookMissedDelivery(context(c), c.var.auth.userId, c.req.valid('param').id, choice);
    return result.ok ? c.json(result.value, 200) : fail(c, result);
  });

  app.openapi(coordinatesRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const result = await coordinatesForCustomer(context(c), c.var.auth.userId, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : fail(c, result);
  });
}
