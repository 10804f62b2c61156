import { z } from '@hono/zod-openapi';
import { localDate } from '../../../platform/time/wall-clock';
import { lastValidDate, type CouponPolicy } from '../model/public';
import { localizedCouponDescription } from '../model/coupon-terms';
import { couponFromRow } from './coupon-rows';
import type { CustomerCoupon } from './customer-coupons';

const Localized = z.object({ en: z.string(), de: z.string() });
const date = (description: string) => z.string().nullable().openapi({ format: 'date', example: '2026-12-31', description });

export const CouponDto = z
  .object({
    code: z.string().openapi({ example: 'WELCOME5' }),
    type: z.enum(['PROMOTION', 'PERSONAL']),
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
}).openapi('Referral');

export function toCouponDto(entry: CustomerCoupon, names: ReadonlyMap<string, { en: string; de: string }>, policy: CouponPolicy): CouponDto {
  const { row } = entry;
  return {
    code: row.code,
    type: row.type,
    title: row.title ? { en: row.title.en, de: row.title.de } : null,
    description: localizedCouponDescription(couponFromRow(row), { categoryNames: (slug) => names.get(slug), policy }),
    discount_kind: row.discountKind,
    amount_cents: row.amountCents,
    percent: row.percent,
    valid_from: row.startsAt ? localDate(row.startsAt) : null,
    valid_until: row.expiresAt ? lastValidDate(row.expiresAt) : null,
    min_order_cents: row.minOrderCents,
    max_order_cents: row.maxOrderCents,
    min_order_count: row.minOrderCount,
    max_order_count: row.maxOrderCount,
    categories: row.scopeCategories,
    pzns: row.scopePzns,
    uses_left: entry.usesLeft,
    seen: entry.seen,
  };
}
