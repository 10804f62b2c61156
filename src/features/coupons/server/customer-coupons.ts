import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { categoryNamesBySlug } from '../../catalog';
import type { Db } from '../../../platform/db/client';
import { couponFromRow, type CouponRow } from './coupon-rows';
import { couponRedemptions, coupons, couponSeen } from './schema';

export interface CustomerCoupon {
  row: CouponRow;
  seen: boolean;
  /** This customer's uses left (per-customer limit minus reserved uses). */
  usesLeft: number;
}

/**
 * The coupons a customer can still use (spec §7 GET /user/coupons): the shop's listed promotions
 * and their personal coupons, not expired, not used up shop-wide or by them. Coupons that start
 * later are included (the list says from when). Soonest expiry first.
 */
export async function listCustomerCoupons(db: Db, userId: string, now: Date): Promise<CustomerCoupon[]> {
  const uses = db
    .select({ couponId: couponRedemptions.couponId, uses: count().as('uses') })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.userId, userId), eq(couponRedemptions.state, 'reserved')))
    .groupBy(couponRedemptions.couponId)
    .as('uses');
  const rows = await db
    .select({ row: coupons, seenAt: couponSeen.seenAt, uses: uses.uses })
    .from(coupons)
    .leftJoin(couponSeen, and(eq(couponSeen.userId, userId), eq(couponSeen.couponCode, coupons.code)))
    .leftJoin(uses, eq(uses.couponId, coupons.id))
    .where(
      and(
        eq(coupons.active, true),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
        or(and(eq(coupons.type, 'PROMOTION'), eq(coupons.listed, true)), and(eq(coupons.type, 'PERSONAL'), eq(coupons.customerId, userId))),
        sql`(${coupons.usageLimit} is null or ${coupons.timesRedeemed} < ${coupons.usageLimit})`,
      ),
    )
    .orderBy(sql`${coupons.expiresAt} asc nulls last`, coupons.code);
  return rows
    .map((entry) => ({ row: entry.row, seen: entry.seenAt !== null, usesLeft: entry.row.usageLimitPerCustomer - Number(entry.uses ?? 0) }))
    .filter((entry) => entry.usesLeft > 0);
}

/** Marks every coupon the customer can currently see as seen (spec §4 "coupons can be marked seen"). */
export async function markCouponsSeen(db: Db, userId: string, now: Date): Promise<number> {
  const unseen = (await listCustomerCoupons(db, userId, now)).filter((entry) => !entry.seen);
  if (unseen.length === 0) return 0;
  await db
    .insert(couponSeen)
    .values(unseen.map((entry) => ({ userId, couponCode: entry.row.code, seenAt: now })))
    .onConflictDoNothing();
  return unseen.length;
}

/** Category names for the coupons' descriptions, by slug. */
export async function categoryNames(db: Db, rows: readonly CouponRow[]): Promise<Map<string, { en: string; de: string }>> {
  return categoryNamesBySlug(db, rows.flatMap((row) => couponFromRow(row).scope?.categories ?? []));
}
