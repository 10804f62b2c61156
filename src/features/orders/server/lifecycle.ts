import { and, eq } from 'drizzle-orm';
import { withTransaction, type Db } from '../../../platform/db';
import { transition, type OrderEvent, type OrderStatus, type Transition } from '../model/order-machine';
import { creditWallet, referrerForOrderCoupon, refundWalletDebit, restoreCouponRedemption, returnStock } from './collaborators';
import type { OrdersContext } from './deps';
import { erasedCustomerColumns, isErasedCustomer } from './personal-data';
import { paymentStatus, refuse, type OrderResult } from './failures';
import { sendOrderMail, type OrderMailKind } from './mails';
import { publishOrderStatus } from './realtime';
import { findOrder, linesOf, paymentsOf, recordEvent, statusOf, type OrderRow, type OrderScope } from './repo';
import { orders, payments } from './schema';

/*
 * Every status change goes through the typed state machine (model/order-machine.ts): placement,
 * the pharmacy's steps, the customer's withdrawal, refunds and the sweeps. The machine names the
 * side effects; this runs them in the same transaction as the status change, with the order row
 * locked, so two actors (two staff members, staff and the customer, staff and a sweep) never both
 * act: the second finds the new status and is refused with INVALID_ORDER_TRANSITION.
 *
 * Provider calls (capture, release, refund) happen inside the transaction with an idempotency key
 * per order and step: if the commit fails after the provider said yes, the retried step gets the
 * same answer from the provider instead of moving money twice.
 */

export type Actor = 'customer' | 'pharmacist' | 'system';

export interface EventRequest {
  orderId: string;
  scope: OrderScope;
  event: OrderEvent;
  actor: Actor;
  actorId: string | null;
  /** reject and refund: the pharmacy's reason, shown to the customer. */
  reason?: string | null;
  /** reject: who ended the offer. */
  rejectedBy?: 'pharmacy' | 'timeout';
  /** false: no e-mail (the customer erasing their account is told by the deletion e-mail). */
  notify?: boolean;
}

const TIMESTAMP: Partial<Record<OrderStatus, 'acceptedAt' | 'rejectedAt' | 'packedAt' | 'pickedUpAt' | 'deliveredAt' | 'cancelledAt' | 'refundedAt'>> = {
  paid: 'acceptedAt',
  rejected: 'rejectedAt',
  packed: 'packedAt',
  in_transit: 'pickedUpAt',
  delivered: 'deliveredAt',
  cancelled: 'cancelledAt',
  refunded: 'refundedAt',
};

/** Self-pickup orders are handed over at the counter (no courier); deliveries go through the courier. */
function fitsMethod(order: OrderRow, event: OrderEvent, from: OrderStatus): boolean {
  if (event === 'pickup') return order.deliveryMethod !== 'pickup';
  if (event === 'deliver' && from === 'packed') return order.deliveryMethod === 'pickup';
  return true;
}

/**
 * The machine's step for `event` on `order` at `now` (the server's clock, so a lapsed offer cannot
 * be accepted however late the sweep runs), also checking the delivery method; else 409.
 */
export function checkStep(order: OrderRow, event: OrderEvent, now: Date): OrderResult<Transition> {
  const from = statusOf(order);
  const step = transition(from, event, { now, expiresAt: order.expiresAt });
  if (!step.ok || !fitsMethod(order, event, from)) return refuse(409, 'INVALID_ORDER_TRANSITION');
  return step;
}

/**
 * Writes a checked step: the new status (conditional on the old one, under the caller's row lock),
 * the step's timestamp, `changes`, and the history row. The one place an order's status is written.
 */
export async function writeStep(
  tx: Db,
  order: OrderRow,
  step: Transition,
  entry: { actor: Actor; actorId: string | null; note?: string | null; at: Date },
  changes: Partial<typeof orders.$inferInsert> = {},
): Promise<OrderRow> {
  const values: Partial<typeof orders.$inferInsert> = { ...changes, status: step.to, updatedAt: entry.at };
  const stamp = TIMESTAMP[step.to];
  if (stamp) values[stamp] = entry.at;
  if (step.to !== 'pending' && step.to !== 'awaiting_payment') values.expiresAt = null;
  const [updated] = await tx
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, order.id), eq(orders.status, step.from)))
    .returning();
  if (!updated) throw new Error(`order ${order.id} changed under its lock`);
  await recordEvent(tx, { orderId: order.id, from: step.from, to: step.to, event: step.event, actor: entry.actor, actorId: entry.actorId, note: entry.note ?? null, at: entry.at });
  return updated;
}

/**
 * Goods go back on the shelf when the order ends before they left the pharmacy. Once handed to the
 * courier or the customer they do not: a medicine that left the pharmacy is not sold again.
 */
const restocks = (from: OrderStatus, to: OrderStatus): boolean =>
  (['rejected', 'cancelled', 'expired', 'refunded'] as OrderStatus[]).includes(to) && (['pending', 'paid', 'packed'] as OrderStatus[]).includes(from);

/** Which e-mail the customer gets for a step (drafts that lapse or are dropped were never placed: none). */
function mailFor(step: Transition): OrderMailKind | null {
  switch (step.to) {
    case 'paid':
      return 'accepted';
    case 'rejected':
      return 'rejected';
    case 'cancelled':
      return step.from === 'pending' ? 'cancelled' : null;
    case 'refunded':
      return 'refunded';
    case 'delivered':
      return 'delivered';
    default:
      return null;
  }
}

export async function applyOrderEvent(ctx: OrdersContext, request: EventRequest): Promise<OrderResult<OrderRow>> {
  const gateway = ctx.deps.gateway;
  // Set inside the transaction callback, read after it.
  const done: { step: Transition | null } = { step: null };
  const result = await withTransaction(ctx.db, async (tx): Promise<OrderResult<OrderRow>> => {
    const now = ctx.clock.now();
    const order = await findOrder(tx, request.orderId, request.scope, { lock: true });
    if (!order) return refuse(404, 'ORDER_NOT_FOUND');
    const checked = checkStep(order, request.event, now);
    if (!checked.ok) return checked;
    const step = checked.value;

    const [payment] = (await paymentsOf(tx, [order.id])).values();
    let paymentState: typeof payments.$inferInsert.state | null = null;
    const paymentChanges: Partial<typeof payments.$inferInsert> = {};
    for (const effect of step.effects) {
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
          // What is left after partial refunds goes back; the key names that amount, so a retry cannot refund twice.
          const left = payment.amountCents - payment.refundedCents;
          if (left > 0) {
            const refunded = await gateway().refund({ authorizationId: payment.authorizationId, amountCents: left, idempotencyKey: `refund:${order.id}:${payment.refundedCents}:${left}` });
            if (!refunded.ok) return refuse(503, 'PAYMENT_UNAVAILABLE');
            paymentChanges.refundId = refunded.value.refundId;
          }
          paymentState = 'refunded';
          paymentChanges.refundedCents = payment.amountCents;
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

    if (restocks(step.from, step.to) && order.pharmacyId) {
      const lines = (await linesOf(tx, [order.id])).get(order.id) ?? [];
      for (const line of [...lines].sort((a, b) => a.pzn.localeCompare(b.pzn))) await returnStock(tx, order.pharmacyId, line.pzn, line.quantity, now);
    }

    const changes: Partial<typeof orders.$inferInsert> = {};
    if (request.event === 'reject') {
      changes.rejectionReason = request.reason ?? null;
      changes.rejectedBy = request.rejectedBy ?? 'pharmacy';
    }
    if (request.event === 'refund') changes.refundReason = request.reason ?? null;
    // An erased customer's order keeps nothing personal; the delivery address and phone only until delivered.
    const erased = await isErasedCustomer(tx, order.userId);
    if (erased) Object.assign(changes, erasedCustomerColumns(order, step.to));
    const updated = await writeStep(tx, order, step, { actor: request.actor, actorId: request.actorId, note: erased ? null : (request.reason ?? null), at: now }, changes);
    done.step = step;
    return { ok: true, value: updated };
  });

  if (result.ok && done.step) {
    await publishOrderStatus(ctx.db, result.value);
    if (request.notify !== false) {
      const mail = mailFor(done.step);
      if (mail) await sendOrderMail(ctx, result.value, mail, { effects: done.step.effects });
    }
  }
  return result;
}

/**
 * A partial refund after acceptance (a missing item, a damaged one): money goes back, the order
 * keeps its status. Refunding all that is left is the order's refund step instead (the caller
 * decides). The provider's idempotency key names the amount refunded before and this one, so a
 * retried request after a lost answer refunds once.
 */
export async function refundPart(ctx: OrdersContext, request: { orderId: string; scope: OrderScope; amountCents: number }): Promise<OrderResult<'partial' | 'whole'>> {
  return withTransaction(ctx.db, async (tx): Promise<OrderResult<'partial' | 'whole'>> => {
    const now = ctx.clock.now();
    const order = await findOrder(tx, request.orderId, request.scope, { lock: true });
    if (!order) return refuse(404, 'ORDER_NOT_FOUND');
    const checked = checkStep(order, 'refund', now);
    if (!checked.ok) return checked;
    const [payment] = (await paymentsOf(tx, [order.id])).values();
    if (!payment || payment.state !== 'captured') return refuse(409, 'INVALID_ORDER_TRANSITION');
    const left = payment.amountCents - payment.refundedCents;
    if (request.amountCents >= left) return { ok: true, value: 'whole' };
    const refunded = await ctx.deps.gateway().refund({
      authorizationId: payment.authorizationId,
      amountCents: request.amountCents,
      idempotencyKey: `refund:${order.id}:${payment.refundedCents}:${request.amountCents}`,
    });
    if (!refunded.ok) return refuse(paymentStatus(refunded.code), refunded.code);
    await tx
      .update(payments)
      .set({ refundedCents: payment.refundedCents + request.amountCents, refundId: refunded.value.refundId, updatedAt: now })
      .where(eq(payments.id, payment.id));
    return { ok: true, value: 'partial' };
  });
}
