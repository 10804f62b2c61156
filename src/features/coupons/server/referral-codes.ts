import { randomUUID } from 'node:crypto';
import { and, countDistinct, eq } from 'drizzle-orm';
import { generateReferralCode, normalizeCouponCode } from '../model/public';
import type { Db } from '../../../platform/db/client';
import { couponRedemptions, referralClaims, referralCodes } from './schema';

export type ReferralCodeRow = typeof referralCodes.$inferSelect;

const MAX_ATTEMPTS = 8;

export async function findReferralCodeOfUser(tx: Db, userId: string): Promise<ReferralCodeRow | null> {
  const [row] = await tx.select().from(referralCodes).where(eq(referralCodes.userId, userId));
  return row ?? null;
}

export async function findReferralCodeByCode(tx: Db, code: string): Promise<ReferralCodeRow | null> {
  const [row] = await tx.select().from(referralCodes).where(eq(referralCodes.code, normalizeCouponCode(code)));
  return row ?? null;
}

/**
 * The customer's own referral code, created on first use. Both unique indexes are on conflict:
 * a concurrent first call for the same customer returns that call's code, and a code another
 * customer already holds (1 in 8.5·10^11) is simply drawn again.
 */
export async function ensureReferralCode(tx: Db, userId: string, options: { now: Date; generate?: () => string }): Promise<string> {
  const generate = options.generate ?? (() => generateReferralCode());
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await findReferralCodeOfUser(tx, userId);
    if (existing) return existing.code;
    const [inserted] = await tx
      .insert(referralCodes)
      .values({ id: randomUUID(), userId, code: normalizeCouponCode(generate()), createdAt: options.now })
      .onConflictDoNothing()
      .returning({ code: referralCodes.code });
    if (inserted) return inserted.code;
  }
  throw new Error(`could not allocate a unique referral code after ${MAX_ATTEMPTS} attempts`);
}

/** Friends whose orders with this customer's code are placed and not given back (rejected, expired). */
export async function referralFriendCount(tx: Db, referralId: string): Promise<number> {
  const [row] = await tx
    .select({ friends: countDistinct(couponRedemptions.userId) })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, referralId), eq(couponRedemptions.state, 'reserved')));
  return Number(row?.friends ?? 0);
}


export type ClaimResult =
  | { ok: true; referral: ReferralCodeRow; claimedAt: Date }
  | { ok: false; code: 'COUPON_REFERRAL_INVALID' | 'COUPON_OWN_REFERRAL' | 'COUPON_REFERRAL_FIRST_ORDER_ONLY' };

/**
 * A friend opened a share link while logged in: they are now "invited" by that customer, and their
 * coupons offer the referral discount for their first order. The first code a friend claims stays
 * theirs (claiming again, any code, answers that one); one's own code, an unknown or withdrawn code,
 * and a friend who has ordered before are refused.
 */
export async function claimReferralCode(
  tx: Db,
  input: { friendId: string; code: string; now: Date; hasOrdered: boolean },
): Promise<ClaimResult> {
  const referral = await findReferralCodeByCode(tx, input.code);
  if (!referral || !referral.active) return { ok: false, code: 'COUPON_REFERRAL_INVALID' };
  if (referral.userId === input.friendId) return { ok: false, code: 'COUPON_OWN_REFERRAL' };
  const existing = await claimedReferralOf(tx, input.friendId);
  if (existing) return { ok: true, referral: existing.referral, claimedAt: existing.claimedAt };
  if (input.hasOrdered) return { ok: false, code: 'COUPON_REFERRAL_FIRST_ORDER_ONLY' };
  await tx.insert(referralClaims).values({ friendId: input.friendId, referralId: referral.id, claimedAt: input.now }).onConflictDoNothing();
  const claimed = await claimedReferralOf(tx, input.friendId);
  return claimed ? { ok: true, referral: claimed.referral, claimedAt: claimed.claimedAt } : { ok: false, code: 'COUPON_REFERRAL_INVALID' };
}

/** The referral code a friend claimed through a share link, if any. */
export async function claimedReferralOf(tx: Db, friendId: string): Promise<{ referral: ReferralCodeRow; claimedAt: Date } | null> {
  const [row] = await tx
    .select({ referral: referralCodes, claimedAt: referralClaims.claimedAt })
    .from(referralClaims)
    .innerJoin(referralCodes, eq(referralCodes.id, referralClaims.referralId))
    .where(eq(referralClaims.friendId, friendId));
  return row ?? null;
}

/** Whether the customer holds a referral redemption (an order placed with someone's code and not given back). */
export async function hasReferralRedemption(tx: Db, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.userId, userId), eq(couponRedemptions.couponType, 'REFERRAL'), eq(couponRedemptions.state, 'reserved')))
    .limit(1);
  return row !== undefined;
}

export type ReferralState = 'invited' | 'ordered' | 'reward_credited';

export interface ReferralEntry {
  state: ReferralState;
  invitedAt: Date | null;
  orderedAt: Date | null;
  creditedAt: Date | null;
}

/**
 * The friends of one referral code, newest first, without anything that identifies them: invited
 * (claimed the link), ordered (an order with the code is placed and not given back), reward
 * credited (that order was delivered and the referrer's wallet credited; `rewards` maps the
 * rewarded order ids to when). A friend whose order was rejected is back to invited, or gone if
 * they never claimed the link.
 */
export async function referralsOf(tx: Db, referralId: string, rewards: ReadonlyMap<string, Date>): Promise<ReferralEntry[]> {
  const claims = await tx.select().from(referralClaims).where(eq(referralClaims.referralId, referralId));
  const orders = await tx
    .select({ userId: couponRedemptions.userId, orderId: couponRedemptions.orderId, redeemedAt: couponRedemptions.redeemedAt })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, referralId), eq(couponRedemptions.state, 'reserved')));
  const byFriend = new Map<string, ReferralEntry>();
  for (const claim of claims) byFriend.set(claim.friendId, { state: 'invited', invitedAt: claim.claimedAt, orderedAt: null, creditedAt: null });
  for (const order of orders) {
    const creditedAt = rewards.get(order.orderId) ?? null;
    const entry = byFriend.get(order.userId) ?? { state: 'invited' as ReferralState, invitedAt: null, orderedAt: null, creditedAt: null };
    byFriend.set(order.userId, { ...entry, state: creditedAt ? 'reward_credited' : 'ordered', orderedAt: order.redeemedAt, creditedAt });
  }
  const latest = (entry: ReferralEntry) => Math.max(entry.invitedAt?.getTime() ?? 0, entry.orderedAt?.getTime() ?? 0, entry.creditedAt?.getTime() ?? 0);
  return [...byFriend.values()].sort((a, b) => latest(b) - latest(a));
}
