import { createRoute, z } from '@hono/zod-openapi';
import { requireAuth } from '../../../platform/auth';
import type { ApiApp } from '../../../platform/http/app';
import { errorEntries, json, orNull } from '../../../platform/http/openapi';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_MESSAGE_MAX } from '../model/feedback';
import { ORDER_STATUSES } from '../model/order-machine';
import type { OrdersDeps } from './deps';
import { orderDetails } from './details';
import { OrderIdParam, OrderSummaryDto } from './dto';
import { dismissRating, pendingFeedback, pharmacyRatings, rateOrder, sendFeedback } from './feedback';
import { errorJsonAuth, failureJson, guarded, noStore, ordersContext } from './http';
import { invoiceOf } from './invoice';
import { orderAgain } from './reorder';

/*
 * After the order (issue 12): the order detail's extras (status history, invoice, rating), "Order
 * again", ratings and general feedback (spec §3, §7), and pharmacies' average ratings. Registered
 * before the customer order routes so that /v1/user/orders/pending-feedback is not read as an id.
 */

const secured = { middleware: requireAuth(), security: [{ bearerAuth: [] }], tags: ['orders'] };
const jsonBody = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const ALL_ERRORS = [400, 401, 402, 403, 404, 409, 422, 503] as const;
const instant = z.string().openapi({ format: 'date-time' });
const Localized = z.object({ en: z.string(), de: z.string() });

const RatingDto = z
  .object({ stars: z.number().int().min(1).max(5), comment: z.string().nullable(), created_at: instant })
  .openapi('OrderRating');

const OrderDetailsDto = z
  .object({
    order_id: z.string(),
    order_number: z.string(),
    invoice_file_name: z.string().openapi({ description: 'What the invoice PDF is called in the request language (invoice-AB7K-2Q4M.pdf).' }),
    status: z.enum(ORDER_STATUSES),
    history: z
      .array(z.object({ status: z.enum(ORDER_STATUSES), label: Localized, at: instant }))
      .openapi({ description: 'Every status the order reached, oldest first, with its label (spec §4) in both languages.' }),
    invoice_available: z.boolean().openapi({ description: 'The pharmacy accepted the order and the payment was taken: GET …/invoice answers the PDF.' }),
    rating: orNull(RatingDto),
    can_rate: z.boolean().openapi({ description: 'Delivered, not closed, and not rated yet.' }),
    rating_dismissed: z.boolean(),
  })
  .openapi('OrderDetails');

const FeedbackBody = z
  .object({
    orderId: z.string().max(100).optional().openapi({ description: "Spec §3's field; when sent it must be the path's id (else BAD_REQUEST)." }),
    stars: z.number().openapi({ description: 'Whole stars from 1 to 5 (else RATING_OUT_OF_RANGE, 400).', example: 5 }),
    comment: z.string().max(10_000).nullish().openapi({ description: `Optional, at most ${FEEDBACK_COMMENT_MAX} characters after trimming (else FEEDBACK_COMMENT_TOO_LONG, 400).` }),
  })
  .openapi('OrderFeedbackInput');

const SavedRatingDto = RatingDto.extend({ order_id: z.string() }).openapi('SavedOrderRating');

const PendingFeedbackDto = z
  .object({ order: orNull(OrderSummaryDto.extend({ delivered_at: instant.nullable() }).openapi('PendingFeedbackOrder')) })
  .openapi('PendingFeedback');

const GeneralFeedbackBody = z
  .object({ message: z.string().max(20_000).openapi({ description: `1 to ${FEEDBACK_MESSAGE_MAX} characters after trimming (else FEEDBACK_MESSAGE_REQUIRED / FEEDBACK_MESSAGE_TOO_LONG, 400).` }) })
  .openapi('FeedbackInput');

const ReorderDto = z
  .object({
    added: z.array(z.object({ pzn: z.string(), name: z.string(), quantity: z.number().int(), requested_quantity: z.number().int() })).openapi({
      description: 'Lines put into the cart; quantity below requested_quantity: the pharmacy holds no more.',
    }),
    unavailable: z
      .array(z.object({ pzn: z.string(), name: z.string(), code: z.string(), message: z.string() }))
      .openapi({ description: 'Lines not added: SOLD_OUT, PRODUCT_NOT_FOUND (no longer sold), PRESCRIPTION_REQUIRED, MAX_QUANTITY_EXCEEDED (the cart holds the maximum).' }),
    cart_item_count: z.number().int(),
  })
  .openapi('ReorderResult');

const PharmacyRatingsDto = z
  .object({
    ratings: z.array(
      z.object({
        pharmacy_id: z.string(),
        count: z.number().int(),
        average: z.number().nullable().openapi({ description: 'One decimal; null until the pharmacy has 5 ratings.' }),
      }),
    ),
  })
  .openapi('PharmacyRatings');

const detailsRoute = createRoute({
  ...secured,
  method: 'get',
  path: '/v1/user/orders/{id}/details',
  summary: "The order detail's extras: status history, invoice availability and the rating",
  description: "ORDER_NOT_FOUND (404) for an unknown id, a draft or another customer's order.",
  request: { params: OrderIdParam },
  responses: { 200: json(OrderDetailsDto, 'History, invoice and rating'), ...errorEntries(...ALL_ERRORS) },
});

const invoiceRoute = createRoute({
  ...secured,
  method: 'get',
  path: '/v1/user/orders/{id}/invoice',
  summary: 'The invoice of a paid order as a PDF in the request language (seller: the pharmacy; VAT per rate)',
  description:
    'Content-Disposition names the file after the order number (invoice-AB7K-2Q4M.pdf / Rechnung-AB7K-2Q4M.pdf). ORDER_NOT_FOUND (404) for an unknown id, a draft or another ' +
    "customer's order; INVOICE_NOT_AVAILABLE (409) while the pharmacy has not accepted (nothing was charged) and for orders it rejected.",
  request: { params: OrderIdParam },
  responses: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorEntries(...ALL_ERRORS) },
});

const reorderRoute = createRoute({
  ...secured,
  method: 'post',
  path: '/v1/user/orders/{id}/reorder',
  summary: "Order again: puts the order's items that are still available into the cart and says which are not",
  description:
    "Each line is added as the cart's \"+\" adds it (listed, no prescription, at most what the cart's pharmacy holds; a cart without a pharmacy takes the order's). " +
    "ORDER_NOT_FOUND (404) for an unknown id, a draft or another customer's order; ADDRESS_REQUIRED (422) without a delivery address (nothing added).",
  request: { params: OrderIdParam },
  responses: { 200: json(ReorderDto, 'What was added and what was not'), ...errorEntries(...ALL_ERRORS) },
});

const feedbackRoute = createRoute({
  ...secured,
  method: 'post',
  path: '/v1/user/orders/{id}/feedback',
  summary: 'Rate an own delivered order: 1 to 5 stars and an optional comment (spec §3, §7), once',
  description:
    'Only while the order is delivered (ORDER_NOT_DELIVERED, 409, before; FEEDBACK_PERIOD_OVER, 409, once it is closed ORDER_CLOSE_AFTER_DAYS after delivery). ' +
    'The first rating is final: a second answers 409 FEEDBACK_ALREADY_GIVEN and changes nothing. A rating after a dismissal is accepted. ' +
    "ORDER_NOT_FOUND (404) for an unknown id or another customer's order; RATING_OUT_OF_RANGE / FEEDBACK_COMMENT_TOO_LONG / MISSING_PARAMS / BAD_REQUEST (400).",
  request: { params: OrderIdParam, ...jsonBody(FeedbackBody) },
  responses: { 201: json(SavedRatingDto, 'The saved rating'), ...errorEntries(...ALL_ERRORS) },
});

const dismissRoute = createRoute({
  ...secured,
  method: 'post',
  path: '/v1/user/orders/{id}/feedback/dismiss',
  summary: 'Do not ask for a rating of this order again (the dialog was dismissed for good)',
  description: "pending-feedback no longer offers the order; rating it later stays possible. ORDER_NOT_FOUND (404) for an unknown id or another customer's order.",
  request: { params: OrderIdParam },
  responses: { 200: json(z.object({ order_id: z.string(), dismissed: z.literal(true) }).openapi('RatingDismissal'), 'Dismissed'), ...errorEntries(...ALL_ERRORS) },
});

const pendingRoute = createRoute({
  ...secured,
  method: 'get',
  path: '/v1/user/orders/pending-feedback',
  summary: 'The most recent delivered order that is neither rated nor dismissed, or null (spec §7)',
  responses: { 200: json(PendingFeedbackDto, '{ order } or { order: null }'), ...errorEntries(...ALL_ERRORS) },
});

const generalFeedbackRoute = createRoute({
  ...secured,
  method: 'post',
  path: '/v1/user/feedback',
  summary: 'General feedback from the account menu or the help entry (spec §3, §7)',
  description: 'Stored for the shop team with the request language. The shop answers with the toast "Thank you, we received your feedback" (spec §8).',
  request: jsonBody(GeneralFeedbackBody),
  responses: { 201: json(z.object({ id: z.string(), created_at: instant }).openapi('FeedbackReceipt'), 'Received'), ...errorEntries(...ALL_ERRORS) },
});

const pharmacyRatingsRoute = createRoute({
  method: 'get',
  path: '/v1/pharmacy-ratings',
  tags: ['orders'],
  summary: "Every rated pharmacy's number of ratings and, from 5 ratings on, its average (for the pharmacy selection)",
  responses: { 200: json(PharmacyRatingsDto, 'Ratings per pharmacy'), ...errorEntries(500) },
});

export function registerAfterOrderRoutes(app: ApiApp, deps: OrdersDeps) {
  app.openapi(pendingRoute, async (c) => {
    noStore(c);
    return c.json({ order: await pendingFeedback(ordersContext(c, deps), c.var.auth.userId) }, 200);
  });

  app.openapi(detailsRoute, async (c) => {
    noStore(c);
    const result = await orderDetails(ordersContext(c, deps), c.var.auth.userId, c.req.valid('param').id);
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  app.openapi(invoiceRoute, async (c) => {
    noStore(c);
    const result = await invoiceOf(ordersContext(c, deps), c.var.auth.userId, c.req.valid('param').id);
    if (!result.ok) return failureJson(c, result);
    return c.body(result.value.pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${result.value.fileName}"`,
    }) as never;
  });

  app.openapi(reorderRoute, async (c) => {
    noStore(c);
    const result = await guarded(() => orderAgain(ordersContext(c, deps), c.var.auth.userId, c.req.valid('param').id), () => null, 'order again');
    if (!result) return errorJsonAuth(c, 503, 'SERVICE_UNAVAILABLE');
    return result.ok ? c.json(result.value, 200) : failureJson(c, result);
  });

  app.openapi(feedbackRoute, async (c) => {
    noStore(c);
    const body = c.req.valid('json');
    const result = await guarded(() => rateOrder(ordersContext(c, deps), c.var.auth.userId, c.req.valid('param').id, body), () => null, 'order rating');
    if (!result) return errorJsonAuth(c, 503, 'SERVICE_UNAVAILABLE');
    return result.ok ? c.json(result.value, 201) : failureJson(c, result);
  });

  app.openapi(dismissRoute, async (c) => {
    noStore(c);
    const result = await dismissRating(ordersContext(c, deps), c.var.auth.userId, c.req.valid('param').id);
    return result.ok ? c.json({ order_id: c.req.valid('param').id, dismissed: true as const }, 200) : failureJson(c, result);
  });

  app.openapi(generalFeedbackRoute, async (c) => {
    noStore(c);
    const result = await guarded(() => sendFeedback(ordersContext(c, deps), c.var.auth.userId, c.req.valid('json').message), () => null, 'feedback');
    if (!result) return errorJsonAuth(c, 503, 'SERVICE_UNAVAILABLE');
    return result.ok ? c.json(result.value, 201) : failureJson(c, result);
  });

  app.openapi(pharmacyRatingsRoute, async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ ratings: await pharmacyRatings(c.var.ctx.db) }, 200);
  });
}
