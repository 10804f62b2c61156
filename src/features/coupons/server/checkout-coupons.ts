import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { looksLikeReferralCode, normalizeCouponCode, referralCoupon, type Coupon, type CustomerCouponFacts } from '../model/public';
import type { Db } from '../../../platform/db/client';
import { couponFromRow } from './coupon-rows';
import { findReferralCodeByCode, findReferralCodeOfUser } from './referral-codes';
import { couponRedemptions, coupons, referralCodes } from './schema';

/**
 * What the orders feature needs from coupons, inside ITS transaction (pass the transaction as `tx`).
 * The rules themselves are this feature's pure evaluateCoupon (model/); these functions load its
 * inputs and make a redemption stick without ever exceeding a limit, however many orders arrive.
 */

export interface LoadCouponInput {
  code: string;
  userId: string;
  now: Date;
  /** The customer's earlier orders that count (orders' countsAsOrder). */
  orderCount: number;
  /** Orders placed but not yet accepted or refused; the referral first-order rule counts them. Default 0. */
  pendingOrderCount?: number;
}

export type LoadCouponResult =
  | {
      ok: true;
      /** Pass to redeemCoupon when the order is placed. */
      couponId: string;
      coupon: Coupon;
      facts: CustomerCouponFacts;
      /** evaluateCoupon's `totalRedemptions`. */
      totalRedemptions: number;
    }
  | { ok: false; code: 'COUPON_UNKNOWN' | 'COUPON_REFERRAL_INVALID' };

async function reservedCount(tx: Db, where: ReturnType<typeof and>): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(couponRedemptions).where(where);
  return Number(row?.n ?? 0);
}

/**
 * The coupon a customer typed, with the facts about them the rules need. A referral code becomes
 * its REFERRAL coupon (own code included, so the rules can say "your own code"). Unknown codes, a
 * withdrawn coupon and another customer's PERSONAL coupon are all "unknown": nobody learns from the
 * answer that someone else's code exists.
 */
export async function loadCouponForCheckout(tx: Db, input: LoadCouponInput): Promise<LoadCouponResult> {
  const code = normalizeCouponCode(input.code);
  const unknown = { ok: false as const, code: looksLikeReferralCode(code) ? ('COUPON_REFERRAL_INVALID' as const) : ('COUPON_UNKNOWN' as const) };
  if (code === '') return { ok: false, code: 'COUPON_UNKNOWN' };

  const own = await findReferralCodeOfUser(tx, input.userId);
  const referralRedemptions = await reservedCount(
    tx,
    and(eq(couponRedemptions.userId, input.userId), eq(couponRedemptions.couponType, 'REFERRAL'), eq(couponRedemptions.state, 'reserved')),
  );
  const facts = (redemptionsByCustomer: number): CustomerCouponFacts => ({
    customerId: input.userId,
    ownReferralCode: own?.code ?? null,
    orderCount: input.orderCount,
    pendingOrderCount: input.pendingOrderCount ?? 0,
    redemptionsByCustomer,
    referralRedemptions,
  });
  const byCustomer = (couponId: string) =>
    reservedCount(tx, and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, input.userId), eq(couponRedemptions.state, 'reserved')));

  const [row] = await tx.select().from(coupons).where(eq(coupons.code, code));
  if (row) {
    if (!row.active || (row.type === 'PERSONAL' && row.customerId !== input.userId)) return { ok: false, code: 'COUPON_UNKNOWN' };
    return { ok: true, couponId: row.id, coupon: couponFromRow(row), facts: facts(await byCustomer(row.id)), totalRedemptions: row.timesRedeemed };
  }

  const referral = await findReferralCodeByCode(tx, code);
  if (!referral) return unknown;
  const coupon = referralCoupon({ customerId: referral.userId, code: referral.code, active: referral.active });
  const uses = await byCustomer(referral.id);
  return { ok: true, couponId: referral.id, coupon, facts: facts(uses), totalRedemptions: 0 };
}

export type RedeemFailureCode = 'COUPON_USAGE_LIMIT_REACHED' | 'COUPON_ALREADY_USED' | 'COUPON_UNKNOWN' | 'COUPON_REFERRAL_INVALID' | 'COUPON_OWN_REFERRAL';
export type RedeemResult = { ok: true } | { ok: false; code: RedeemFailureCode };

interface RedeemTarget {
  id: string;
  code: string;
  type: 'PROMOTION' | 'PERSONAL' | 'REFERRAL';
  referrerId: string | null;
  usageLimit: number | null;
  perCustomer: number;
}

async function redeemTarget(tx: Db, couponId: string, userId: string): Promise<RedeemTarget | { ok: false; code: RedeemFailureCode }> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId));
  if (row) {
    if (!row.active || (row.type === 'PERSONAL' && row.customerId !== userId)) return { ok: false, code: 'COUPON_UNKNOWN' };
    return { id: row.id, code: row.code, type: row.type, referrerId: null, usageLimit: row.usageLimit, perCustomer: row.usageLimitPerCustomer };
  }
  const [referral] = await tx.select().from(referralCodes).where(eq(referralCodes.id, couponId));
  if (!referral) return { ok: false, code: 'COUPON_UNKNOWN' };
  if (referral.userId === userId) return { ok: false, code: 'COUPON_OWN_REFERRAL' };
  if (!referral.active) return { ok: false, code: 'COUPON_REFERRAL_INVALID' };
  return { id: referral.id, code: referral.code, type: 'REFERRAL', referrerId: referral.userId, usageLimit: null, perCustomer: 1 };
}

/**
 * Reserves one use of the coupon for the order. The shop-wide limit is a conditional UPDATE of the
 * counter (times_redeemed < usage_limit), the per-customer limit an INSERT into one of the
 * customer's free slots (a partial unique index), and a customer holds at most one referral
 * redemption (another index): concurrent orders can never exceed either, whatever the isolation
 * level. On a refusal nothing stays written. Calling it again for the same order and coupon is ok.
 * Note that the counter row stays locked until the caller's transaction ends.
 */
export async function redeemCoupon(tx: Db, input: { couponId: string; userId: string; orderId: string; now: Date }): Promise<RedeemResult> {
  const [already] = await tx
    .select({ couponId: couponRedemptions.couponId })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.orderId, input.orderId), eq(couponRedemptions.state, 'reserved')));
  if (already) {
    if (already.couponId === input.couponId) return { ok: true };
    throw new Error(`order ${input.orderId} already holds another coupon; restore it first`);
  }

  const target = await redeemTarget(tx, input.couponId, input.userId);
  if ('ok' in target) return target;

  const counted = target.type !== 'REFERRAL';
  if (counted) {
    const bumped = await tx
      .update(coupons)
      .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
      .where(and(eq(coupons.id, target.id), sql`(${coupons.usageLimit} is null or ${coupons.timesRedeemed} < ${coupons.usageLimit})`))
      .returning({ id: coupons.id });
    if (bumped.length === 0) return { ok: false, code: 'COUPON_USAGE_LIMIT_REACHED' };
  }

  for (let slot = 1; slot <= target.perCustomer; slot++) {
    const inserted = await tx
      .insert(couponRedemptions)
      .values({
        id: randomUUID(),
        couponId: target.id,
        couponCode: target.code,
        couponType: target.type,
        referrerId: target.referrerId,
        userId: input.userId,
        orderId: input.orderId,
        slot,
        state: 'reserved',
        redeemedAt: input.now,
      })
      // Any of the partial unique indexes: this slot taken, a referral already held, the order already has one.
      .onConflictDoNothing()
      .returning({ id: couponRedemptions.id });
    if (inserted.length > 0) return { ok: true };
  }

  if (counted) {
    await tx
      .update(coupons)
      .set({ timesRedeemed: sql`${coupons.timesRedeemed} - 1` })
      .where(and(eq(coupons.id, target.id), gt(coupons.timesRedeemed, 0)));
  }
  return { ok: false, code: 'COUPON_ALREADY_USED' };
}

/**
 * Gives the order's coupon use back (the pharmacy rejected it, nobody paid in time, a refund
 * before delivery): the customer may use the coupon again and the shop-wide count drops. Safe to
 * call repeatedly and for orders without a coupon.
 */
export async function restoreCouponRedemption(tx: Db, input: { orderId: string; now: Date }): Promise<{ restored: boolean }> {
  const rows = await tx
    .update(couponRedemptions)
    .set({ state: 'restored', restoredAt: input.now })
    .where(and(eq(couponRedemptions.orderId, input.orderId), eq(couponRedemptions.state, 'reserved')))
    .returning({ couponId: couponRedemptions.couponId, couponType: couponRedemptions.couponType });
  for (const row of rows) {
    if (row.couponType === 'REFERRAL') continue;
    await tx
      .update(coupons)
      .set({ timesRedeemed: sql`${coupons.timesRedeemed} - 1` })
      .where(and(eq(coupons.id, row.couponId), gt(coupons.timesRedeemed, 0)));
  }
  return { restored: rows.length > 0 };
}

/**
 * Who earns the referral reward when this order is delivered: the referrer whose code the order
 * used, while the code is still active (an erased account earns nothing). Null otherwise.
 */
export async function referrerForOrderCoupon(tx: Db, input: { orderId: string }): Promise<string | null> {
  const [row] = await tx
    .select({ referrerId: couponRedemptions.referrerId, active: referralCodes.active })
    .from(couponRedemptions)
    .innerJoin(referralCodes, eq(referralCodes.id, couponRedemptions.couponId))
    .where(and(eq(couponRedemptions.orderId, input.orderId), eq(couponRedemptions.couponType, 'REFERRAL'), eq(couponRedemptions.state, 'reserved')));
  if (!row?.active || !row.referrerId) return null;
  return row.referrerId;
}
