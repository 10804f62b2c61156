import { orNull } from '../../../platform/http/openapi';
import { PAYMENT_METHOD_TYPES } from '../../../platform/payments/types';
import { z } from '@hono/zod-openapi';
import { CHECKOUT_TEXT_MAX, MAX_TIP_CENTS } from '../../checkout';
import { DELIVERY_OPTIONS, SAFETY_QUESTION_KEYS } from '../../checkout';
import { ORDER_EVENTS, ORDER_STATUSES, PHARMACIST_EVENTS } from '../model/order-machine';

export { PHARMACIST_EVENTS, type PharmacistEvent } from '../model/order-machine';
import { PURCHASE_STATES } from '../model/order-presentation';
import { PAYMENT_STATES } from './schema';

/*
 * Order API shapes. Field names are snake_case like the other customer APIs (addresses), except
 * inside `meta`, whose keys are the spec's own (§3: sessionId, irClickId, locale). Money is integer
 * euro cents, instants are ISO 8601 strings, calendar dates "YYYY-MM-DD" in Berlin.
 */


const Localized = z.object({ en: z.string(), de: z.string() });
const instant = z.string().openapi({ format: 'date-time' });
const cents = z.number().int();

/** How every order shape tells its status (the label in both languages, spec §4). */
const statusShape = { status: z.enum(ORDER_STATUSES), label: Localized, purchase_state: z.enum(PURCHASE_STATES) };

export const OrderMetaDto = z
  .object({
    sessionId: z.string().trim().min(1).max(100).openapi({ description: 'The browser session id (localStorage apobote.sessionId).' }),
    irClickId: z.string().max(500).nullable().openapi({ description: 'Affiliate click id from session storage, or null.' }),
    locale: z.enum(['en', 'de']),
  })
  .openapi('OrderMeta');

/** One entry per safety question, in the spec's order. */
const perQuestion = <T extends z.ZodType>(answer: T) => z.object(Object.fromEntries(SAFETY_QUESTION_KEYS.map((key) => [key, answer])) as Record<(typeof SAFETY_QUESTION_KEYS)[number], T>);

export const SafetyAnswersDto = perQuestion(z.boolean().nullable()).openapi('SafetyAnswers', { description: 'Spec §5; null while unanswered. Passed to the pharmacy.' });

const SafetyInput = perQuestion(z.boolean().nullable().optional()).openapi('SafetyAnswersInput', { description: 'Answers to merge into the draft; absent keys stay as they are.' });

const DeliveryInput = z
  .object({
    option: z.enum(DELIVERY_OPTIONS),
    slot_start: z.iso
      .datetime({ offset: true })
      .nullish()
      .openapi({ description: 'Start of the chosen window (a `start` from delivery_options) for later_today, tomorrow and pickup; pickup without it means as soon as possible.' }),
  })
  .openapi('OrderDeliveryInput');

export const OrderDraftBody = z
  .object({
    pharmacy_id: z.string().min(1).max(100).optional().openapi({ description: "Defaults to the cart's pharmacy; a different one becomes the cart's pharmacy." }),
    shipping_address_id: z.string().min(1).max(100).nullish().openapi({ description: "One of the customer's shipping addresses; defaults to the newest." }),
    billing_address_id: z.string().min(1).max(100).nullish().openapi({ description: 'One of the billing addresses; null: same as shipping.' }),
    delivery: orNull(DeliveryInput).optional(),
    safety: SafetyInput.optional(),
    consent_pharmacy_data: z.boolean().optional().openapi({ description: 'Consent to pass the order (health) data to the pharmacy; stored with its time.' }),
    phone: z.string().max(CHECKOUT_TEXT_MAX.phone).nullish().openapi({ description: "For the pharmacy's questions; defaults to the account's phone." }),
    coupon_code: z.string().max(CHECKOUT_TEXT_MAX.couponCode).nullish().openapi({ description: 'null or "" removes the coupon.' }),
    wallet_cents: z.number().int().min(0).max(10_000_000).optional().openapi({ description: 'Credit to use (0: none).' }),
    tip_cents: z.number().int().min(0).max(100_000).optional().openapi({ description: `Courier tip, at most ${MAX_TIP_CENTS}; dropped for parcel and pickup.` }),
    prescription_ids: z
      .array(z.string().min(1).max(100))
      .max(20)
      .nullish()
      .openapi({
        description:
          "The customer's redeemed prescriptions (ids of /v1/user/prescriptions) to order; null (the default): every redeemed one the order's pharmacy holds. One left out stays redeemed. An id that is not the customer's: NOT_FOUND (404).",
      }),
    meta: OrderMetaDto,
  })
  .openapi('OrderDraftInput', { description: 'Every field but meta is optional: absent fields keep their value, null clears.' });
export type OrderDraftBody = z.infer<typeof OrderDraftBody>;

const IntentPayment = z
  .object({
    payment_intent_id: z.string().min(1).max(200).openapi({ description: "The provider's payment (Stripe PaymentIntent id) the customer confirmed in the provider's hosted fields or pages." }),
  })
  .openapi('IntentPayment');

export const PlaceOrderBody = z
  .object({
    payment: IntentPayment.optional().openapi({ description: 'Needed unless wallet credit pays everything. Card numbers never come here: see /payment-intents.' }),
    expected_amount_cents: z.number().int().min(0).optional().openapi({
      description: 'The amount shown on the "Order and pay" button; a different server amount answers 409 ORDER_TOTAL_CHANGED instead of charging it.',
    }),
  })
  .openapi('PlaceOrderInput');
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;

export const IdempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .min(8)
    .max(100)
    .regex(/^[\x21-\x7e]+$/)
    .openapi({ param: { name: 'idempotency-key', in: 'header' }, description: 'A fresh random key per submission (e.g. a UUID); resend the same key only when retrying the same submission.' }),
});

export const OrderIdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });
export const OrderNumberParam = z.object({ id: z.string().min(1).max(20).openapi({ param: { name: 'id', in: 'path' }, example: 'AB7K-2Q4M' }) });

const Reason = z.string().trim().min(1).max(500);

export const RejectBody = z
  .object({ reason: Reason.openapi({ description: "Shown to the customer and sent in the refund e-mail.", example: 'Leider nicht vorrätig.' }) })
  .openapi('RejectOrderInput');

export const RefundBody = z
  .object({
    reason: Reason.openapi({ description: 'Shown to the customer and sent in the refund e-mail.', example: 'Die Ware ist beim Transport beschädigt worden.' }),
    lines: z
      .array(z.object({ pzn: z.string().max(20), quantity: z.number().int().min(1).max(1000) }))
      .max(100)
      .optional()
      .openapi({ description: 'Only these units of these lines (single-line refund; the order goes on). Without it the whole order is refunded.' }),
  })
  .openapi('RefundOrderInput');

export const RejectLineParam = OrderIdParam.extend({ position: z.coerce.number().int().min(0).max(1000).openapi({ param: { name: 'position', in: 'path' } }) });

export const RejectLineBody = z
  .object({ reason: Reason.openapi({ description: 'Shown to the customer on the order page.', example: 'Das Arzneimittel ist derzeit nicht lieferbar.' }) })
  .openapi('RejectPrescriptionLineInput');

export const PickupBody = z
  .object({ tracking_number: z.string().max(64).optional().openapi({ description: "Parcel orders: the parcel service's tracking number (required for them)." }) })
  .openapi('PickupOrderInput');

const PharmacyRefDto = z
  .object({ id: z.string(), name: z.string(), phone: z.string(), street: z.string(), house_number: z.string(), postal_code: z.string(), city: z.string() })
  .openapi('OrderPharmacy');

const AddressSnapshotDto = z
  .object({
    id: z.string().nullable(),
    recipient_first_name: z.string().nullable().optional().openapi({ description: 'Whom to hand the order to.' }),
    recipient_last_name: z.string().nullable().optional(),
    street_address: z.string(),
    house_number: z.string(),
    room: z.string().nullable(),
    postal_code: z.string(),
    locality: z.string(),
    note: z.string().nullable(),
  })
  .openapi('OrderAddress');

const OrderDeliveryDto = z
  .object({
    option: z.enum(DELIVERY_OPTIONS).nullable(),
    method: z.enum(['courier', 'parcel', 'pickup']).nullable(),
    timing: z.enum(['asap', 'slot', 'parcel']).nullable().openapi({ description: 'Known once the choice is valid (placed orders always).' }),
    slot_start: instant.nullable(),
    slot_end: instant.nullable(),
    expected_by: instant.nullable().openapi({ description: 'asap: the promised arrival.' }),
    parcel_estimate: z.object({ earliest: z.string(), latest: z.string() }).nullable(),
  })
  .openapi('OrderDelivery');

export const PRESCRIPTION_LINE_STATES = ['open', 'dispensed', 'rejected'] as const;

const PrescriptionLineDto = z
  .object({
    prescription_id: z.string().openapi({ description: "The prescription's id in the shop (/v1/user/prescriptions/{id}); never its token." }),
    co_payment_per_pack_cents: cents.openapi({ description: 'What the customer pays per pack: the statutory co-payment (§ 61 SGB V; 0 when exempt) or, on a private prescription, the price.' }),
    insurer_cents: cents.openapi({ description: 'What the health insurer pays for the line (the fixed price × packs − the customer’s share).' }),
    status: z.enum(PRESCRIPTION_LINE_STATES).openapi({ description: 'open until the pharmacist dispenses or rejects it; a rejected line is not charged.' }),
    reject_reason: z.string().nullable().openapi({ description: "The pharmacist's reason for a rejected line." }),
  })
  .openapi('OrderPrescriptionLine');

const OrderLineDto = z
  .object({
    pzn: z.string(),
    name: z.string(),
    quantity: z.number().int().openapi({ description: 'Units; packs for a prescription line.' }),
    unit_price_cents: cents.openapi({ description: 'The price per unit; for a prescription line the fixed price (AMPreisV).' }),
    line_total_cents: cents.openapi({ description: 'What the customer pays for the line; for a prescription line their share (co-payment × packs, or the private price).' }),
    vat_rate: z.number().int(),
    coupon_discount_cents: cents.openapi({ description: 'Always 0 on a prescription line: coupons never touch them.' }),
    position: z.number().int().optional().openapi({ description: "The line's place in the order (placed orders): how staff name a prescription line." }),
    prescription: PrescriptionLineDto.optional().openapi({ description: 'Only on prescription lines (E-Rezept).' }),
  })
  .openapi('OrderLine');

const OrderTotalsDto = z
  .object({
    item_count: z.number().int(),
    subtotal_cents: cents,
    delivery_fee_cents: cents,
    free_delivery_from_cents: cents,
    missing_for_free_delivery_cents: cents,
    coupon_discount_cents: cents,
    tip_cents: cents,
    total_cents: cents.openapi({ description: 'subtotal − coupon + delivery fee + tip' }),
    wallet_cents: cents.openapi({ description: 'Credit used, at most the total.' }),
    amount_due_cents: cents.openapi({ description: 'Charged to the card: total − credit.' }),
    prescription_cents: cents.optional().openapi({ description: "Drafts: the prescription lines' share in the total (paid by card, never by credit)." }),
    vat: z.array(z.object({ rate: z.number().int(), gross_cents: cents, vat_cents: cents })),
    vat_total_cents: cents,
  })
  .openapi('OrderTotals');

const OrderCouponDto = z
  .object({
    code: z.string(),
    ok: z.boolean(),
    discount_cents: cents,
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .openapi('OrderCoupon');

const OrderIssueDto = z
  .object({
    code: z.string(),
    message: z.string(),
    field: z.string().openapi({ description: 'The input it concerns: cart, pharmacy_id, lines, delivery, shipping_address_id, safety, consent_pharmacy_data, phone, coupon_code, tip_cents, wallet_cents…' }),
    pzn: z.string().optional(),
    available_quantity: z.number().int().optional(),
    proposed_pharmacy: z
      .object({ id: z.string(), name: z.string() })
      .optional()
      .openapi({ description: 'OUTSIDE_DELIVERY_AREA: a pharmacy whose courier serves the address (the delivery-area decision); choosing it as pharmacy_id clears the issue.' }),
  })
  .openapi('OrderIssue');

const OrderWarningDto = z
  .object({
    code: z.string(),
    message: z.string(),
    pzn: z.string().optional(),
    requested_quantity: z.number().int().optional(),
    available_quantity: z.number().int().optional(),
  })
  .openapi('OrderWarning', { description: 'What changed in the cart on the way (sold out, reduced to stock); shown once.' });

const SlotDto = z.object({ start: instant, end: instant, date: z.string(), from: z.string(), to: z.string() }).openapi('DeliverySlot');
const TimedDto = z.object({ asap: z.boolean(), today: z.array(SlotDto), tomorrow: z.array(SlotDto) }).openapi('TimedDeliveryOptions');

const DeliveryOptionsDto = z
  .object({
    today: z.string(),
    tomorrow: z.string(),
    open_now: z.boolean(),
    closes_at: instant.nullable(),
    asap_minutes: z.number().int(),
    pickup_only_items: z.boolean(),
    courier: orNull(TimedDto).openapi({ description: 'asap → option asap; today → later_today; tomorrow → tomorrow. Null: not offered.' }),
    pickup: orNull(TimedDto),
    parcel: z.object({ earliest: z.string(), latest: z.string() }).nullable(),
  })
  .openapi('DeliveryOptions');

const PaymentDto = z
  .object({
    provider: z.string(),
    method: z.string().openapi({ description: 'card, paypal, sepa_debit or klarna' }),
    state: z.enum(PAYMENT_STATES),
    amount_cents: cents,
    refunded_cents: cents,
    brand: z.string(),
    last4: z.string(),
    wallet: z.enum(['apple_pay', 'google_pay']).nullable().openapi({ description: 'The card was paid from a device wallet (Apple Pay, Google Pay).' }),
  })
  .openapi('OrderPayment');

const TrackingDto = z
  .object({ stages: z.array(z.string()), current: z.number().int().nullable(), current_stage: z.string().nullable() })
  .openapi('OrderTracking');

export const OrderDto = z
  .object({
    id: z.string(),
    order_number: z.string(),
    ...statusShape,
    label: Localized.openapi({ description: 'The status as customers read it (spec §4), in both languages.' }),
    tracking: TrackingDto,
    created_at: instant,
    updated_at: instant,
    placed_at: instant.nullable(),
    accepted_at: instant.nullable(),
    /** Tracking: when each stage was reached (checked and packed; handed to the courier). */
    packed_at: instant.nullable(),
    picked_up_at: instant.nullable(),
    delivered_at: instant.nullable(),
    refunded_at: instant.nullable(),
    expires_at: instant.nullable().openapi({ description: 'Draft: when it lapses. Pending: when it is released if the pharmacy has not answered.' }),
    pharmacy: orNull(PharmacyRefDto),
    delivery: OrderDeliveryDto,
    shipping_address: orNull(AddressSnapshotDto),
    billing_address: orNull(AddressSnapshotDto).openapi({ description: 'null: same as shipping.' }),
    phone: z.string().nullable(),
    safety: orNull(SafetyAnswersDto),
    consent_pharmacy_data: z.boolean(),
    consent_pharmacy_data_at: instant.nullable(),
    lines: z.array(OrderLineDto),
    totals: OrderTotalsDto,
    coupon: orNull(OrderCouponDto),
    wallet_balance_cents: cents.nullable().openapi({ description: "Drafts: the customer's credit available now." }),
    payment: orNull(PaymentDto),
    issues: z.array(OrderIssueDto).openapi({ description: 'Drafts: everything that still blocks placement (empty: ready). Placed orders: [].' }),
    warnings: z.array(OrderWarningDto),
    delivery_options: orNull(DeliveryOptionsDto).openapi({ description: 'Drafts: what the pharmacy offers now for this cart.' }),
    parcel_unavailable_reason: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: 'Drafts: why parcel is not offered although the pharmacy ships (a prescribed medicine that may not be sent, § 17 Abs. 2b ApBetrO), in the request language.' }),
    rejection_reason: z.string().nullable(),
    rejected_by: z.enum(['pharmacy', 'timeout']).nullable(),
    refund_reason: z.string().nullable().openapi({ description: 'Why the pharmacy refunded the accepted order.' }),
    meta: OrderMetaDto,
  })
  .openapi('Order');
export type OrderDto = z.infer<typeof OrderDto>;

export const OrderSummaryDto = z
  .object({
    id: z.string(),
    order_number: z.string(),
    ...statusShape,
    created_at: instant,
    placed_at: instant.nullable(),
    pharmacy: z.object({ id: z.string(), name: z.string() }).nullable(),
    item_count: z.number().int(),
    total_cents: cents,
    delivery: OrderDeliveryDto.pick({ option: true, method: true, slot_start: true, slot_end: true }),
  })
  .openapi('OrderSummary');

export const OrderListDto = z
  .object({
    orders: z.array(OrderSummaryDto),
    total: z.number().int().openapi({ description: 'How many orders the list has in all (drafts awaiting payment are neither listed nor counted, spec §3).' }),
    offset: z.number().int().openapi({ description: 'Where this page starts.' }),
  })
  .openapi('OrderList', { description: 'Placed orders, newest first: the current ones, or with archived=true the archived ones.' });

export const OrderStatusDto = z
  .object({
    id: z.string(),
    order_number: z.string(),
    ...statusShape,
    tracking_stage: z.string().nullable(),
    tracking: TrackingDto,
    updated_at: instant,
    rejection_reason: z.string().nullable(),
  })
  .openapi('OrderStatus');

export const PharmacyOrderDto = OrderDto.extend({
  customer: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable(), phone: z.string().nullable() }),
  actions: z.array(z.enum(PHARMACIST_EVENTS)).openapi({ description: 'The board steps staff can take next. A refund (from paid to delivered) has its own route with a reason.' }),
  pharmacy_id: z.string().nullable(),
  checked_at: instant.nullable().openapi({ description: 'When the pharmaceutical check was done (packing needs it).' }),
  parcel_tracking_number: z.string().nullable(),
  refundable: z.boolean().openapi({ description: 'Whether a refund (whole order or single lines) is possible now.' }),
  refunded_lines: z.array(z.object({ pzn: z.string(), quantity: z.number().int(), cents: z.number().int() })).openapi({ description: 'Units already refunded line by line.' }),
  history: z.array(z.object({ event: z.enum(ORDER_EVENTS), from: z.string(), to: z.string(), actor: z.string(), at: instant, note: z.string().nullable() })),
  prescriptions: z
    .array(
      z.object({
        id: z.string(),
        prescription_id: z.string().openapi({ description: 'The E-Rezept id (PrescriptionID, for the display); never the token.' }),
        insurance: z.enum(['statutory', 'private']),
        flow_type: z.string(),
        prescriber: z.object({ name: z.string(), practice: z.string().optional() }),
        issued_on: z.string(),
        expires_on: z.string().openapi({ description: 'Valid until (inclusive, Berlin).' }),
        status: z.string().openapi({ description: "The prescription's status in the shop: in-order, dispensed, returned, redeemed (released), expired." }),
      }),
    )
    .openapi({ description: "The order's prescriptions (E-Rezept): lines, prescriber, validity, flow type and status." }),
  co_payment_exemption: z
    .object({ exempt: z.boolean(), valid_until: z.string().nullable() })
    .nullable()
    .openapi({ description: "Orders with prescriptions: the customer's co-payment exemption (§ 62 SGB V) and its last day; null otherwise." }),
  prescriptions_dispensed_at: instant.nullable().openapi({ description: 'When the prescription lines were dispensed (packing needs it; the payment is captured then).' }),
  rating: z
    .object({ stars: z.number().int(), comment: z.string().nullable(), created_at: instant })
    .nullable()
    .openapi({ description: "The customer's rating of the delivered order (1–5 stars, optional comment), null until rated." }),
}).openapi('PharmacyOrder');
export type PharmacyOrderDto = z.infer<typeof PharmacyOrderDto>;

export const PharmacyOrderListDto = z.object({ orders: z.array(PharmacyOrderDto), now: instant.openapi({ description: "The server's time, for the countdown to each offer's expires_at." }) }).openapi('PharmacyOrderList', { description: 'Oldest first: the queue in arrival order.' });

export const PharmacyOrdersQuery = z.object({
  status: z
    .string()
    .optional()
    .openapi({ param: { name: 'status', in: 'query' }, description: 'Comma-separated statuses (e.g. pending or paid,packed); default: every placed order.', example: 'pending' }),
  limit: z.coerce.number().int().min(1).max(200).optional().openapi({ param: { name: 'limit', in: 'query' } }),
  pharmacy: z.string().max(100).optional().openapi({ param: { name: 'pharmacy', in: 'query' }, description: "Operators: one pharmacy's orders (default: all). Staff of one pharmacy: only their own (another is PHARMACY_NOT_FOUND, 404)." }),
});

export const CustomerOrdersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional().openapi({ param: { name: 'limit', in: 'query' }, description: 'At most this many (default 50).' }),
  offset: z.coerce.number().int().min(0).max(100_000).optional().openapi({ param: { name: 'offset', in: 'query' }, description: 'Skip this many (paging; default 0).' }),
  archived: z
    .enum(['true', 'false'])
    .optional()
    .openapi({
      param: { name: 'archived', in: 'query' },
      description: 'true: only the archived orders (closed, and delivered more than ORDER_ARCHIVE_AFTER_DAYS ago); default: the current ones, archived left out.',
    }),
});

export const PAYMENT_CHOICES = ['card', 'paypal', 'saved', 'sepa_debit', 'klarna'] as const;

export const CreatePaymentIntentBody = z
  .object({
    method: z.enum(PAYMENT_CHOICES).openapi({
      description:
        'A new card (hosted fields), PayPal (redirect), a saved card, SEPA direct debit (IBAN and mandate in the provider\'s page; debited only at acceptance) or pay by invoice (Klarna-like redirect). ' +
        'A method the order does not allow answers PAYMENT_METHOD_NOT_AVAILABLE (422).',
    }),
    saved_card_id: z.string().min(1).max(100).optional().openapi({ description: "With method saved: one of the customer's saved cards." }),
    save_card: z.boolean().optional().openapi({ description: 'With method card: keep the card at the provider for next time.' }),
    expected_amount_cents: z.number().int().min(0).optional(),
    return_url: z.string().max(500).regex(/^\/[^/\\]/).optional().openapi({ description: 'A path of this shop the provider sends the customer back to (3-D Secure, PayPal).' }),
  })
  .openapi('CreatePaymentIntentInput');
export type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBody>;

export const PaymentIntentDto = z
  .object({
    intent_id: z.string(),
    client_secret: z.string().openapi({ description: "For the provider's hosted fields in the browser only." }),
    amount_cents: cents,
    provider: z.enum(['demo', 'stripe']),
    publishable_key: z.string().nullable(),
    hosted_fields_url: z.string().nullable(),
    saved_payment_method: z.string().nullable().openapi({ description: "With method saved: the provider's id of that card, to confirm with." }),
  })
  .openapi('PaymentIntent');

export const PaymentOptionsDto = z
  .object({
    provider: z.enum(['demo', 'stripe']),
    publishable_key: z.string().nullable(),
    hosted_fields_url: z.string().nullable(),
    script_url: z.string().nullable().openapi({ description: 'Stripe.js (https://js.stripe.com/v3) when the provider is Stripe; null for the demo provider.' }),
    methods: z.array(z.enum(PAYMENT_METHOD_TYPES)).openapi({ description: "The provider's methods this order allows: SEPA direct debit for a German address, pay by invoice (klarna) for customers of age with a German address and 10–1000 €." }),
    wallets: z.boolean().openapi({ description: 'Apple Pay / Google Pay inside the card element where the device supports them.' }),
  })
  .openapi('PaymentOptions');

