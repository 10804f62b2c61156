import { and, eq, type WithSubquery } from 'drizzle-orm';
import { withTransaction, type Db } from '../../../platform/db';
import type { PaymentMethodType } from '../../../platform/payments/types';
import { PRESCRIPTION_EVENTS, transition, type OrderEvent, type OrderStatus, type Transition, type TransitionFacts } from '../model/order-machine';
import { checkRedelivery, type RedeliveryChoice } from '../model/redelivery';
import {
  activePharmacy,
  creditWallet,
  markDispensed,
  markReturned,
  referrerForOrderCoupon,
  refundWalletDebit,
  releaseFromOrder,
  restoreCouponRedemption,
  returnStock,
  type PrescriptionDeps,
} from './collaborators';
import type { OrdersContext } from './deps';
import { erasedCustomerColumns, isErasedCustomer } from './personal-data';
import { paymentStatus, refuse, type OrderResult } from './failures';
import { sendOrderMail, type OrderMailKind } from './mails';
import { sendOrderPush } from './push';
import { publishOrderStatus } from './realtime';
import { eventInsert, findOrder, linesOf, paymentsOf, statusOf, type OrderLineRow, type OrderRow, type OrderScope } from './repo';
import { orderEvents, orderLines as orderLinesTable, orders, payments } from './schema';

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

export type Actor = 'customer' | 'pharmacist' | 'courier' | 'system';

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
  /**
   * Work of a higher feature that belongs to the same step, run in its transaction after the step
   * was checked and before it is written (delivery: the courier a parcel is handed to). A failure
   * it returns refuses the step; nothing is written.
   */
  within?: (tx: Db, order: OrderRow, now: Date) => Promise<OrderResult<void>>;
  /** pickup of a parcel order: the parcel service's tracking number (required there). */
  trackingNumber?: string | null;
  /** refund_lines: which units of which lines go back. */
  refundLines?: readonly { pzn: string; quantity: number }[];
  /** reschedule: the customer's new courier window or pickup, checked against what the pharmacy offers at the step's time. */
  redelivery?: RedeliveryChoice;
  /** reject_line: the prescription line's position in the order. */
  linePosition?: number;
}

/** The order's prescription lines, and whether it has any. */
const prescriptionLinesOf = (lines: readonly OrderLineRow[]) => lines.filter((line) => line.prescriptionId !== null);

/** What the machine needs to know of an order beyond its status (TransitionFacts). */
export function transitionFacts(order: OrderRow, lines: readonly OrderLineRow[]): TransitionFacts {
  return { prescriptions: prescriptionLinesOf(lines).length > 0, dispensed: order.prescriptionsDispensedAt !== null };
}

/** The customer's share of the rejected prescription lines: never charged. */
const rejectedShareCents = (lines: readonly OrderLineRow[]) => lines.filter((line) => line.prescriptionStatus === 'rejected').reduce((sum, line) => sum + line.lineTotalCents, 0);

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
  if (event === 'bring_back') return order.deliveryMethod !== 'pickup';
  // Only a courier order the courier brought back (it left the pharmacy once) is rearranged.
  if (event === 'reschedule') return order.deliveryMethod === 'courier' && order.pickedUpAt !== null;
  return true;
}

/**
 * The machine's step for `event` on `order` at `now` (the server's clock, so a lapsed offer cannot
 * be accepted however late the sweep runs), also checking the delivery method; else 409.
 */
export function checkStep(order: OrderRow, event: OrderEvent, now: Date, facts: TransitionFacts = { prescriptions: false }): OrderResult<Transition> {
  const from = statusOf(order);
  const step = transition(from, event, { now, expiresAt: order.expiresAt }, facts);
  if (!step.ok || !fitsMethod(order, event, from)) return refuse(409, 'INVALID_ORDER_TRANSITION');
  // The pharmaceutical check is done once, and before packing (spec §4: a stage of its own).
  if (event === 'check' && order.checkedAt) return refuse(409, 'INVALID_ORDER_TRANSITION');
  if (event === 'pack' && !order.checkedAt) return refuse(409, 'CHECK_REQUIRED');
  // Prescribed medicines are packed once dispensed (reported to the prescription system).
  if (event === 'pack' && facts.prescriptions && !facts.dispensed) return refuse(409, 'DISPENSE_REQUIRED');
  return step;
}

/** Cents of a line's units: its price after the coupon's share, pro rata (rounded down, never more than was paid). */
export function unitsCents(line: Pick<OrderLineRow, 'lineTotalCents' | 'couponDiscountCents' | 'quantity'>, units: number): number {
  return Math.floor(((line.lineTotalCents - line.couponDiscountCents) * units) / line.quantity);
}

/** What of the captured amount has not gone back yet (single-line refunds before). */

/**
 * Writes a checked step: the new status (conditional on the old one, under the caller's row lock),
 * the step's timestamp, `changes`, and the history row. The one place an order's status is written.
 * One statement: the history row and the `alongside` writes (the placement's payment, lines and
 * answer) go in it as data-modifying CTEs, since each statement is a round trip the order's lock is
 * held over; given a function, it gets the row as the step leaves it. They run even when the status
 * condition fails; the throw then rolls them back with the rest.
 */
export async function writeStep(
  tx: Db,
  order: OrderRow,
  step: Transition,
  entry: { actor: Actor; actorId: string | null; note?: string | null; at: Date },
  changes: Partial<typeof orders.$inferInsert> = {},
  alongside: readonly WithSubquery[] | ((after: OrderRow) => readonly WithSubquery[]) = [],
): Promise<OrderRow> {
  const values: Partial<typeof orders.$inferInsert> = { ...changes, status: step.to, updatedAt: entry.at };
  const stamp = TIMESTAMP[step.to];
  // A step that keeps the status (check, refund_lines) does not restamp it; brought back (nobody
  // home), the order was packed already and keeps that time.
  if (stamp && step.from !== step.to && step.event !== 'bring_back') values[stamp] = entry.at;
  if (step.to !== 'pending' && step.to !== 'awaiting_payment') values.expiresAt = null;
  const logged = tx
    .$with('step_logged')
    .as(eventInsert(tx, { orderId: order.id, from: step.from, to: step.to, event: step.event, actor: entry.actor, actorId: entry.actorId, note: entry.note ?? null, at: entry.at }).returning({ id: orderEvents.id }));
  const writes = typeof alongside === 'function' ? alongside({ ...order, ...values }) : alongside;
  const [updated] = await tx
    .with(logged, ...writes)
    .update(orders)
    .set(values)
    .where(and(eq(orders.id, order.id), eq(orders.status, step.from)))
    .returning();
  if (!updated) throw new Error(`order ${order.id} changed under its lock`);
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
  // Steps that keep the status (check, single-line refunds) send no status e-mail; a new time or pickup after nobody home is confirmed.
  if (step.from === step.to) return step.event === 'reschedule' ? 'redelivery_chosen' : null;
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
    case 'packed':
      return step.event === 'bring_back' ? 'missed_delivery' : null;
    default:
      return null;
  }
}

export async function applyOrderEvent(ctx: OrdersContext, request: EventRequest): Promise<OrderResult<OrderRow>> {
  const gateway = ctx.deps.gateway;
  // Set inside the transaction callback, read after it.
  const done: { step: Transition | null; partial?: { cents: number; lines: { name: string; quantity: number }[] } } = { step: null };
  // The prescription system and the token vault, loaded before the transaction (on PGlite it holds the only connection).
  const rx: { deps: PrescriptionDeps | null } = { deps: null };
  if (PRESCRIPTION_EVENTS.includes(request.event)) {
    try {
      rx.deps = await ctx.deps.prescriptions(ctx.db);
    } catch {
      return refuse(503, 'PRESCRIPTION_SERVICE_UNAVAILABLE');
    }
  }
  const result = await withTransaction(ctx.db, async (tx): Promise<OrderResult<OrderRow>> => {
    const now = ctx.clock.now();
    const order = await findOrder(tx, request.orderId, request.scope, { lock: true });
    if (!order) return refuse(404, 'ORDER_NOT_FOUND');
    const orderLines = (await linesOf(tx, [order.id])).get(order.id) ?? [];
    const checked = checkStep(order, request.event, now, transitionFacts(order, orderLines));
    if (!checked.ok) return checked;
    const step = checked.value;
    const changes: Partial<typeof orders.$inferInsert> = {};
    if (request.event === 'reschedule') {
      if (!request.redelivery) return refuse(400, 'DELIVERY_TIME_REQUIRED');
      const pharmacy = order.pharmacyId ? await activePharmacy(tx, order.pharmacyId) : null;
      const columns = checkRedelivery(request.redelivery, pharmacy, now, ctx.deps.settings.timing);
      if (!columns.ok) return refuse(columns.code === 'DELIVERY_TIME_REQUIRED' ? 400 : 409, columns.code);
      Object.assign(changes, columns.value);
    }
    if (request.within) {
      const joined = await request.within(tx, order, now);
      if (!joined.ok) return joined;
    }

    const [payment] = (await paymentsOf(tx, [order.id])).values();
    if (request.event === 'pickup' && order.deliveryMethod === 'parcel' && !request.trackingNumber?.trim()) return refuse(400, 'TRACKING_NUMBER_REQUIRED');
    let paymentState: typeof payments.$inferInsert.state | null = null;
    const paymentChanges: Partial<typeof payments.$inferInsert> = {};
    for (const effect of step.effects) {
      switch (effect) {
        case 'CAPTURE_PAYMENT': {
          if (!payment || payment.state !== 'authorized') break;
          // A prescription order is captured at dispensing, without the share of its rejected lines.
          const amountCents = payment.amountCents - rejectedShareCents(orderLines);
          if (amountCents <= 0) {
            const released = await gateway().release({ authorizationId: payment.authorizationId, idempotencyKey: `release:${order.id}` });
            if (!released.ok) return refuse(503, 'PAYMENT_UNAVAILABLE');
            paymentState = 'released';
            break;
          }
          const method = payment.method as PaymentMethodType;
          // SEPA direct debit: the mandate's debit starts here (nothing was taken before acceptance); it
          // cannot take less than the mandate's amount, so the rejected share is refunded at once.
          const partialSepa = method === 'sepa_debit' && amountCents < payment.amountCents;
          const captured = await gateway().capture({ authorizationId: payment.authorizationId, amountCents: partialSepa ? payment.amountCents : amountCents, method, idempotencyKey: `capture:${order.id}` });
          if (!captured.ok) return refuse(paymentStatus(captured.code), captured.code);
          paymentState = 'captured';
          paymentChanges.captureId = captured.value.captureId;
          if (partialSepa) {
            const back = payment.amountCents - amountCents;
            const refunded = await gateway().refund({ authorizationId: payment.authorizationId, amountCents: back, idempotencyKey: `refund:${order.id}:rejected-lines:${back}` });
            if (!refunded.ok) return refuse(503, 'PAYMENT_UNAVAILABLE');
            paymentChanges.refundId = refunded.value.refundId;
            paymentChanges.refundedCents = back;
          } else if (amountCents < payment.amountCents) {
            // Captured less than held: the rest of the hold lapses; the payment is what was taken.
            paymentChanges.amountCents = amountCents;
          }
          break;
        }
        case 'DISPENSE_PRESCRIPTIONS': {
          const open = prescriptionLinesOf(orderLines).filter((line) => line.prescriptionStatus === 'open');
          const byPrescription = new Map<string, OrderLineRow[]>();
          for (const line of open) byPrescription.set(line.prescriptionId!, [...(byPrescription.get(line.prescriptionId!) ?? []), line]);
          for (const [prescriptionId, lines] of byPrescription) {
            const reported = await markDispensed(tx, rx.deps!, prescriptionId, lines.map((line) => ({ pzn: line.pzn, quantity: line.quantity })), now);
            if (!reported.ok) return refuse(reported.code === 'PRESCRIPTION_SERVICE_UNAVAILABLE' ? 503 : 409, reported.code);
          }
          if (open.length > 0) {
            await tx
              .update(orderLinesTable)
              .set({ prescriptionStatus: 'dispensed' })
              .where(and(eq(orderLinesTable.orderId, order.id), eq(orderLinesTable.prescriptionStatus, 'open')));
          }
          changes.prescriptionsDispensedAt = now;
          changes.prescriptionsDispensedBy = request.actorId;
          break;
        }
        case 'RETURN_PRESCRIPTION_LINE': {
          const line = prescriptionLinesOf(orderLines).find((candidate) => candidate.position === request.linePosition);
          if (!line) return refuse(404, 'PRESCRIPTION_LINE_NOT_FOUND');
          if (line.prescriptionStatus !== 'open') return refuse(409, 'INVALID_ORDER_TRANSITION');
          if (!request.reason?.trim()) return refuse(400, 'MISSING_PARAMS');
          await tx
            .update(orderLinesTable)
            .set({ prescriptionStatus: 'rejected', prescriptionRejectReason: request.reason.trim() })
            .where(and(eq(orderLinesTable.orderId, order.id), eq(orderLinesTable.position, line.position)));
          // None of its medicines is dispensed any more: the prescription goes back, for another pharmacy.
          const othersOpen = orderLines.some((other) => other.prescriptionId === line.prescriptionId && other.position !== line.position && other.prescriptionStatus === 'open');
          if (!othersOpen) {
            const returned = await markReturned(tx, rx.deps!, line.prescriptionId!, now, { allowInOrder: true });
            if (!returned.ok) return refuse(returned.code === 'PRESCRIPTION_SERVICE_UNAVAILABLE' ? 503 : 409, returned.code);
          }
          break;
        }
        case 'RELEASE_PRESCRIPTIONS': {
          // Not dispensed ones only: back to redeemed, for another order (releaseFromOrder leaves the rest).
          const ids = [...new Set(prescriptionLinesOf(orderLines).map((line) => line.prescriptionId!))];
          await releaseFromOrder(tx, ids, order.id, now);
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
          if (payment && payment.state === 'authorized') {
            // A prescription order refunded before dispensing was never captured: the hold is released.
            const released = await gateway().release({ authorizationId: payment.authorizationId, idempotencyKey: `release:${order.id}` });
            if (!released.ok) return refuse(503, 'PAYMENT_UNAVAILABLE');
            paymentState = 'released';
            break;
          }
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
        case 'REFUND_PAYMENT_PART': {
          // Over-the-counter lines only: a prescription line is rejected before dispensing, never refunded by PZN.
          const picked = pickRefund(orderLines.filter((line) => line.prescriptionId === null), request.refundLines ?? []);
          if (!picked) return refuse(400, 'REFUND_INVALID');
          // Money goes back only as far as the card was charged (wallet credit paid the rest).
          const captured = payment && payment.state === 'captured' ? payment.amountCents - payment.refundedCents : 0;
          let cents = 0;
          for (const { line, units } of picked) {
            const share = Math.max(0, Math.min(unitsCents(line, units), captured - cents));
            cents += share;
            await tx
              .update(orderLinesTable)
              .set({ refundedQuantity: line.refundedQuantity + units, refundedCents: line.refundedCents + share })
              .where(and(eq(orderLinesTable.orderId, order.id), eq(orderLinesTable.position, line.position)));
          }
          if (payment && cents > 0) {
            const refunded = await gateway().refund({
              authorizationId: payment.authorizationId,
              amountCents: cents,
              // The key names the amount refunded before and this one: a retry after a lost answer refunds once.
              idempotencyKey: `refund:${order.id}:${payment.refundedCents}:${cents}`,
            });
            if (!refunded.ok) return refuse(503, 'PAYMENT_UNAVAILABLE');
            paymentChanges.refundId = refunded.value.refundId;
            paymentChanges.refundedCents = payment.refundedCents + cents;
            paymentState = 'captured';
          }
          done.partial = { cents, lines: picked.map(({ line, units }) => ({ name: line.name, quantity: units })) };
          // Goods that did not leave the pharmacy go back on the shelf.
          if (order.pharmacyId && (['paid', 'packed'] as OrderStatus[]).includes(step.from)) {
            for (const { line, units } of [...picked].sort((a, b) => a.line.pzn.localeCompare(b.line.pzn))) await returnStock(tx, order.pharmacyId, line.pzn, units, now);
          }
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
      // Units refunded one line at a time went back already.
      // Prescription lines take no shop stock.
      for (const line of orderLines.filter((entry) => entry.prescriptionId === null).sort((a, b) => a.pzn.localeCompare(b.pzn))) {
        const units = line.quantity - line.refundedQuantity;
        if (units > 0) await returnStock(tx, order.pharmacyId, line.pzn, units, now);
      }
    }

    if (request.event === 'reject') {
      changes.rejectionReason = request.reason ?? null;
      changes.rejectedBy = request.rejectedBy ?? 'pharmacy';
    }
    if (request.event === 'refund' || request.event === 'refund_lines') changes.refundReason = request.reason ?? null;
    if (request.event === 'check') {
      changes.checkedAt = now;
      changes.checkedBy = request.actorId;
    }
    if (request.event === 'pickup' && request.trackingNumber?.trim()) changes.parcelTrackingNumber = request.trackingNumber.trim();
    // An erased customer's order keeps nothing personal; the delivery address and phone only until delivered.
    const erased = await isErasedCustomer(tx, order.userId);
    if (erased) Object.assign(changes, erasedCustomerColumns(order, step.to));
    const updated = await writeStep(tx, order, step, { actor: request.actor, actorId: request.actorId, note: erased ? null : (request.reason ?? null), at: now }, changes);
    done.step = step;
    if (request.notify !== false) {
      // The customer's mails and pushes are written to the outbox in this transaction: they exist
      // exactly when the step does, and the outbox worker delivers them after the answer (decision 0012).
      const inTx: OrdersContext = { ...ctx, db: tx };
      const mail = mailFor(step);
      if (done.partial) await sendOrderMail(inTx, updated, 'partially_refunded', { effects: step.effects, partial: done.partial });
      if (mail) await sendOrderMail(inTx, updated, mail, { effects: step.effects });
      await sendOrderPush(inTx, updated, step);
    }
    return { ok: true, value: updated };
  });

  if (result.ok && done.step) {
    // Steps that keep the status concern the back office only, except the customer's new time or pickup: their order page shows it.
    // Dispensing and a rejected prescription line change what the customer's order page shows too.
    const customerSees = done.step.from !== done.step.to || (['reschedule', 'dispense', 'reject_line'] as OrderEvent[]).includes(done.step.event);
    await publishOrderStatus(ctx.db, result.value, { customerSees });
  }
  return result;
}

/**
 * The lines and units a single-line refund names, checked against what is left of each line; null
 * when nothing is named, a line is unknown or named twice, or more units than are left are asked for.
 */
export function pickRefund(lines: readonly OrderLineRow[], wanted: readonly { pzn: string; quantity: number }[]): { line: OrderLineRow; units: number }[] | null {
  if (wanted.length === 0) return null;
  const seen = new Set<string>();
  const picked: { line: OrderLineRow; units: number }[] = [];
  for (const item of wanted) {
    const line = lines.find((candidate) => candidate.pzn === item.pzn);
    if (!line || seen.has(item.pzn) || !Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > line.quantity - line.refundedQuantity) return null;
    seen.add(item.pzn);
    picked.push({ line, units: item.quantity });
  }
  return picked;
}
