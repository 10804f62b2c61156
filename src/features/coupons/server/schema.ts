import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Coupons (spec §3, §5, §8) and referral codes (§9). User ids and order ids are plain text without
 * foreign keys: features share no tables, and erasure runs through the accounts feature's
 * onAccountErased hook. The rules themselves live in this feature's model/; these rows only feed them.
 */

/** Operator coupons: PROMOTION (anyone) and PERSONAL (one customer). Referral codes live in referral_codes. */
export const coupons = pgTable(
  'coupons',
  {
    id: text('id').primaryKey(),
    /** Normalized: upper case, no blanks (normalizeCouponCode). */
    code: text('code').notNull(),
    type: text('type').$type<'PROMOTION' | 'PERSONAL'>().notNull(),
    discountKind: text('discount_kind').$type<'amount' | 'percentage'>().notNull(),
    amountCents: integer('amount_cents'),
    percent: integer('percent'),
    /** Not valid before (inclusive). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** Valid before (exclusive): validThrough(last valid Berlin date). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    minOrderCents: integer('min_order_cents'),
    maxOrderCents: integer('max_order_cents'),
    minOrderCount: integer('min_order_count'),
    maxOrderCount: integer('max_order_count'),
    /** Redemptions over all customers; null: unlimited. */
    usageLimit: integer('usage_limit'),
    usageLimitPerCustomer: integer('usage_limit_per_customer').notNull().default(1),
    scopeCategories: jsonb('scope_categories').$type<string[]>().notNull().default([]),
    scopePzns: jsonb('scope_pzns').$type<string[]>().notNull().default([]),
    /** PERSONAL: the only customer who may see and redeem it. */
    customerId: text('customer_id'),
    /** false: redeemable with its code but not listed in the customer's coupons (e.g. a newsletter code). */
    listed: boolean('listed').notNull().default(true),
    /** Optional operator headline shown above the generated terms. */
    title: jsonb('title').$type<{ en: string; de: string }>(),
    active: boolean('active').notNull().default(true),
    /** Reserved uses (placed orders); a rejected or expired order gives its use back. */
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupons_code_unique').on(table.code),
    index('coupons_customer_idx').on(table.customerId),
    check('coupons_type_known', sql`${table.type} in ('PROMOTION', 'PERSONAL')`),
    check(
      'coupons_discount_valid',
      sql`(${table.discountKind} = 'amount' and ${table.amountCents} > 0 and ${table.percent} is null) or (${table.discountKind} = 'percentage' and ${table.percent} between 1 and 100 and ${table.amountCents} is null)`,
    ),
    check('coupons_personal_has_customer', sql`(${table.type} = 'PERSONAL') = (${table.customerId} is not null)`),
    check('coupons_per_customer_positive', sql`${table.usageLimitPerCustomer} between 1 and 100`),
    // The usage limit holds even under concurrent orders: redemption is a conditional UPDATE of this counter.
    check('coupons_times_redeemed_bounds', sql`${table.timesRedeemed} >= 0 and (${table.usageLimit} is null or ${table.timesRedeemed} <= ${table.usageLimit})`),
  ],
);

/** Every customer's own code ("REF-7KX2M9PQ"); the coupon it stands for is derived by referralCoupon. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    code: text('code').notNull(),
    /** false once the referrer's account is erased: the code then answers "no longer active". */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('referral_codes_user_unique').on(table.userId), uniqueIndex('referral_codes_code_unique').on(table.code)],
);

/**
 * A friend who opened a customer's share link while logged in (refer a friend: "invited"). One per
 * friend: the first code claimed is the one their coupons list offers for the first order.
 */
export const referralClaims = pgTable(
  'referral_claims',
  {
    friendId: text('friend_id').primaryKey(),
    referralId: text('referral_id').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('referral_claims_referral_idx').on(table.referralId)],
);

/**
 * One row per order that used a coupon or referral code. `coupon_id` is a coupons.id or a
 * referral_codes.id. A reserved row occupies one of the customer's `slot`s (1..usage limit per
 * customer); partial unique indexes make concurrent orders unable to exceed that limit, to use two
 * referral codes, or to put two coupons on one order. Restored rows (rejected/expired orders) stay
 * as history and free their slot.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: text('id').primaryKey(),
    couponId: text('coupon_id').notNull(),
    couponCode: text('coupon_code').notNull(),
    couponType: text('coupon_type').$type<'PROMOTION' | 'PERSONAL' | 'REFERRAL'>().notNull(),
    referrerId: text('referrer_id'),
    userId: text('user_id').notNull(),
    orderId: text('order_id').notNull(),
    slot: integer('slot').notNull().default(1),
    state: text('state').$type<'reserved' | 'restored'>().notNull().default('reserved'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('coupon_redemptions_slot_unique').on(table.couponId, table.userId, table.slot).where(sql`${table.state} = 'reserved'`),
    uniqueIndex('coupon_redemptions_one_referral').on(table.userId).where(sql`${table.state} = 'reserved' and ${table.couponType} = 'REFERRAL'`),
    uniqueIndex('coupon_redemptions_order_unique').on(table.orderId).where(sql`${table.state} = 'reserved'`),
    index('coupon_redemptions_coupon_idx').on(table.couponId),
    index('coupon_redemptions_order_idx').on(table.orderId),
    check('coupon_redemptions_state_known', sql`${table.state} in ('reserved', 'restored')`),
  ],
);

/** The "unseen" badge (spec §3): a coupon is unseen until the customer marks their coupons seen. */
export const couponSeen = pgTable(
  'coupon_seen',
  {
    userId: text('user_id').notNull(),
    couponCode: text('coupon_code').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.couponCode] })],
);
