import { and, eq } from 'drizzle-orm';
import { transition, type OrderEvent, type OrderStatus } from '../model/order-machine';
import { creditWallet, referrerForOrderCoupon, refundWalletDebit, restoreCouponRedemption, returnStock } from './collaborators';
import type { OrdersContext } from './deps';
import { withTransaction } from '../../../platform/db';
import { paymentStatus, refuse, type OrderResult } from './failures';
import { sendOrderMail, type OrderMailKind } from './mails';
import { findOrder, linesOf, paymentsOf, recordEvent, statusOf, type OrderRow, type OrderScope } from './repo';
import { orders, payments } from './schema';

/*
 * Status changes after placement, through the typed state machine (model/order-machine.ts). The
 * machine names the side effects; this runs them in the same transaction as the status change,
 * with the order row locked, so two staff members (or staff and the expiry sweep) never both act:
 * the second finds the new status and is refused with INVALID_ORDER_TRANSITION.
 *
 * Provider calls (capture, release, refund) happen inside the transaction with an idempotency key
 * per order and step: if the commit fails after the provider said yes, the retried step gets the
 * same answer from the provider instead of moving money twice.
 */

export interface EventRequest {
  orderId: string;
  scope: OrderScope;
  event: OrderEvent;
  actor: 'customer' | 'pharmacist' | 'system';
  actorId: string | null;
  /** reject: the pharmacy's reason, shown to the customer. */
  reason?: string | null;
  /** reject: who ended the offer. */
  rejectedBy?: 'pharmacy' | 'timeout';
}

const TIMESTAMP: Partial<Record<OrderStatus, keyof typeof orders.$inferInsert>> = {
  paid: 'acceptedAt',
  rejected: 'rejectedAt',
  packed: 'packedAt',
  in_transit: 'pickedUpAt',
  delivered: 'deliveredAt',
};

const MAIL: Partial<Record<OrderStatus, OrderMailKind>> = { paid: 'accepted', rejected: 'rejected', refunded: 'rejected', delivered: 'delivered' };

/** Goods go back on the shelf when the order ends before they left the pharmacy. */
const restocks = (from: OrderStatus, to: OrderStatus): boolean =>
  (['rejected', 'cancelled', 'expired', 'refunded'] as OrderStatus[]).includes(to) && (['pending', 'paid', 'packed'] as OrderStatus[]).includes(from);

/** Self-pickup orders are handed over at the counter (no courier); deliveries go through the courier. */
function fitsMethod(order: OrderRow, event: OrderEvent, from: OrderStatus): boolean {
  if (event === 'pickup') return order.deliveryMethod !== 'pickup';
  if (event === 'deliver' && from === 'packed') return order.deliveryMethod === 'pickup';
  return true;
}

export async function applyOrderEvent(ctx: OrdersContext, request: EventRequest): Promise<OrderResult<OrderRow>> {
  const gateway = ctx.deps.gateway;
  // Set inside the transaction callback, read after it.
  const mailFacts = { refunded: false };
  const result = await withTransaction(ctx.db, async (tx): Promise<OrderResult<OrderRow>> => {
    const now = ctx.clock.now();
    const order = await findOrder(tx, request.orderId, request.scope, { lock: true });
    if (!order) return refuse(404, 'ORDER_NOT_FOUND');
    const from = statusOf(order);
    const step = transition(from, request.event);
    if (!step.ok || !fitsMethod(order, request.event, from)) return refuse(409, 'INVALID_ORDER_TRANSITION');

    const [payment] = (await paymentsOf(tx, [order.id])).values();
    let paymentState: typeof payments.$inferInsert.state | null = null;
    const paymentChanges: Partial<typeof payments.$inferInsert> = {};
    for (const effect of step.value.effects) {
      switch (effect) {
        case 'CAPTURE_PAYMENT': {
          if (!payment || payment.state !== 'authorized') break;
          const captured = await gateway().capture({ authorizationId: payment.authorizationId, amountCents: payment.amountCents, idempotencyKey: `capture:${order.id}` });
          if (!captured.ok) return refuse(paymentStatus(captured.code), captured.code);
          paymentState = 'captured';
          paymentChanges.captureId = captured.value.captureId;
          break;
        }
        case 'RELEASE_PAYMENT': {
          if (!payment || payment.state !== 'authorized') break;
          const released = await gateway().release({ authorizationId: payment.authorizationId, idempotencyKey: `release:${order.id}` });
          // The customer must not stay charged: without the provider the change waits (staff or the sweep retry).
          if (!released.ok) return refuse(503, 'PAYMENT_UNAVAILABLE');
          paymentState = 'released';
          break;
        }
        case 'REFUND_PAYMENT': {
          if (!payment || payment.state !== 'captured') break;
          const refunded = await gateway().refund({ authorizationId: payment.authorizationId, amountCents: payment.amountCents, idempotencyKey: `refund:${order.id}` });
          if (!refunded.ok) return refuse(503, 'PAYMENT_UNAVAILABLE');
          paymentState = 'refunded';
          paymentChanges.refundId = refunded.value.refundId;
          mailFacts.refunded = true;
          break;
        }
        case 'RESTORE_COUPON':
          await restoreCouponRedemption(tx, { orderId: order.id, now });
          break;
        case 'RESTORE_WALLET_CREDIT':
          await refundWalletDebit(tx, { orderId: order.id, now });
          break;
        case 'GRANT_REFERRAL_REWARD': {
          const referrerId = await referrerForOrderCoupon(tx, { orderId: order.id });
          if (referrerId && referrerId !== order.userId) {
            await creditWallet(tx, { userId: referrerId, cents: ctx.deps.settings.referral.rewardCents, kind: 'referral_reward', orderId: order.id, now });
          }
          break;
        }
      }
    }
    if (paymentState && payment) {
      await tx
        .update(payments)
        .set({ ...paymentChanges, state: paymentState, updatedAt: now })
        .where(eq(payments.id, payment.id));
    }

    if (restocks(from, step.value.to) && order.pharmacyId) {
      const lines = (await linesOf(tx, [order.id])).get(order.id) ?? [];
      for (const line of [...lines].sort((a, b) => a.pzn.localeCompare(b.pzn))) await returnStock(tx, order.pharmacyId, line.pzn, line.quantity, now);
    }

    const changes: Partial<typeof orders.$inferInsert> = { status: step.value.to, updatedAt: now };
    const stamp = TIMESTAMP[step.value.to];
    if (stamp) (changes as Record<string, unknown>)[stamp] = now;
    if (step.value.to !== 'pending' && step.value.to !== 'awaiting_payment') changes.expiresAt = null;
    if (request.event === 'reject') {
      changes.rejectionReason = request.reason ?? null;
      changes.rejectedBy = request.rejectedBy ?? 'pharmacy';
    }
    const [updated] = await tx
      .update(orders)
      .set(changes)
      .where(and(eq(orders.id, order.id), eq(orders.status, from)))
      .returning();
    if (!updated) throw new Error(`order ${order.id} changed under its lock`);
    await recordEvent(tx, { orderId: order.id, from, to: step.value.to, event: request.event, actor: request.actor, actorId: request.actorId, note: request.reason ?? null, at: now });
    return { ok: true, value: updated };
  });

  if (result.ok) {
    const mail = MAIL[statusOf(result.value)];
    if (mail) await sendOrderMail(ctx, result.value, mail, mailFacts);
  }
  return result;
}
