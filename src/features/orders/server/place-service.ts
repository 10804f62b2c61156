import { createHash, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { cartView, clearLinesStatement } from '../../cart';
import { withTransaction, type Db } from '../../../platform/db';
import { prepared } from '../../../platform/db/prepared';
import type { ErrorCode } from '../../../platform/http/error-codes';
import type { PaymentGateway, PaymentIntent } from '../../../platform/payments';
import { cartLines, customerContact, debitWallet, markInOrder, redeemCoupon, saveCard, stockAt, takeStock, type PharmacyRow } from './collaborators';
import { answerDeadline } from './deadline';
import type { OrdersContext } from './deps';
import type { OrderDto, PlaceOrderBody } from './dto';
import { issueStatus, paymentStatus, refuse, type OrderFailure, type OrderResult } from './failures';
import { sendOrderMail } from './mails';
import { publishOrderStatus } from './realtime';
import { alertIfUnwatched } from './unwatched';
import { buildQuote, prefetchQuote, type Issue, type Quote } from './quote';
import { checkStep, writeStep } from './lifecycle';
import { findOrder, type OrderLineRow, type OrderRow, type PaymentRow } from './repo';
import { idempotencyKeys, orderLines, payments, type orders } from './schema';
import { deliveryColumns, storedDto } from './view';

/*
 * Placing an order ("Order and pay"). Everything happens in ONE database transaction, in this order:
 *
 *   1. a per-customer advisory lock (two tabs placing at once run one after the other), and
 *   2. the Idempotency-Key is claimed (a finished earlier submission is answered from its record),
 *      both in one statement;
 *   3. the draft row is locked and must still be a live draft;
 *   4. the quote is rebuilt from the catalogue, the stock and the rules; any issue refuses (the rows
 *      nothing here writes were read before the transaction, while the provider was asked, and
 *      are used if still the order's: QuotePrefetch);
 *   5. the provider's hold must cover exactly the amount due (the customer confirmed it in the
 *      provider's hosted fields or pages before: the PaymentIntent is `requires_capture`);
 *   6. payment, lines, the machine's authorize step (pending, with history), the emptied cart and
 *      the key's answer are written in one statement;
 *   7. last, the rows other orders share: stock is taken with conditional UPDATEs (quantity >= n),
 *      in PZN order so two orders never wait on each other's rows (a miss refuses with SOLD_OUT /
 *      STOCK_INSUFFICIENT), then the coupon use is reserved and the wallet debited (both
 *      conditional). Last, because a row stays locked from its update to the commit.
 *
 * No provider call happens inside the transaction, so a slow provider holds no lock: 20 customers
 * ordering one product with a 300 ms provider finish in about one round trip, not twenty (`npm run
 * bench`; README, "Placement and a slow provider").
 *
 * The PaymentIntent is read from the provider before the transaction: an order is never created
 * without a hold the provider confirms (a provider timeout or 5xx answers PAYMENT_UNAVAILABLE and
 * the draft stays payable; the provider's webhook places it later). A refusal anywhere rolls
 * everything back and voids the hold, so the customer is never left with money held for an order
 * that does not exist. The same placement runs for the browser (after the hosted fields or the
 * redirect) and for the provider's webhook (the tab was closed): whichever comes second finds the
 * order placed with that very PaymentIntent and gets its answer.
 */

/** A new line's bookkeeping columns (nothing refunded; an over-the-counter line names no prescription). */
const OTC_LINE = {
  refundedQuantity: 0,
  refundedCents: 0,
  prescriptionId: null,
  coPaymentPerPackCents: null,
  insurerCents: 0,
  prescriptionStatus: null,
  prescriptionRejectReason: null,
} satisfies Partial<OrderLineRow>;

export interface Placed {
  order: OrderDto;
  /** The answer is the stored one of an earlier submission with the same key. */
  replayed: boolean;
}

type PreparedPayment = { kind: 'none' } | { kind: 'intent'; intent: PaymentIntent };

/** What identifies a submission: the provider's PaymentIntent id and the expected amount. */
function requestHash(orderId: string, body: PlaceOrderBody): string {
  return createHash('sha256')
    .update(JSON.stringify({ orderId, payment: body.payment?.payment_intent_id ?? null, expected: body.expected_amount_cents ?? null }))
    .digest('base64url');
}

async function storedAnswer(db: Db, userId: string, key: string, hash: string): Promise<OrderResult<Placed> | null> {
  const [row] = await prepared(db, 'placement_key', (on, name) =>
    on
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, sql.placeholder('userId')), eq(idempotencyKeys.key, sql.placeholder('key'))))
      .prepare(name),
  ).execute({ userId, key });
  if (!row) return null;
  if (row.requestHash !== hash || row.responseStatus !== 200 || !row.responseBody) return refuse(409, 'IDEMPOTENCY_CONFLICT');
  return { ok: true, value: { order: row.responseBody as OrderDto, replayed: true } };
}

/** The answer of the placement that already used this PaymentIntent for this order (browser after webhook, or the reverse). */
async function placedWithIntent(db: Db, orderId: string, intentId: string): Promise<OrderResult<Placed> | null> {
  const [payment] = await db.select({ authorizationId: payments.authorizationId }).from(payments).where(eq(payments.orderId, orderId));
  if (!payment || payment.authorizationId !== intentId) return null;
  const [row] = await db
    .select({ body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.orderId, orderId), eq(idempotencyKeys.responseStatus, 200)))
    .limit(1);
  return row?.body ? { ok: true, value: { order: row.body as OrderDto, replayed: true } } : null;
}

/**
 * Statuses of a PaymentIntent that hold or took the money, or, for SEPA direct debit (which cannot
 * be held), whose mandate is collected and which waits for the shop's confirmation at acceptance.
 */
export const isAuthorizedIntent = (intent: PaymentIntent): boolean =>
  intent.status === 'requires_capture' || intent.status === 'succeeded' || (intent.status === 'requires_confirmation' && intent.paymentMethod?.type === 'sepa_debit');

/** The provider's PaymentIntent, read before the transaction: it must belong to this order and hold the money. */
async function preparePayment(gateway: PaymentGateway, orderId: string, body: PlaceOrderBody): Promise<OrderResult<PreparedPayment>> {
  const payment = body.payment;
  if (!payment) return { ok: true, value: { kind: 'none' } };
  const read = await gateway.retrieveIntent(payment.payment_intent_id);
  if (!read.ok) return refuse(paymentStatus(read.code), read.code, { fields: { payment: read.code } });
  const intent = read.value;
  if (intent.orderId !== orderId) return refuse(402, 'PAYMENT_FAILED', { fields: { payment: 'PAYMENT_FAILED' } });
  if (isAuthorizedIntent(intent)) return { ok: true, value: { kind: 'intent', intent } };
  // Not (yet) held: say why (declined, 3-D Secure failed, PayPal cancelled), or that it is still open.
  const code: ErrorCode = intent.status === 'requires_payment_method' ? (intent.lastError ?? 'PAYMENT_NOT_AUTHORIZED') : intent.status === 'canceled' ? 'PAYMENT_FAILED' : 'PAYMENT_NOT_AUTHORIZED';
  return refuse(paymentStatus(code), code, { fields: { payment: code } });
}

function issueFields(issues: readonly Issue[]): Record<string, ErrorCode> {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of issues) {
    const name = issue.pzn ? `lines.${issue.pzn}` : issue.field;
    fields[name] ??= issue.code;
  }
  return fields;
}

export function refuseIssues(issues: readonly Issue[]): OrderFailure {
  const first = issues[0]!;
  return refuse(issueStatus(first.code), first.code, { message: first.message, fields: issueFields(issues) });
}

/** The order's columns once placed: the quote becomes the snapshot. */
function placedColumns(quote: Quote, deadline: Date, now: Date): Partial<typeof orders.$inferInsert> {
  const { totals } = quote;
  return {
    pharmacyId: quote.pharmacy!.id,
    deliveryMethod: quote.method,
    ...deliveryColumns(quote.delivery),
    shippingAddress: quote.method === 'pickup' ? null : quote.shipping,
    billingAddress: quote.billing,
    phone: quote.phone,
    couponCode: quote.coupon?.ok ? quote.coupon.application.code : null,
    couponType: quote.coupon?.ok ? quote.coupon.application.type : null,
    couponReferrerId: quote.coupon?.ok ? quote.coupon.application.referrerId : null,
    couponDiscountCents: totals.couponDiscountCents,
    walletCents: totals.walletCreditCents,
    tipCents: totals.tipCents,
    subtotalCents: totals.subtotalCents,
    deliveryFeeCents: totals.deliveryFeeCents,
    totalCents: totals.totalCents,
    amountDueCents: totals.amountDueCents,
    vat: totals.vat,
    vatTotalCents: totals.vatTotalCents,
    placedAt: now,
    expiresAt: deadline,
  };
}

/**
 * Claims the Idempotency-Key under the customer's advisory lock, in one statement: the lock is taken
 * while the row to insert is produced, so before the conflict check (two tabs placing at once run
 * one after the other). Empty when the key was claimed before (PostgreSQL: this insert waited for it).
 */
async function claimKey(tx: Db, claim: { userId: string; key: string; hash: string; orderId: string; now: Date }): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into ${idempotencyKeys} (user_id, key, request_hash, order_id, created_at)
    select ${claim.userId}, ${claim.key}, ${claim.hash}, ${claim.orderId}, ${claim.now.toISOString()}::timestamptz
      from (select pg_advisory_xact_lock(hashtextextended(${`apobote.order-placement:${claim.userId}`}, 0))) as serialised
    on conflict do nothing
    returning key`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function placeOrder(ctx: OrdersContext, userId: string, orderId: string, key: string, body: PlaceOrderBody): Promise<OrderResult<Placed>> {
  const hash = requestHash(orderId, body);
  // A retry of a finished submission is answered before anything else (no second tokenization).
  // The reads go at once, and the quote's rows are read before the transaction too (QuotePrefetch):
  // under load a placement's latency is mostly its round trips one after the other, and those in
  // the transaction hold the order's lock.
  const [earlier, contact, draft, cart] = await Promise.all([
    storedAnswer(ctx.db, userId, key, hash),
    customerContact(ctx.db, userId),
    findOrder(ctx.db, orderId, { userId }),
    cartLines(ctx.db, userId),
  ]);
  if (earlier) return earlier;

  let gateway: PaymentGateway;
  try {
    gateway = ctx.deps.gateway();
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'payment provider not configured', error: String(error) }));
    return refuse(503, 'PAYMENT_UNAVAILABLE');
  }
  const [prepared, prefetched] = await Promise.all([
    preparePayment(gateway, orderId, body),
    // Only a shortcut: without it the transaction reads everything itself.
    draft?.status === 'awaiting_payment' ? prefetchQuote(ctx.db, draft, cart).catch(() => undefined) : undefined,
  ]);
  if (!prepared.ok) return prepared;
  const intent = prepared.value.kind === 'intent' ? prepared.value.intent : null;
  // Written inside the transaction callback, read after it (an object, so the compiler does not narrow it away).
  const held: { keep: boolean } = { keep: false };
  const mail: { facts: { order: OrderRow; lines: OrderLineRow[]; payment: PaymentRow | null; pharmacy: PharmacyRow } | null } = { facts: null };

  let result: OrderResult<Placed>;
  try {
    result = await withTransaction(ctx.db, async (tx): Promise<OrderResult<Placed>> => {
      const now = ctx.clock.now();
      if (!(await claimKey(tx, { userId, key, hash, orderId, now }))) {
        // The same key finished meanwhile (PostgreSQL: this insert waited for it).
        return (await storedAnswer(tx, userId, key, hash)) ?? refuse(409, 'IDEMPOTENCY_CONFLICT');
      }

      const order = await findOrder(tx, orderId, { userId }, { lock: true });
      if (!order) return refuse(404, 'ORDER_NOT_FOUND');
      if (intent && order.status !== 'awaiting_payment') {
        // Placed already with this very payment (the webhook and the browser raced, or the tab was
        // closed and the webhook came first): its answer.
        const earlierPlacement = await placedWithIntent(tx, orderId, intent.id);
        if (earlierPlacement?.ok) {
          // This key is claimed now: it keeps that answer, so its retry (on any process) is answered
          // with the order too, not refused as a conflict.
          await tx
            .update(idempotencyKeys)
            .set({ responseStatus: 200, responseBody: earlierPlacement.value.order })
            .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
          held.keep = true;
          return earlierPlacement;
        }
      }
      const step = checkStep(order, 'authorize', now);
      if (!step.ok) return step;

      const quote = await buildQuote(tx, ctx, order, contact?.phone ?? null, 'placement', undefined, prefetched);
      if (quote.issues.length > 0) return refuseIssues(quote.issues);
      const { totals } = quote;
      const pharmacy = quote.pharmacy!;
      if (body.expected_amount_cents !== undefined && body.expected_amount_cents !== totals.amountDueCents) return refuse(409, 'ORDER_TOTAL_CHANGED');
      if (totals.amountDueCents > 0 && prepared.value.kind === 'none') return refuse(422, 'PAYMENT_METHOD_REQUIRED', { fields: { payment: 'PAYMENT_METHOD_REQUIRED' } });

      let paymentRow: typeof payments.$inferInsert | null = null;
      if (totals.amountDueCents > 0 || intent) {
        if (!intent) return refuse(422, 'PAYMENT_METHOD_REQUIRED');
        // The hold must be exactly what this order costs now; another amount is paid again.
        if (intent.amountCents !== totals.amountDueCents) return refuse(409, 'ORDER_TOTAL_CHANGED');
        const method = intent.paymentMethod;
        if (intent.saveMethod && method?.type === 'card' && intent.customerId && /^\d{4}$/.test(method.last4) && method.expiryMonth && method.expiryYear) {
          await saveCard(tx, { userId, token: method.id, customerRef: intent.customerId, brand: method.brand, last4: method.last4, expMonth: method.expiryMonth, expYear: method.expiryYear, now });
        }
        paymentRow = {
          id: randomUUID(),
          orderId,
          provider: gateway.provider,
          authorizationId: intent.id,
          tokenRef: method?.id ?? null,
          amountCents: intent.amountCents,
          // SEPA direct debit: "authorized" is the collected mandate; acceptance starts the debit.
          state: intent.status === 'succeeded' ? 'captured' : 'authorized',
          method: method?.type ?? 'card',
          brand: method?.brand ?? 'unknown',
          last4: method?.last4 ?? '',
          wallet: method?.wallet ?? null,
          createdAt: now,
          updatedAt: now,
        };
      }

      const deadline = answerDeadline(pharmacy.openingHours, now, ctx.deps.settings.pendingTtlMinutes);
      const lines: OrderLineRow[] = [
        ...quote.lines.map((line, position) => ({ ...OTC_LINE, orderId, position, ...line })),
        // Prescription lines after the over-the-counter ones, at the fixed price with the customer's share (QuotePrescriptionLine).
        ...quote.prescriptionLines.map(({ parcelAllowed: _parcel, ...line }, index) => ({
          ...OTC_LINE,
          orderId,
          position: quote.lines.length + index,
          ...line,
          prescriptionStatus: 'open' as const,
        })),
      ];
      const answerFor = (row: OrderRow) => storedDto(row, lines, paymentRow as typeof payments.$inferSelect | null, pharmacy, ctx.deps.settings);
      const keepAnswer = (answer: OrderDto) =>
        tx
          .update(idempotencyKeys)
          .set({ responseStatus: 200, responseBody: answer })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
          .returning({ key: idempotencyKeys.key });
      // The payment, the lines, the emptied cart and the key's answer are written in the status
      // change's own statement, the answer made from the row as the step leaves it.
      const foreseen: { answer: OrderDto | null } = { answer: null };
      const placed = await writeStep(tx, order, step.value, { actor: 'customer', actorId: userId, at: now }, placedColumns(quote, deadline, now), (after) => {
        foreseen.answer = answerFor(after);
        return [
          tx.$with('placed_cart_emptied').as(clearLinesStatement(tx, userId)),
          tx.$with('placed_answer').as(keepAnswer(foreseen.answer)),
          ...(paymentRow ? [tx.$with('placed_payment').as(tx.insert(payments).values(paymentRow).returning({ id: payments.id }))] : []),
          ...(lines.length > 0 ? [tx.$with('placed_lines').as(tx.insert(orderLines).values(lines).returning({ position: orderLines.position }))] : []),
        ];
      });
      // The stored row is the truth: should it ever differ from the one foreseen, the answer is its own.
      const answer = answerFor(placed);
      // (Compared as values: PostgreSQL stores a JSON object's keys in its own order.)
      if (!isDeepStrictEqual(answer, foreseen.answer)) await keepAnswer(answer);
      // The customer's confirmation and the pharmacy's "nobody watching" alert are written to the
      // outbox in this transaction: they exist exactly when the order does (a refusal below rolls
      // them back with it), and the outbox worker sends them after the answer (decision 0012).
      // Before the shared rows below, so they add nothing to the time those stay locked.
      const inTx: OrdersContext = { ...ctx, db: tx };
      await alertIfUnwatched(inTx, placed, pharmacy);
      await sendOrderMail(inTx, placed, 'received', { lines, payment: (paymentRow ?? null) as typeof payments.$inferSelect | null, pharmacyName: pharmacy.name, contact });
      // Rows other orders share come last: a product's stock row (and a coupon's) stays locked from its
      // update to the commit, so every order for that product waits that long; taken here, that is
      // one statement and the commit rather than all of this order's writes (the order bench's
      // 20-customer burst on one product waited on it most of the time). A refusal still rolls back all.
      for (const line of [...quote.lines].sort((a, b) => a.pzn.localeCompare(b.pzn))) {
        if (!(await takeStock(tx, pharmacy.id, line.pzn, line.quantity, now))) {
          const left = (await stockAt(tx, pharmacy.id, [line.pzn])).get(line.pzn) ?? 0;
          const code = left === 0 ? 'SOLD_OUT' : 'STOCK_INSUFFICIENT';
          return refuse(409, code, { fields: { [`lines.${line.pzn}`]: code } });
        }
      }

      if (quote.coupon?.ok) {
        const redeemed = await redeemCoupon(tx, { couponId: quote.coupon.couponId, userId, orderId, now });
        if (!redeemed.ok) return refuse(422, redeemed.code, { fields: { coupon_code: redeemed.code } });
      }
      if (totals.walletCreditCents > 0) {
        const debited = await debitWallet(tx, { userId, orderId, cents: totals.walletCreditCents, now });
        if (!debited.ok) return refuse(422, debited.code, { fields: { wallet_cents: debited.code } });
      }

      // The prescriptions are the order's now (rows locked by the quote's prescriptionsForOrder).
      const prescriptionIds = quote.prescriptions.map((prescription) => prescription.id);
      if (prescriptionIds.length > 0) {
        const taken = await markInOrder(tx, prescriptionIds, orderId, now);
        if (!taken.ok) return refuse(409, taken.code, { fields: { prescription_ids: taken.code } });
      }

      mail.facts = { order: placed, lines, payment: paymentRow as typeof payments.$inferSelect | null, pharmacy };
      held.keep = true;
      return { ok: true, value: { order: answer, replayed: false } };
    });
  } catch (error) {
    // Drizzle's message lists the query's parameters (addresses, phone): log only the statement.
    console.error(JSON.stringify({ level: 'error', msg: 'order placement failed', orderId, error: String(error).split('\nparams:')[0], cause: String((error as { cause?: unknown })?.cause ?? '') }));
    if (intent) await voidIntent(gateway, intent, orderId);
    return refuse(503, 'ORDER_CREATE_FAILED');
  }

  if (!result.ok) {
    // The hold belongs to no order: money must never stay held (a retried key's conflict keeps it).
    if (intent && !held.keep && result.code !== 'IDEMPOTENCY_CONFLICT') await voidIntent(gateway, intent, orderId);
    // The spec's stock message says the items left the cart: make that true, as the cart page would.
    if (result.code === 'SOLD_OUT' || result.code === 'STOCK_INSUFFICIENT') await cartView({ db: ctx.db, clock: ctx.clock, locale: ctx.locale }, userId).catch(() => undefined);
    return result;
  }
  if (!result.value.replayed && mail.facts) {
    // The new offer reaches the pharmacy's back office live (pharmacy:<id>) and the order page before the answer.
    await publishOrderStatus(ctx.db, mail.facts.order);
  }
  return result;
}

/** Gives the money of a PaymentIntent that pays no order back: void a hold, refund what was taken. */
export async function voidIntent(gateway: PaymentGateway, intent: PaymentIntent, orderId: string): Promise<boolean> {
  const answer =
    intent.status === 'succeeded'
      ? await gateway
          .refund({ authorizationId: intent.id, amountCents: intent.amountReceivedCents - intent.amountRefundedCents, idempotencyKey: `orphan-refund:${intent.id}` })
          .catch(() => ({ ok: false as const, code: 'PAYMENT_UNAVAILABLE' as const }))
      : await gateway.release({ authorizationId: intent.id, idempotencyKey: `void:${intent.id}` }).catch(() => ({ ok: false as const, code: 'PAYMENT_UNAVAILABLE' as const }));
  if (!answer.ok) console.error(JSON.stringify({ level: 'error', msg: 'payment not given back: release it at the provider', orderId, intentId: intent.id, code: answer.code }));
  return answer.ok;
}
