import { createRoute } from '@hono/zod-openapi';
import type { Context, Input, MiddlewareHandler } from 'hono';
import { requireAuth, requireRole, type AuthEnv } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, json } from '../../../platform/http/openapi';
import type { OrdersDeps } from './deps';
import { OrderIdParam, PharmacyOrderDto, PharmacyOrderListDto, PharmacyOrdersQuery, RefundBody, RejectBody, type PharmacistEvent } from './dto';
import { errorJsonAuth, failureJson, guarded, noStore, ordersContext } from './http';
import { applyOrderEvent, refundPart, type EventRequest } from './lifecycle';
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

const refundRouteDef = createRoute({
  ...staff,
  method: 'post',
  path: `${BASE}/{id}/refund`,
  summary: 'Refund an accepted order with a reason: all of it (the order is refunded, the customer is told by e-mail) or, with amount_cents, a part (the order stays as it is)',
  description:
    'From paid, packed, in_transit or delivered. Before the goods left the pharmacy (paid, packed) they go back into stock; before delivery the coupon use ' +
    'and the credit are given back too, after delivery (a return) the coupon stays used. MISSING_PARAMS (400) without a reason; INVALID_ORDER_TRANSITION ' +
    '(409) before acceptance (reject the offer instead) or once refunded or closed; PAYMENT_UNAVAILABLE (503): nothing changed, try again.',
  request: { params: OrderIdParam, body: { content: { 'application/json': { schema: RefundBody } }, required: true } },
  responses: { 200: json(PharmacyOrderDto, 'The refunded order'), ...errorEntries(...ACTION_ERRORS) },
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

  /** One staff step on one of the pharmacy's orders, answered with the order as staff see it after it. */
  async function act<P extends string, I extends Input>(c: Context<AuthEnv, P, I>, orderId: string, step: Pick<EventRequest, 'event' | 'reason' | 'rejectedBy'>) {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const pharmacy = await staffPharmacy(ctx, c.var.auth.userId);
    if (!pharmacy.ok) return failureJson(c, pharmacy);
    const result = await guarded(
      () => applyOrderEvent(ctx, { orderId, scope: { pharmacyId: pharmacy.value }, actor: 'pharmacist', actorId: c.var.auth.userId, ...step }),
      () => null,
      `order ${step.event}`,
    );
    if (!result) return errorJsonAuth(c, 503, 'SERVICE_UNAVAILABLE');
    if (!result.ok) return failureJson(c, result);
    const answer = await getForPharmacy(ctx, pharmacy.value, orderId);
    return answer.ok ? c.json(answer.value, 200) : failureJson(c, answer);
  }

  for (const { event, route } of ACTIONS) {
    app.openapi(route, (c) => act(c, c.req.valid('param').id, { event }));
  }
  app.openapi(rejectRouteDef, (c) => act(c, c.req.valid('param').id, { event: 'reject', reason: c.req.valid('json').reason, rejectedBy: 'pharmacy' }));
  app.openapi(refundRouteDef, async (c) => {
    const orderId = c.req.valid('param').id;
    const { reason, amount_cents: amount } = c.req.valid('json');
    if (amount !== undefined) {
      noStore(c);
      const ctx = ordersContext(c, deps);
      const pharmacy = await staffPharmacy(ctx, c.var.auth.userId);
      if (!pharmacy.ok) return failureJson(c, pharmacy);
      const part = await guarded(() => refundPart(ctx, { orderId, scope: { pharmacyId: pharmacy.value }, amountCents: amount }), () => null, 'order partial refund');
      if (!part) return errorJsonAuth(c, 503, 'SERVICE_UNAVAILABLE');
      if (!part.ok) return failureJson(c, part);
      if (part.value === 'partial') {
        const answer = await getForPharmacy(ctx, pharmacy.value, orderId);
        return answer.ok ? c.json(answer.value, 200) : failureJson(c, answer);
      }
    }
    return act(c, orderId, { event: 'refund', reason });
  });
}
