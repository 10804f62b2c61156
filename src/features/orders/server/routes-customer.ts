import { createRoute } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, json } from '../../../platform/http/openapi';
import type { OrdersDeps } from './deps';
import { createDraft, updateDraft } from './draft-service';
import { CreatePaymentIntentBody, CustomerOrdersQuery, IdempotencyHeader, OrderDraftBody, OrderDto, OrderIdParam, OrderListDto, OrderNumberParam, OrderStatusDto, PaymentIntentDto, PaymentOptionsDto, PlaceOrderBody } from './dto';
import { createPaymentIntent, paymentOptions } from './payment-service';
import { errorJsonAuth, failureJson, guarded, noStore, ordersContext } from './http';
import { applyOrderEvent } from './lifecycle';
import { placeOrder } from './place-service';
import { countOrders, getOrder, getOrderByNumber, getOrderStatus, listOrders } from './read-service';

const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['orders'] };
const jsonBody = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const ALL_ERRORS = [400, 401, 402, 403, 404, 409, 422, 503] as const;

const DRAFT_NOTE =
  'The answer is the draft with the server\'s quote: lines re-priced from the catalogue and checked against the pharmacy\'s stock (the cart is reconciled first, ' +
  'changes come back in `warnings`), totals in cents, delivery_options for the pharmacy at this moment, the coupon\'s verdict and `issues`: everything that still ' +
  'blocks placement (DELIVERY_TIME_REQUIRED, PHARMACY_CLOSED, CONSENT_REQUIRED, PHONE_REQUIRED, SAFETY_ANSWERS_REQUIRED, ADDRESS_REQUIRED, OUTSIDE_DELIVERY_AREA, ' +
  'SOLD_OUT, STOCK_INSUFFICIENT, coupon codes, WALLET_INSUFFICIENT, CART_EMPTY, PHARMACY_REQUIRED…). Refused: NOT_FOUND (404) for a pharmacy or address that is ' +
  'not the customer\'s, INVALID_PHONE_NUMBER (422), MISSING_PARAMS/BAD_REQUEST (400).';

const createRouteDef = createRoute({
  ...secured,
  method: 'post',
  path: '/v2/user/orders',
  summary: 'Create a draft order from the cart, or continue the open one (spec §4: without an id the order is created)',
  description:
    'A customer has one open draft: while it has not lapsed, this continues it with the given changes (absent fields keep their answers; a body with only `meta` reads it), ' +
    'so a reload, a second tab or another device shows every answer. A new draft takes the phone of the last order when the account has none. ' +
    DRAFT_NOTE,
  request: jsonBody(OrderDraftBody),
  responses: { 201: json(OrderDto, 'The open draft (new or continued) with its quote'), ...errorEntries(...ALL_ERRORS) },
});

const updateRouteDef = createRoute({
  ...secured,
  method: 'put',
  path: '/v2/user/orders/{id}',
  summary: 'Update a draft order (spec §4: with an id the order is updated)',
  description: `${DRAFT_NOTE} ORDER_NOT_FOUND (404) for another customer's order; INVALID_ORDER_TRANSITION (409) once placed or lapsed.`,
  request: { params: OrderIdParam, ...jsonBody(OrderDraftBody) },
  responses: { 200: json(OrderDto, 'The draft with its quote'), ...errorEntries(...ALL_ERRORS) },
});

const placeRouteDef = createRoute({
  ...secured,
  method: 'post',
  path: '/v2/user/orders/{id}/place',
  summary: 'Order and pay: place the draft as an offer to the pharmacy',
  description:
    'Needs a PaymentIntent (payment_intent_id) the customer confirmed in the provider\'s hosted fields or pages, holding exactly the amount due ' +
    '(charged only when the pharmacy accepts). Re-checks everything in one transaction and reserves stock, coupon and credit; any refusal voids the hold. ' +
    'Success: the order with status `pending`, the cart emptied, an e-mail "order received". The same Idempotency-Key with the same body answers the stored ' +
    'result again (header Idempotent-Replayed: true) without a second order or charge; with another body IDEMPOTENCY_CONFLICT (409). A refused submission ' +
    'stores nothing, so its key may be sent again. Errors: the first blocking issue of the quote (422; SOLD_OUT/STOCK_INSUFFICIENT 409, the cart is then ' +
    'reduced to the stock), ORDER_TOTAL_CHANGED (409, expected_amount_cents or the hold differs), PAYMENT_METHOD_REQUIRED (422), ' +
    'PAYMENT_FAILED/PAYMENT_INSUFFICIENT_FUNDS/PAYMENT_AUTHENTICATION_FAILED/PAYMENT_CANCELLED/PAYMENT_NOT_AUTHORIZED/CARD_EXPIRED (402), ' +
    'PAYMENT_UNAVAILABLE (503), ORDER_NOT_FOUND (404), INVALID_ORDER_TRANSITION (409), ORDER_CREATE_FAILED (503: nothing was written or charged).',
  request: { params: OrderIdParam, headers: IdempotencyHeader, ...jsonBody(PlaceOrderBody) },
  responses: { 200: json(OrderDto, 'The placed order (status pending)'), ...errorEntries(...ALL_ERRORS) },
});

const paymentOptionsRouteDef = createRoute({
  ...secured,
  method: 'get',
  path: '/v2/user/orders/{id}/payment-options',
  summary: 'How this draft can be paid: the provider, its browser key or hosted-fields page, and the methods offered',
  request: { params: OrderIdParam },
  responses: { 200: json(PaymentOptionsDto, 'Payment options'), ...errorEntries(...ALL_ERRORS) },
});

const paymentIntentRouteDef = createRoute({
  ...secured,
  method: 'post',
  path: '/v2/user/orders/{id}/payment-intents',
  summary: "Start paying a draft: a PaymentIntent at the provider for exactly the amount due, held (capture_method manual) until the pharmacy accepts",
  description:
    "The browser confirms it in the provider's hosted fields (card data goes to the provider only), on its 3-D Secure or PayPal page, then places the " +
    'order with its id. The Idempotency-Key makes a retried call return the same intent. ORDER_TOTAL_CHANGED (409), CARD_NOT_FOUND (404) for an unknown ' +
    'saved card, INVALID_ORDER_TRANSITION (409) once placed or lapsed, PAYMENT_UNAVAILABLE (503).',
  request: { params: OrderIdParam, headers: IdempotencyHeader, ...jsonBody(CreatePaymentIntentBody) },
  responses: { 200: json(PaymentIntentDto, 'The PaymentIntent for the hosted fields'), ...errorEntries(...ALL_ERRORS) },
});

const cancelRouteDef = createRoute({
  ...secured,
  method: 'post',
  path: '/v2/user/orders/{id}/cancel',
  summary: 'Withdraw the order before the pharmacy has accepted it (status pending or awaiting_payment)',
  description:
    'The offer is cancelled: the card reservation is released in full (nothing is charged), stock, coupon use and credit go back, and the customer gets an ' +
    'e-mail in their language. Answers the cancelled order. ORDER_NOT_FOUND (404) for an unknown id or another customer\'s order; INVALID_ORDER_TRANSITION ' +
    '(409) once the pharmacy has accepted, rejected or the offer has ended otherwise; PAYMENT_UNAVAILABLE (503): nothing changed, try again.',
  request: { params: OrderIdParam },
  responses: { 200: json(OrderDto, 'The cancelled order'), ...errorEntries(...ALL_ERRORS) },
});

const listRouteDef = createRoute({
  ...secured,
  method: 'get',
  path: '/v1/user/orders',
  summary: "The customer's placed orders with status and creation time, newest first (archived ones on request), a page at a time",
  request: { query: CustomerOrdersQuery },
  responses: { 200: json(OrderListDto, 'Placed orders (drafts are not listed)'), ...errorEntries(...ALL_ERRORS) },
});

const getRouteDef = createRoute({
  ...secured,
  method: 'get',
  path: '/v1/user/orders/{id}',
  summary: 'One order (a draft comes with its live quote)',
  description: "ORDER_NOT_FOUND (404) for an unknown id or another customer's order.",
  request: { params: OrderIdParam },
  responses: { 200: json(OrderDto, 'The order'), ...errorEntries(...ALL_ERRORS) },
});

const byNumberRouteDef = createRoute({
  ...secured,
  method: 'get',
  path: '/v1/user/orders/orderId/{id}',
  summary: 'One order by its order number (e.g. AB7K-2Q4M; case and hyphen do not matter)',
  request: { params: OrderNumberParam },
  responses: { 200: json(OrderDto, 'The order'), ...errorEntries(...ALL_ERRORS) },
});

const statusRouteDef = createRoute({
  ...secured,
  method: 'get',
  path: '/v1/user/orders/{id}/status',
  summary: "An order's status, its label in both languages, purchase state and tracking stage (poll this on the confirmation page)",
  request: { params: OrderIdParam },
  responses: { 200: json(OrderStatusDto, 'The status'), ...errorEntries(...ALL_ERRORS) },
});

export function registerCustomerOrderRoutes(app: ApiApp, deps: OrdersDeps) {
  app.openapi(createRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const result = await guarded(() => createDraft(ctx, c.var.auth.userId, c.req.valid('json')), () => null, 'order draft');
    if (!result) return errorJsonAuth(c, 503, 'ORDER_CREATE_FAILED');
    return result.ok ? c.json(result.value, 201) : failureJson(c, result);
  });

  app.openapi(updateRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const result = await guarded(() => updateDraft(ctx, c.var.auth.userId, c.req.valid('param').id, c.req.valid('json')), () => null, 'order draft update');
    if (!result) return errorJsonAuth(c, 503, 'ORDER_CREATE_FAILED');
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  app.openapi(placeRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const key = c.req.valid('header')['idempotency-key'];
    const result = await guarded(() => placeOrder(ctx, c.var.auth.userId, c.req.valid('param').id, key, c.req.valid('json')), () => null, 'order placement');
    if (!result) return errorJsonAuth(c, 503, 'ORDER_CREATE_FAILED');
    if (!result.ok) return failureJson(c, result);
    if (result.value.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.value.order, 200);
  });

  app.openapi(paymentOptionsRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const result = await paymentOptions(ctx, c.var.auth.userId, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  app.openapi(paymentIntentRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const attempt = c.req.valid('header')['idempotency-key'];
    const result = await guarded(() => createPaymentIntent(ctx, c.var.auth.userId, c.req.valid('param').id, c.req.valid('json'), attempt), () => null, 'payment intent');
    if (!result) return errorJsonAuth(c, 503, 'PAYMENT_UNAVAILABLE');
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  app.openapi(cancelRouteDef, async (c) => {
    noStore(c);
    const ctx = ordersContext(c, deps);
    const userId = c.var.auth.userId;
    const orderId = c.req.valid('param').id;
    const result = await guarded(() => applyOrderEvent(ctx, { orderId, scope: { userId }, event: 'cancel', actor: 'customer', actorId: userId }), () => null, 'order cancel');
    if (!result) return errorJsonAuth(c, 503, 'SERVICE_UNAVAILABLE');
    if (!result.ok) return failureJson(c, result);
    const answer = await getOrder(ctx, userId, orderId);
    return answer.ok ? c.json(answer.value, 200) : failureJson(c, answer);
  });

  app.openapi(listRouteDef, async (c) => {
    noStore(c);
    const query = c.req.valid('query');
    const ctx = ordersContext(c, deps);
    const archived = query.archived === 'true';
    const offset = query.offset ?? 0;
    const orders = await listOrders(ctx, c.var.auth.userId, { limit: query.limit ?? 50, archived, offset });
    return c.json({ orders, total: await countOrders(ctx, c.var.auth.userId, archived), offset }, 200);
  });

  app.openapi(getRouteDef, async (c) => {
    noStore(c);
    const result = await getOrder(ordersContext(c, deps), c.var.auth.userId, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  app.openapi(byNumberRouteDef, async (c) => {
    noStore(c);
    const result = await getOrderByNumber(ordersContext(c, deps), c.var.auth.userId, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  app.openapi(statusRouteDef, async (c) => {
    noStore(c);
    const result = await getOrderStatus(ordersContext(c, deps), c.var.auth.userId, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });
}
