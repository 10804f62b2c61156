import { and, eq, inArray } from 'drizzle-orm';
import type { ErasureContext } from '../../accounts';
import { fixedClock } from '../../../platform/clock';
import type { Db } from '../../../platform/db';
import type { OrdersDeps } from './deps';
import { applyOrderEvent } from './lifecycle';
import { erasedCustomerColumns } from './personal-data';
import { statusOf } from './repo';
import { customerFeedback, idempotencyKeys, orderEvents, orderRatings, orders, payments } from './schema';

/**
 * Account erasure (GDPR Art. 17), inside the deletion's transaction:
 *
 * - drafts go (they reserve nothing and were never sent to a pharmacy);
 * - offers the pharmacy has not accepted yet are withdrawn through the state machine, exactly as
 *   the customer's own "Cancel order": the card reservation is released, stock, coupon and credit
 *   go back. If the payment provider cannot release now, the deletion fails and can be retried;
 * - every other order keeps only what the books need (personal-data.ts); one still being delivered
 *   keeps its delivery address and phone until it arrives;
 * - the history's free-text notes, the card token of each payment and the stored placement answers
 *   (which repeat the address) go;
 * - general feedback messages and the comments of ratings go (the stars stay, without the
 *   customer, for the pharmacy's average).
 */
export async function eraseOrdersOfUser(deps: OrdersDeps, tx: Db, userId: string, { now }: ErasureContext): Promise<void> {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  await tx.delete(customerFeedback).where(eq(customerFeedback.userId, userId));
  await tx.update(orderRatings).set({ comment: null }).where(eq(orderRatings.userId, userId));
  await tx.delete(orders).where(and(eq(orders.userId, userId), eq(orders.status, 'awaiting_payment')));

  const ctx = { db: tx, clock: fixedClock(now), locale: 'en' as const, deps };
  const offers = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  for (const { id } of offers) {
    const cancelled = await applyOrderEvent(ctx, { orderId: id, scope: { userId }, event: 'cancel', actor: 'customer', actorId: userId, notify: false });
    if (!cancelled.ok) throw new Error(`open order ${id} could not be withdrawn (${cancelled.code}); the account is kept, try again`);
  }

  const kept = await tx.select({ id: orders.id, status: orders.status, meta: orders.meta }).from(orders).where(eq(orders.userId, userId));
  for (const order of kept) {
    await tx.update(orders).set(erasedCustomerColumns(order, statusOf(order))).where(eq(orders.id, order.id));
  }
  const ids = kept.map((order) => order.id);
  if (ids.length === 0) return;
  await tx.update(orderEvents).set({ note: null }).where(inArray(orderEvents.orderId, ids));
  await tx.update(payments).set({ tokenRef: null }).where(inArray(payments.orderId, ids));
}
