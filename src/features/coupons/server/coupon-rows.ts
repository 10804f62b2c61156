import type { Coupon } from '../model/public';
import type { coupons } from './schema';

export type CouponRow = typeof coupons.$inferSelect;

/** The rules' view of a stored coupon. */
export function couponFromRow(row: CouponRow): Coupon {
  return {
    code: row.code,
    type: row.type,
    discount: row.discountKind === 'amount' ? { kind: 'amount', amountCents: row.amountCents ?? 0 } : { kind: 'percentage', percent: row.percent ?? 0 },
    startsAt: row.startsAt,
    expiresAt: row.expiresAt,
    minOrderCents: row.minOrderCents,
    maxOrderCents: row.maxOrderCents,
    minOrderCount: row.minOrderCount,
    maxOrderCount: row.maxOrderCount,
    usageLimit: row.usageLimit,
    usageLimitPerCustomer: row.usageLimitPerCustomer,
    scope: { categories: row.scopeCategories, pzns: row.scopePzns },
    customerId: row.customerId,
    active: row.active,
  };
}

/** The columns a coupon's rule fields are stored in (id, counters and timestamps aside). */
export function couponColumns(coupon: Coupon) {
  return {
    code: coupon.code,
    type: coupon.type === 'PERSONAL' ? ('PERSONAL' as const) : ('PROMOTION' as const),
    discountKind: coupon.discount.kind,
    amountCents: coupon.discount.kind === 'amount' ? coupon.discount.amountCents : null,
    percent: coupon.discount.kind === 'percentage' ? coupon.discount.percent : null,
    startsAt: coupon.startsAt ?? null,
    expiresAt: coupon.expiresAt ?? null,
    minOrderCents: coupon.minOrderCents ?? null,
    maxOrderCents: coupon.maxOrderCents ?? null,
    minOrderCount: coupon.minOrderCount ?? null,
    maxOrderCount: coupon.maxOrderCount ?? null,
    usageLimit: coupon.usageLimit ?? null,
    usageLimitPerCustomer: coupon.usageLimitPerCustomer ?? 1,
    scopeCategories: [...(coupon.scope?.categories ?? [])],
    scopePzns: [...(coupon.scope?.pzns ?? [])],
    customerId: coupon.type === 'PERSONAL' ? (coupon.customerId ?? null) : null,
    active: coupon.active ?? true,
  };
}
