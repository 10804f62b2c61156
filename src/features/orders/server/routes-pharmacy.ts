import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { requireAuth, requireRole, type AuthEnv } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, json } from '../../../platform/http/openapi';
import type { OrdersDeps } from './deps';
import { OrderIdParam, PharmacyOrderDto, PharmacyOrderListDto, PharmacyOrdersQuery, RejectBody, type PharmacistEvent } from './dto';
import { errorJsonAuth, failureJson, guarded, noStore, ordersContext } from './http';
import { applyOrderEvent } from './lifecycle';
import { getForPharmacy, listForPharmacy, parseStatuses, staffPharmacy } from './read-service';

/*
 * Pharmacy staff (role pharmacist) work the orders of THEIR pharmacy only: another pharmacy's
 * order does not exist for them (404), exactly like another customer's order for a customer.
 */

const BASE = '/v1/pharmacy/orders';
const signedIn = requireAuth();
const pharmacist = requireRole('pharmacist');
/** requireAuth then requireRole('pharmacist') as one middleware, so the handlers see the auth context's type. */
const staffOnly: MiddlewareHandler<AuthEnv> = (c, next) =>
  signedIn(c, async () => {
    const refused = await pharmacist(c, next);
    if (refused) c.res = refused;
  });
const staff = { middleware: staffOnly, security: [{ bearerAuth: [] }], tags: ['pharmacy orders'] };
const ACTION_ERRORS = [400, 401, 402, 403, 404, 409, 422, 503] as const;

const listRouteDef = createRoute({
  ...staff,
  method: 'get',
  path: BASE,
  summary: "The pharmacy's orders, oldest first (status=pending for the incoming offers)",
  description: 'Offers the pharmacy did not answer in time are released before the list is read. FORBIDDEN (403) for anyone but pharmacy staff.',
  request: { query: PharmacyOrdersQuery },
  responses: { 200: json(PharmacyOrderListDto, 'Orders with customer contact, safety answers, next actions and history'), ...errorEntries(...ACTION_ERRORS) },
});

const getRouteDef = createRoute({
  ...staff,
  method: 'get',
  path: `${BASE}/{id}`,
  summary: 'One order of the pharmacy',
  request: { params: OrderIdParam },
  responses: { 200: json(PharmacyOrderDto, 'The order'), ...errorEntries(...ACTION_ERRORS) },
});

function actionRoute(event: Exclude<PharmacistEvent, 'reject'>, summary: string, description: string) {
  return createRoute({
    ...staff,
    method: 'post',
    path: `${BASE}/{id}/${event}`,
    summary,
    description: `${description} INVALID_ORDER_TRANSITION (409) when the order is not in a state that allows it; ORDER_NOT_FOUND (404) for another pharmacy's order.`,
    request: { params: OrderIdParam },
    responses: { 200: json(PharmacyOrderDto, 'The order after the change'), ...errorEntries(...ACTION_ERRORS) },
  });
}

const rejectRouteDef = createRoute({
  ...staff,
  method: 'post',
  path: `${BASE}/{id}/reject`,
  summary: 'Reject an offer with a reason: the full amount (items, fee, tip) is released, stock, coupon and credit are given back, the customer is told by e-mail',
  description: "MISSING_PARAMS (400) without a reason; INVALID_ORDER_TRANSITION (409) once accepted; PAYMENT_UNAVAILABLE (503): nothing changed, try again.",
  request: { params: OrderIdParam, body: { content: { 'application/json': { schema: RejectBody } }, required: true } },
  responses: { 200: json(PharmacyOrderDto, 'The rejected order'), ...errorEntries(...ACTION_ERRORS) },
});

const ACTIONS = [
  { event: 'accept', route: actionRoute('accept', 'Accept an offer: the payment is captured and the order is paid', 'PAYMENT_FAILED (402) or PAYMENT_UNAVAILABLE (503) if the capture fails: nothing changed.') },
  { event: 'pack', route: actionRoute('pack', 'Checked by the pharmacist and packed', '') },
  { event: 'pickup', route: actionRoute('pickup', 'Handed to the courier or parcel service (in transit)', 'Not for self-pickup orders.') },
  { event: 'deliver', route: actionRoute('deliver', 'Delivered at the door, or handed over at the counter (self-pickup, from packed)', 'A referral order credits its referrer once.') },
] as const;

export function registerPharmacyOrderRoutes(app: ApiApp, deps: OrdersDeps) {
  app.openapi(listRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const pharmacy = await staffPharmacy(ctx, c.var.auth.userId);
    if (!pharmacy.ok) return failureJson(c, pharmacy);
    const query = c.req.valid('query');
    const statuses = parseStatuses(query.status);
    if (statuses === 'invalid') return errorJsonAuth(c, 400, 'BAD_REQUEST');
    return c.json({ orders: await listForPharmacy(ctx, pharmacy.value, statuses, query.limit ?? 100) }, 200);
  });

  app.openapi(getRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const pharmacy = await staffPharmacy(ctx, c.var.auth.userId);
    if (!pharmacy.ok) return failureJson(c, pharmacy);
    const result = await getForPharmacy(ctx, pharmacy.value, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  for (const { event, route } of ACTIONS) {
    app.openapi(route, async (c) => {
      noStore(c);
      const ctx = ordersContext(c, deps);
      const pharmacy = await staffPharmacy(ctx, c.var.auth.userId);
      if (!pharmacy.ok) return failureJson(c, pharmacy);
      const orderId = c.req.valid('param').id;
      const result = await guarded(
        () => applyOrderEvent(ctx, { orderId, scope: { pharmacyId: pharmacy.value }, event, actor: 'pharmacist', actorId: c.var.auth.userId }),
        () => null,
        `order ${event}`,
      );
      if (!result) return errorJsonAuth(c, 503, 'SERVICE_UNAVAILABLE');
      if (!result.ok) return failureJson(c, result);
      const answer = await getForPharmacy(ctx, pharmacy.value, orderId);
      return answer.ok ? c.json(answer.value, 200) : failureJson(c, answer);
    });
  }

  app.openapi(rejectRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const pharmacy = await staffPharmacy(ctx, c.var.auth.userId);
    if (!pharmacy.ok) return failureJson(c, pharmacy);
    const orderId = c.req.valid('param').id;
    const { reason } = c.req.valid('json');
    const result = await guarded(
      () => applyOrderEvent(ctx, { orderId, scope: { pharmacyId: pharmacy.value }, event: 'reject', actor: 'pharmacist', actorId: c.var.auth.userId, reason, rejectedBy: 'pharmacy' }),
      () => null,
      'order reject',
    );
    if (!result) return errorJsonAuth(c, 503, 'SERVICE_UNAVAILABLE');
    if (!result.ok) return failureJson(c, result);
    const answer = await getForPharmacy(ctx, pharmacy.value, orderId);
    return answer.ok ? c.json(answer.value, 200) : failureJson(c, answer);
  });
}
