import { z } from '@hono/zod-openapi';
import { localDate } from '../../../platform/time/wall-clock';
import { couponFailureMessage, lastValidDate, type Coupon, type CouponFailure, type CouponPolicy } from '../model/public';
import { localizedCouponDescription } from '../model/coupon-terms';
import { couponFromRow } from './coupon-rows';
import type { CustomerCoupon } from './customer-coupons';

const Localized = z.object({ en: z.string(), de: z.string() });
const date = (description: string) => z.string().nullable().openapi({ format: 'date', example: '2026-12-31', description });

export const CouponDto = z
  .object({
    code: z.string().openapi({ example: 'WELCOME5' }),
    type: z.enum(['PROMOTION', 'PERSONAL', 'REFERRAL']).openapi({ description: "REFERRAL: a friend's code the customer claimed through their share link." }),
    title: Localized.nullable().openapi({ description: "The operator's headline, if any." }),
    description: Localized.openapi({ description: 'The terms in full sentences, generated from the rules the checkout applies.' }),
    discount_kind: z.enum(['amount', 'percentage']),
    amount_cents: z.number().int().nullable().openapi({ example: 500, description: 'For discount_kind amount.' }),
    percent: z.number().int().nullable().openapi({ example: null, description: 'For discount_kind percentage: whole percent of the eligible items.' }),
    valid_from: date('First Berlin date the coupon works on; null: already valid.'),
    valid_until: date('Last Berlin date the coupon works on (inclusive); null: no end.'),
    min_order_cents: z.number().int().nullable(),
    max_order_cents: z.number().int().nullable(),
    min_order_count: z.number().int().nullable().openapi({ description: 'Earlier orders needed (pending ones do not count).' }),
    max_order_count: z.number().int().nullable().openapi({ description: 'Earlier orders allowed at most; 0: first order only.' }),
    categories: z.array(z.string()).openapi({ description: 'Category slugs the coupon is limited to; empty: any.' }),
    pzns: z.array(z.string()).openapi({ description: 'Products the coupon is limited to; empty: any.' }),
    uses_left: z.number().int().openapi({ description: 'How often this customer can still use it.' }),
    seen: z.boolean().openapi({ description: 'false until the customer marks their coupons seen (POST /user/mark-seen).' }),
    blocked: z
      .object({ code: z.string().openapi({ example: 'COUPON_NOT_YET_VALID' }), message: Localized })
      .nullable()
      .openapi({ description: 'Why the coupon cannot be used now, whatever the cart holds (not yet valid, order count, first order only); null: it can.' }),
  })
  .openapi('Coupon');
export type CouponDto = z.infer<typeof CouponDto>;

export const ReferralSummaryDto = z
  .object({
    code: z.string().openapi({ example: 'REF-7KX2M9PQ', description: "The customer's own referral code, to give to friends." }),
    discount_cents: z.number().int().openapi({ example: 1000, description: "Off the friend's first order." }),
    reward_cents: z.number().int().openapi({ example: 1000, description: "Credited to the customer's wallet when that order is delivered." }),
    min_order_cents: z.number().int().openapi({ example: 2000 }),
    terms: Localized,
  })
  .openapi('ReferralSummary');
export type ReferralSummaryDto = z.infer<typeof ReferralSummaryDto>;

export const CouponListDto = z.object({ items: z.array(CouponDto), referral: ReferralSummaryDto }).openapi('CouponList');
export const UnseenCouponsDto = z.object({ items: z.array(CouponDto), count: z.number().int() }).openapi('UnseenCoupons');

export const MarkSeenBody = z.object({ status: z.literal(true).openapi({ description: 'Must be true (spec §3 mark-seen payload).' }) }).openapi('MarkSeen');
export const MarkSeenDto = z
  .object({ status: z.literal(true), marked: z.number().int().openapi({ description: 'Coupons that were unseen until now.' }) })
  .openapi('MarkSeenResult');

export const ReferralDto = ReferralSummaryDto.extend({
  friends_count: z.number().int().openapi({ description: 'Friends whose orders with the code are placed (rejected or expired orders do not count).' }),
  rewards_count: z.number().int().openapi({ description: 'Rewards credited so far (one per delivered friend order).' }),
  rewards_cents: z.number().int(),
  referrals: z
    .array(
      z.object({
        state: z.enum(['invited', 'ordered', 'reward_credited']),
        invited_at: z.string().nullable().openapi({ format: 'date-time', description: 'When the friend opened the share link logged in; null: they typed the code at checkout.' }),
        ordered_at: z.string().nullable().openapi({ format: 'date-time' }),
        credited_at: z.string().nullable().openapi({ format: 'date-time' }),
      }),
    )
    .openapi({ description: 'Friends so far, newest activity first, without anything that identifies them.' }),
}).openapi('Referral');

export const ReferralClaimBody = z.object({ code: z.string().min(1).max(40).openapi({ example: 'REF-7KX2M9PQ' }) }).openapi('ReferralClaim');
export const ReferralClaimDto = z
  .object({ code: z.string(), discount_cents: z.number().int(), claimed_at: z.string().openapi({ format: 'date-time' }) })
  .openapi('ReferralClaimResult');

export interface CouponDtoFacts {
  title: { en: string; de: string } | null;
  usesLeft: number;
  seen: boolean;
  blocked: CouponFailure | null;
}

export function toCouponDto(coupon: Coupon, facts: CouponDtoFacts, names: ReadonlyMap<string, { en: string; de: string }>, policy: CouponPolicy): CouponDto {
  // A referral code is for the first order only; its rule says so in words like any coupon's.
  const described = coupon.type === 'REFERRAL' ? { ...coupon, maxOrderCount: 0 } : coupon;
  return {
    code: coupon.code,
    type: coupon.type,
    title: facts.title ? { en: facts.title.en, de: facts.title.de } : null,
    description: localizedCouponDescription(described, { categoryNames: (slug) => names.get(slug), policy }),
    discount_kind: coupon.discount.kind,
    amount_cents: coupon.discount.kind === 'amount' ? coupon.discount.amountCents : null,
    percent: coupon.discount.kind === 'percentage' ? coupon.discount.percent : null,
    valid_from: coupon.startsAt ? localDate(coupon.startsAt) : null,
    valid_until: coupon.expiresAt ? lastValidDate(coupon.expiresAt) : null,
    min_order_cents: coupon.minOrderCents ?? null,
    max_order_cents: coupon.maxOrderCents ?? null,
    min_order_count: coupon.minOrderCount ?? null,
    max_order_count: described.maxOrderCount ?? null,
    categories: [...(coupon.scope?.categories ?? [])],
    pzns: [...(coupon.scope?.pzns ?? [])],
    uses_left: facts.usesLeft,
    seen: facts.seen,
    blocked: facts.blocked
      ? { code: facts.blocked.code, message: { en: couponFailureMessage(facts.blocked, 'en'), de: couponFailureMessage(facts.blocked, 'de') } }
      : null,
  };
}

/** A stored coupon's DTO (seen state and uses left from the customer's list). */
export function storedCouponDto(
  entry: CustomerCoupon,
  blocked: CouponFailure | null,
  names: ReadonlyMap<string, { en: string; de: string }>,
  policy: CouponPolicy,
): CouponDto {
  return toCouponDto(couponFromRow(entry.row), { title: entry.row.title, usesLeft: entry.usesLeft, seen: entry.seen, blocked }, names, policy);
}
