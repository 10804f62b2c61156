import { randomUUID } from 'node:crypto';
import { and, countDistinct, eq } from 'drizzle-orm';
import { generateReferralCode, normalizeCouponCode } from '../model/public';
import type { Db } from '../../../platform/db/client';
import { couponRedemptions, referralCodes } from './schema';

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

