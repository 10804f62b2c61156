import { createRoute, z } from '@hono/zod-openapi';
import type { Context, Input, MiddlewareHandler } from 'hono';
import { requireAuth, requireRole, type AuthEnv } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, json } from '../../../platform/http/openapi';
import type { OrdersDeps } from './deps';
import { OrderIdParam, PharmacyOrderDto, PharmacyOrderListDto, PharmacyOrdersQuery, PickupBody, RefundBody, RejectBody, RejectLineBody, RejectLineParam, type PharmacistEvent } from './dto';
import { errorJsonAuth, failureJson, guarded, noStore, ordersContext } from './http';
import { applyOrderEvent, type EventRequest } from './lifecycle';
import { PACK_DOCUMENTS, packDocumentOf } from './pack-documents';
import { getForPharmacy, listForPharmacy, parseStatuses, staffOrderScope, staffPharmacy } from './read-service';

/*
 * Pharmacy staff (role pharmacist) work the orders of THEIR pharmacy only: another pharmacy's
 * order does not exist for them (404), exactly like another customer's order for a customer.
 */

const BASE = '/v1/pharmacy/orders';
const signedIn = requireAuth();
const pharmacist = requireRole('pharmacist', 'manager', 'operator');
/** requireAuth then requireRole(staff roles) as one middleware, so the handlers see the auth context's type. */
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

function actionRoute(event: Exclude<PharmacistEvent, 'reject' | 'pickup'>, summary: string, description: string) {
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
  summary: 'Refund an accepted order, whole or single lines, with a reason: the money goes back to the card, the customer is told by e-mail',
  description:
    'From paid, packed, in_transit or delivered. Before the goods left the pharmacy (paid, packed) they go back into stock; before delivery the coupon use ' +
    'and the credit are given back too, after delivery (a return) the coupon stays used. MISSING_PARAMS (400) without a reason; INVALID_ORDER_TRANSITION ' +
    '(409) before acceptance (reject the offer instead) or once refunded or closed; PAYMENT_UNAVAILABLE (503): nothing changed, try again. ' +
    'With `lines`, only those units are refunded (their price after the coupon share, up to what the card paid), go back into stock before the goods left, ' +
    'and the order goes on; REFUND_INVALID (400) for unknown lines or more units than are left.',
  request: { params: OrderIdParam, body: { content: { 'application/json': { schema: RefundBody } }, required: true } },
  responses: { 200: json(PharmacyOrderDto, 'The refunded order'), ...errorEntries(...ACTION_ERRORS) },
});

const pickupRouteDef = createRoute({
  ...staff,
  method: 'post',
  path: `${BASE}/{id}/pickup`,
  summary: 'Handed to the courier or parcel service (in transit)',
  description:
    "Not for self-pickup orders. Parcel orders need the parcel service's tracking number (TRACKING_NUMBER_REQUIRED, 400). INVALID_ORDER_TRANSITION (409) when the order is not packed; ORDER_NOT_FOUND (404) for another pharmacy's order.",
  request: { params: OrderIdParam, body: { content: { 'application/json': { schema: PickupBody } }, required: false } },
  responses: { 200: json(PharmacyOrderDto, 'The order after the change'), ...errorEntries(...ACTION_ERRORS) },
});

const rejectLineRouteDef = createRoute({
  ...staff,
  method: 'post',
  path: `${BASE}/{id}/lines/{position}/reject`,
  summary: 'Do not dispense one prescription line, with a reason: its share is not charged, the customer reads the reason on the order page',
  description:
    'Accepted orders before dispensing. When none of the prescription’s lines is left, it is given back to the prescription system (the customer can redeem it elsewhere). ' +
    "PRESCRIPTION_LINE_NOT_FOUND (404) for a position that is no prescription line; ORDER_NOT_FOUND (404) for another pharmacy's order; INVALID_ORDER_TRANSITION (409) once dispensed; " +
    'PRESCRIPTION_SERVICE_UNAVAILABLE (503): nothing changed, try again.',
  request: { params: RejectLineParam, body: { content: { 'application/json': { schema: RejectLineBody } }, required: true } },
  responses: { 200: json(PharmacyOrderDto, 'The order after the change'), ...errorEntries(...ACTION_ERRORS) },
});

const documentRouteDef = createRoute({
  ...staff,
  method: 'get',
  path: `${BASE}/{id}/documents/{document}`,
  summary: "The picking list or the delivery note of an accepted order as a PDF, in the staff member's language",
  description:
    'picking-list: items with PZN and quantity and a box to tick; delivery-note: recipient, address, the note for the courier (or the pickup code for self-pickup) and the items. ' +
    "ORDER_NOT_FOUND (404) for another pharmacy's order; INVALID_ORDER_TRANSITION (409) for an offer not accepted yet.",
  request: { params: OrderIdParam.extend({ document: z.enum(PACK_DOCUMENTS).openapi({ param: { name: 'document', in: 'path' } }) }) },
  responses: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorEntries(...ACTION_ERRORS) },
});

const ACTIONS = [
  { event: 'accept', route: actionRoute('accept', 'Accept an offer: the payment is captured and the order is paid', 'PAYMENT_FAILED (402) or PAYMENT_UNAVAILABLE (503) if the capture fails: nothing changed.') },
  {
    event: 'dispense',
    route: actionRoute(
      'dispense',
      "Dispense the order's prescription lines (E-Rezept): reported to the prescription system, then the payment is captured (without rejected lines' share)",
      'Accepted orders with prescription lines, once; packing needs it (DISPENSE_REQUIRED, 409). PRESCRIPTION_SERVICE_UNAVAILABLE or PAYMENT_UNAVAILABLE (503): nothing changed, try again.',
    ),
  },
  { event: 'check', route: actionRoute('check', 'The pharmaceutical check is done (a step of its own before packing; the status stays paid)', '') },
  { event: 'pack', route: actionRoute('pack', 'Packed (after the pharmaceutical check: CHECK_REQUIRED, 409, before it)', '') },
  { event: 'deliver', route: actionRoute('deliver', 'Delivered at the door, or handed over at the counter (self-pickup, from packed)', 'A referral order credits its referrer once.') },
] as const;

export function registerPharmacyOrderRoutes(app: ApiApp, deps: OrdersDeps) {
  app.openapi(listRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const query = c.req.valid('query');
    const pharmacy = await staffPharmacy(ctx, c.var.auth.userId, query.pharmacy);
    if (!pharmacy.ok) return failureJson(c, pharmacy);
    const statuses = parseStatuses(query.status);
    if (statuses === 'invalid') return errorJsonAuth(c, 400, 'BAD_REQUEST');
    return c.json({ orders: await listForPharmacy(ctx, pharmacy.value, statuses, query.limit ?? 100), now: ctx.clock.now().toISOString() }, 200);
  });

  app.openapi(getRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const pharmacy = await staffPharmacy(ctx, c.var.auth.userId);
    if (!pharmacy.ok) return failureJson(c, pharmacy);
    const result = await getForPharmacy(ctx, pharmacy.value, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  app.openapi(documentRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const pharmacy = await staffPharmacy(ctx, c.var.auth.userId);
    if (!pharmacy.ok) return failureJson(c, pharmacy);
    const { id, document } = c.req.valid('param');
    const result = await packDocumentOf(ctx, pharmacy.value, id, document);
    if (!result.ok) return failureJson(c, result);
    return c.body(result.value.pdf, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${result.value.fileName}"` }) as never;
  });

  /** One staff step on one of the pharmacy's orders, answered with the order as staff see it after it. */
  async function act<P extends string, I extends Input>(
    c: Context<AuthEnv, P, I>,
    orderId: string,
    step: Pick<EventRequest, 'event' | 'reason' | 'rejectedBy' | 'trackingNumber' | 'refundLines' | 'linePosition'>,
  ) {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const pharmacy = await staffPharmacy(ctx, c.var.auth.userId);
    if (!pharmacy.ok) return failureJson(c, pharmacy);
    const result = await guarded(
      () => applyOrderEvent(ctx, { orderId, scope: staffOrderScope(pharmacy.value), actor: 'pharmacist', actorId: c.var.auth.userId, ...step }),
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
  app.openapi(rejectLineRouteDef, (c) => {
    const { id, position } = c.req.valid('param');
    return act(c, id, { event: 'reject_line', reason: c.req.valid('json').reason, linePosition: position });
  });
  app.openapi(rejectRouteDef, (c) => act(c, c.req.valid('param').id, { event: 'reject', reason: c.req.valid('json').reason, rejectedBy: 'pharmacy' }));
  app.openapi(pickupRouteDef, async (c) => {
    // The body is optional: a courier handover sends none.
    const body = (await c.req.json().catch(() => ({}))) as { tracking_number?: unknown };
    const trackingNumber = typeof body.tracking_number === 'string' ? body.tracking_number.slice(0, 64) : null;
    return act(c, c.req.valid('param').id, { event: 'pickup', trackingNumber });
  });
  app.openapi(refundRouteDef, (c) => {
    const body = c.req.valid('json');
    return body.lines ? act(c, c.req.valid('param').id, { event: 'refund_lines', reason: body.reason, refundLines: body.lines }) : act(c, c.req.valid('param').id, { event: 'refund', reason: body.reason });
  });
}
