import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { authSessions } from '../../../platform/auth';
import type { Db } from '../../../platform/db/client';
import type { PushTarget } from '../../../platform/push';
import { pushSubscriptions } from './schema';

/** Devices one account may have subscribed at once; a new one beyond that replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export interface SubscriptionRow extends PushTarget {
  id: string;
}

/**
 * Saves the subscription of the caller's browser. The same endpoint again (the browser renewed it,
 * or another account logged in on it) keeps its id and now belongs to this login.
 */
export async function saveSubscription(db: Db, input: { userId: string; sessionId: string; target: PushTarget; now: Date }): Promise<string> {
  const { userId, sessionId, target, now } = input;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ id: randomUUID(), userId, sessionId, endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, sessionId, p256dh: target.p256dh, auth: target.auth, createdAt: now } })
    .returning({ id: pushSubscriptions.id });
  const mine = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  const surplus = mine.slice(0, Math.max(0, mine.length - MAX_SUBSCRIPTIONS_PER_USER)).map((entry) => entry.id);
  if (surplus.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, surplus));
  return row!.id;
}

/** Deletes one of the user's subscriptions; false when there is none of that id for them. */
export async function deleteSubscription(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** Forgets a subscription the push service no longer knows (404/410). */
export async function forgetSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The user's subscriptions whose login is still valid at `now` (an expired login's device hears nothing). */
export async function liveSubscriptions(db: Db, userId: string, now: Date): Promise<SubscriptionRow[]> {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .innerJoin(authSessions, eq(authSessions.id, pushSubscriptions.sessionId))
    .where(and(eq(pushSubscriptions.userId, userId), gt(authSessions.expiresAt, now)));
}

/** Account deletion: every device of the user. */
export async function eraseSubscriptions(db: Db, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
