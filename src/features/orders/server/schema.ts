import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DeliveryOption, SafetyAnswers } from '../../checkout';
import type { AddressSnapshot } from '../model/address-snapshot';

/*
 * Orders (spec §3, §4). User, pharmacy, coupon and card ids are plain text without foreign keys:
 * features share no tables (the orders feature reads accounts, pharmacies, products, coupons and
 * credit only through those features' functions, see collaborators.ts), and a deleted account
 * keeps a tombstone row. Ids are random UUIDs kept as text, so a malformed id in a URL is simply
 * "not found" rather than a cast error.
 *
 * Everything the customer agreed to is a snapshot taken when the order is placed (lines, prices,
 * addresses, delivery window, totals): later catalogue or address edits never change an order.
 */

/** Spec §3/§4: every order call attaches these. */
export interface OrderMeta {
  sessionId: string;
  irClickId: string | null;
  locale: 'en' | 'de';
}

export const PRESCRIPTION_LINE_STATUSES = ['open', 'dispensed', 'rejected'] as const;
export type PrescriptionLineStatus = (typeof PRESCRIPTION_LINE_STATUSES)[number];

export interface VatRow {
  rate: number;
  grossCents: number;
  vatCents: number;
}

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** Human code for phone calls and e-mails ("AB7K-2Q4M"). */
    orderNumber: text('order_number').notNull(),
    userId: text('user_id').notNull(),
    pharmacyId: text('pharmacy_id'),
    status: text('status').notNull(),
    /** What the customer asked for (the draft keeps it even while it is not possible). */
    deliveryOption: text('delivery_option').$type<DeliveryOption>(),
    /** Decided at placement: courier, parcel or pickup, and asap / slot / parcel. */
    deliveryMethod: text('delivery_method').$type<'courier' | 'parcel' | 'pickup'>(),
    deliveryTiming: text('delivery_timing').$type<'asap' | 'slot' | 'parcel'>(),
    slotStart: timestamp('slot_start', { withTimezone: true }),
    slotEnd: timestamp('slot_end', { withTimezone: true }),
    /** asap: promised arrival; parcel: the estimate's window as ISO dates. */
    deliveryEstimate: jsonb('delivery_estimate').$type<{ expectedBy?: string; earliest?: string; latest?: string }>(),
    shippingAddressId: text('shipping_address_id'),
    billingAddressId: text('billing_address_id'),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>(),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>(),
    safety: jsonb('safety').$type<SafetyAnswers>(),
    /** Art. 9 GDPR: when the customer agreed that order (health) data goes to the pharmacy, and to which text. */
    consentPharmacyDataAt: timestamp('consent_pharmacy_data_at', { withTimezone: true }),
    consentTextVersion: text('consent_text_version'),
    /** E.164, so the pharmacy can call for advice. */
    phone: text('phone'),
    couponCode: text('coupon_code'),
    couponType: text('coupon_type'),
    couponReferrerId: text('coupon_referrer_id'),
    couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
    /** Wallet credit the customer asked to use (draft) / used (placed order). */
    walletCents: integer('wallet_cents').notNull().default(0),
    tipCents: integer('tip_cents').notNull().default(0),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    /** Charged to the card: total − wallet credit. */
    amountDueCents: integer('amount_due_cents').notNull().default(0),
    vat: jsonb('vat').$type<VatRow[]>().notNull().default([]),
    vatTotalCents: integer('vat_total_cents').notNull().default(0),
    meta: jsonb('meta').$type<OrderMeta>().notNull(),
    rejectionReason: text('rejection_reason'),
    /** pharmacy: refused by its staff; timeout: not answered before expires_at. */
    rejectedBy: text('rejected_by').$type<'pharmacy' | 'timeout'>(),
    /** Why the pharmacy refunded an accepted order (shown to the customer). */
    refundReason: text('refund_reason'),
    /** The pharmaceutical check (spec §4 tracking stage): when and by which staff member; packing needs it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedBy: text('checked_by'),
    /** The parcel service's tracking number, given when a parcel order is handed over. */
    parcelTrackingNumber: text('parcel_tracking_number'),
    /**
     * Draft: the customer's redeemed prescriptions (ids of the prescriptions feature) chosen for the
     * order; null: every redeemed one the order's pharmacy holds. Placed orders keep theirs on the lines.
     */
    prescriptionSelection: jsonb('prescription_selection').$type<string[]>(),
    /** The pharmacist dispensed the order's prescription lines (reported to the prescription system); packing needs it. */
    prescriptionsDispensedAt: timestamp('prescriptions_dispensed_at', { withTimezone: true }),
    prescriptionsDispensedBy: text('prescriptions_dispensed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    packedAt: timestamp('packed_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The customer withdrew the offer (or it was withdrawn with their account). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Draft: when it lapses unpaid. Placed offer: when it is released if the pharmacy has not answered. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_order_number_unique').on(table.orderNumber),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_pharmacy_status_idx').on(table.pharmacyId, table.status, table.placedAt),
    index('orders_status_expires_idx').on(table.status, table.expiresAt),
    // The sweep that closes and archives finished orders.
    index('orders_status_delivered_idx').on(table.status, table.deliveredAt),
    check(
      'orders_amounts_not_negative',
      sql`${table.couponDiscountCents} >= 0 and ${table.walletCents} >= 0 and ${table.tipCents} >= 0 and ${table.subtotalCents} >= 0 and ${table.deliveryFeeCents} >= 0 and ${table.totalCents} >= 0 and ${table.amountDueCents} >= 0`,
    ),
  ],
);

/** What was bought, at the price it was bought for. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    pzn: text('pzn').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    vatRate: integer('vat_rate').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    couponDiscountCents: integer('coupon_discount_cents').notNull().default(0),
    /** Units of this line refunded after acceptance (a single-line refund); the rest stays sold. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** What went back to the card for this line. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * A prescription line (E-Rezept): the prescription (the prescriptions feature's id) it dispenses.
     * Its unit price is the fixed price (AMPreisV), its quantity the packs, its line total what the
     * customer pays (co-payment, nothing when exempt, the full price for a private prescription);
     * the insurer pays the rest. Null for an over-the-counter line.
     */
    prescriptionId: text('prescription_id'),
    coPaymentPerPackCents: integer('co_payment_per_pack_cents'),
    insurerCents: integer('insurer_cents').notNull().default(0),
    /** open until the pharmacist dispenses or rejects the line; a rejected line's share is not charged. */
    prescriptionStatus: text('prescription_status').$type<PrescriptionLineStatus>(),
    /** Why the pharmacist rejected the line (shown to the customer). */
    prescriptionRejectReason: text('prescription_reject_reason'),
  },
  (table) => [
    // Two prescriptions may name the same medicine: a line is its position; an over-the-counter PZN is once per order.
    primaryKey({ columns: [table.orderId, table.position] }),
    uniqueIndex('order_lines_otc_pzn_unique').on(table.orderId, table.pzn).where(sql`${table.prescriptionId} is null`),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('order_lines_refunded_within', sql`${table.refundedQuantity} >= 0 and ${table.refundedQuantity} <= ${table.quantity}`),
  ],
);

/** Append-only history of every status change: who, when, from what to what, and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    event: text('event').notNull(),
    actor: text('actor').$type<'customer' | 'pharmacist' | 'courier' | 'system'>().notNull(),
    actorId: text('actor_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

export const PAYMENT_STATES = ['authorized', 'captured', 'released', 'refunded', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** One card authorization per order. Only the provider's references and what identifies the card to its owner. */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    authorizationId: text('authorization_id').notNull(),
    /** The provider's card token the authorization was made with (never the number or CVC). */
    tokenRef: text('token_ref'),
    amountCents: integer('amount_cents').notNull(),
    state: text('state').$type<PaymentState>().notNull(),
    /** card, paypal or sepa_debit (a wallet card is a card). */
    method: text('method').notNull().default('card'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** A card paid from a device wallet: apple_pay or google_pay (as the provider reports it). */
    wallet: text('wallet'),
    captureId: text('capture_id'),
    /** Refunded so far of the captured amount (partial refunds leave the order paid). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundId: text('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payments_order_unique').on(table.orderId),
    index('payments_authorization_idx').on(table.authorizationId),
    check('payments_amount_positive', sql`${table.amountCents} > 0`),
    check('payments_state_known', sql`${table.state} in ('authorized', 'captured', 'released', 'refunded', 'failed')`),
  ],
);

/**
 * A placement's answer per (customer, Idempotency-Key): a retried submission gets the stored answer
 * instead of a second order or charge. Written in the placement's own transaction, so a key is
 * either bound to a finished order or not at all.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: text('order_id'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

/**
 * The customer's rating of a delivered order (spec §3 "Order feedback: orderId, stars, comment"):
 * one row per order. A row without stars is a dismissal: the customer closed the rating dialog for
 * good, so pending-feedback no longer offers the order, and a later rating still fills the row in.
 * Once stars are set the rating is final (a second one answers 409 FEEDBACK_ALREADY_GIVEN).
 */
export const orderRatings = pgTable(
  'order_ratings',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** Copied from the order so a pharmacy's average is one indexed query. */
    pharmacyId: text('pharmacy_id'),
    stars: integer('stars'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('order_ratings_pharmacy_idx').on(table.pharmacyId),
    index('order_ratings_user_idx').on(table.userId),
    check('order_ratings_stars_range', sql`${table.stars} is null or (${table.stars} between 1 and 5)`),
  ],
);

/** General feedback from the account menu or the help entry (spec §3 "Feedback message: message", §7 POST /user/feedback). */
export const customerFeedback = pgTable(
  'customer_feedback',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('customer_feedback_user_idx').on(table.userId)],
);

/**
 * Provider notifications already applied (webhooks): a duplicate delivery is answered without
 * acting again. Each is applied by re-reading the payment from the provider, so their order does not
 * matter; this table makes "each event once" visible and cheap.
 */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  intentId: text('intent_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
}, (table) => [primaryKey({ columns: [table.provider, table.eventId] }), index('payment_webhook_events_received_idx').on(table.receivedAt)]);
