import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { coupons, couponSeen, referralClaims, referralCodes } from './schema';

/**
 * Account erasure: the unseen state and the referral link the customer claimed go, personal coupons and the referral code are withdrawn (a
 * friend who types the code is told it is no longer active; the code is never handed out again).
 * Redemptions stay, keyed by the tombstone id only, so usage limits keep counting correctly.
 */
export async function eraseCouponData(tx: Db, userId: string): Promise<void> {
  await tx.delete(couponSeen).where(eq(couponSeen.userId, userId));
  await tx.delete(referralClaims).where(eq(referralClaims.friendId, userId));
  await tx
    .update(coupons)
    .set({ active: false })
    .where(and(eq(coupons.type, 'PERSONAL'), eq(coupons.customerId, userId)));
  await tx.update(referralCodes).set({ active: false }).where(eq(referralCodes.userId, userId));
}
