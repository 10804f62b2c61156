import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { cartView, clearLines } from '../../cart';
import { withTransaction, type Db } from '../../../platform/db';
import type { ErrorCode } from '../../../platform/http/error-codes';
import { cardDigits, detectBrand, validateCard, type Authorization, type PaymentGateway, type SavedCard } from '../../../platform/payments';
import { customerContact, debitWallet, findCard, redeemCoupon, saveCard, stockAt, takeStock } from './collaborators';
import { answerDeadline } from './deadline';
import type { OrdersContext } from './deps';
import type { OrderDto, PlaceOrderBody } from './dto';
import { issueStatus, paymentStatus, refuse, type OrderFailure, type OrderResult } from './failures';
import { sendOrderMail } from './mails';
import { publishOrderStatus } from './realtime';
import { alertIfUnwatched } from './unwatched';
import { buildQuote, type Issue, type Quote } from './quote';
import { checkStep, writeStep } from './lifecycle';
import { findOrder, type OrderLineRow, type OrderRow, type PaymentRow } from './repo';
import { idempotencyKeys, orderLines, payments, type orders } from './schema';
import { deliveryColumns, storedDto } from './view';

/*
 * Placing an order ("Order and pay"). Everything happens in ONE database transaction, in this order:
 *
 *   1. a per-customer advisory lock (two tabs placing at once run one after the other);
 *   2. the Idempotency-Key is claimed (a finished earlier submission is answered from its record);
 *   3. the draft row is locked and must still be a live draft;
 *   4. the quote is rebuilt from the catalogue, the stock and the rules; any issue refuses;
 *   5. stock is taken with conditional UPDATEs (quantity >= n), in PZN order so two orders never
 *      wait on each other's rows; a miss refuses with SOLD_OUT / STOCK_INSUFFICIENT;
 *   6. the coupon use is reserved and the wallet debited (both conditional, in this transaction);
 *   7. the card is authorized at the provider: the last step that can fail for business reasons,
 *      so no authorization is made for an order the database would refuse;
 *   8. payment, lines, the machine's authorize step (pending, with history), emptied cart and the
 *      key's answer are written.
 *
 * A refusal anywhere rolls everything back: nothing is half-written and nothing is charged. If the
 * database fails after step 7 (or the commit does), the authorization is voided before answering
 * ORDER_CREATE_FAILED. The provider is called with a key derived from the order and the
 * Idempotency-Key, so a transaction retried after a deadlock reuses the same authorization.
 * On PGlite (one connection) transactions run one at a time; on PostgreSQL only the touched stock,
 * coupon and wallet rows are held while the provider answers.
 */

export interface Placed {
  order: OrderDto;
  /** The answer is the stored one of an earlier submission with the same key. */
  replayed: boolean;
}

type PreparedPayment =
  | { kind: 'none' }
  | { kind: 'saved'; cardId: string; cvc: string | undefined }
  | { kind: 'new'; card: SavedCard; save: boolean };

/** What identifies a submission, without card number or CVC (their hash could be reversed by trying). */
function requestHash(orderId: string, body: PlaceOrderBody): string {
  const payment = body.payment;
  let described: unknown = null;
  if (payment && 'saved_card_id' in payment) described = { saved: payment.saved_card_id };
  else if (payment && 'card' in payment) {
    const digits = cardDigits(payment.card.number) ?? '';
    described = { brand: detectBrand(digits), last4: digits.slice(-4), month: payment.card.exp_month, year: payment.card.exp_year, save: payment.save_card ?? false };
  }
  return createHash('sha256')
    .update(JSON.stringify({ orderId, payment: described, expected: body.expected_amount_cents ?? null }))
    .digest('base64url');
}

async function storedAnswer(db: Db, userId: string, key: string, hash: string): Promise<OrderResult<Placed> | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.requestHash !== hash || row.responseStatus !== 200 || !row.responseBody) return refuse(409, 'IDEMPOTENCY_CONFLICT');
  return { ok: true, value: { order: row.responseBody as OrderDto, replayed: true } };
}

/** A new card is checked and turned into a provider token before the transaction (no money moves). */
async function preparePayment(ctx: OrdersContext, gateway: PaymentGateway, userId: string, key: string, body: PlaceOrderBody): Promise<OrderResult<PreparedPayment>> {
  const payment = body.payment;
  if (!payment) return { ok: true, value: { kind: 'none' } };
  if ('saved_card_id' in payment) return { ok: true, value: { kind: 'saved', cardId: payment.saved_card_id, cvc: payment.cvc } };
  const checked = validateCard(
    { number: payment.card.number, expiryMonth: payment.card.exp_month, expiryYear: payment.card.exp_year, cvc: payment.card.cvc },
    ctx.clock.now(),
  );
  if (!checked.ok) {
    const fields = Object.fromEntries(Object.entries(checked.fields).map(([field, code]) => [`card.${field}`, code])) as Record<string, ErrorCode>;
    return refuse(422, checked.code, { fields });
  }
  const token = await gateway.tokenizeCard(checked.value, `tok:${userId}:${key}`);
  if (!token.ok) return refuse(paymentStatus(token.code), token.code);
  return { ok: true, value: { kind: 'new', card: token.value, save: payment.save_card ?? false } };
}

function issueFields(issues: readonly Issue[]): Record<string, ErrorCode> {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of issues) {
    const name = issue.pzn ? `lines.${issue.pzn}` : issue.field;
    fields[name] ??= issue.code;
  }
  return fields;
}

function refuseIssues(issues: readonly Issue[]): OrderFailure {
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

export async function placeOrder(ctx: OrdersContext, userId: string, orderId: string, key: string, body: PlaceOrderBody): Promise<OrderResult<Placed>> {
  const hash = requestHash(orderId, body);
  // A retry of a finished submission is answered before anything else (no second tokenization).
  const earlier = await storedAnswer(ctx.db, userId, key, hash);
  if (earlier) return earlier;

  let gateway: PaymentGateway;
  try {
    gateway = ctx.deps.gateway();
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'payment provider not configured', error: String(error) }));
    return refuse(503, 'PAYMENT_UNAVAILABLE');
  }
  const prepared = await preparePayment(ctx, gateway, userId, key, body);
  if (!prepared.ok) return prepared;
  const contact = await customerContact(ctx.db, userId);
  // Written inside the transaction callback, read after it (an object, so the compiler does not narrow it away).
  const held: { authorization: Authorization | null } = { authorization: null };
  const mail: { facts: { order: OrderRow; lines: OrderLineRow[]; payment: PaymentRow | null; pharmacyName: string } | null } = { facts: null };

  let result: OrderResult<Placed>;
  try {
    result = await withTransaction(ctx.db, async (tx): Promise<OrderResult<Placed>> => {
      const now = ctx.clock.now();
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`apobote.order-placement:${userId}`}, 0))`);

      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash, orderId, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        // The same key finished meanwhile (PostgreSQL: this insert waited for it).
        return (await storedAnswer(tx, userId, key, hash)) ?? refuse(409, 'IDEMPOTENCY_CONFLICT');
      }

      const order = await findOrder(tx, orderId, { userId }, { lock: true });
      if (!order) return refuse(404, 'ORDER_NOT_FOUND');
      const step = checkStep(order, 'authorize', now);
      if (!step.ok) return step;

      const quote = await buildQuote(tx, ctx, order, contact?.phone ?? null, 'placement');
      if (quote.issues.length > 0) return refuseIssues(quote.issues);
      const { totals } = quote;
      const pharmacy = quote.pharmacy!;
      if (body.expected_amount_cents !== undefined && body.expected_amount_cents !== totals.amountDueCents) return refuse(409, 'ORDER_TOTAL_CHANGED');
      if (totals.amountDueCents > 0 && prepared.value.kind === 'none') return refuse(422, 'PAYMENT_METHOD_REQUIRED', { fields: { payment: 'PAYMENT_METHOD_REQUIRED' } });

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

      let paymentRow: typeof payments.$inferInsert | null = null;
      if (totals.amountDueCents > 0) {
        const method = prepared.value;
        let card: SavedCard;
        let cvc: string | undefined;
        if (method.kind === 'saved') {
          const saved = await findCard(tx, { userId, cardId: method.cardId });
          if (!saved) return refuse(404, 'CARD_NOT_FOUND', { fields: { payment: 'CARD_NOT_FOUND' } });
          card = { token: saved.token, brand: saved.brand as SavedCard['brand'], last4: saved.last4, expiryMonth: saved.expMonth, expiryYear: saved.expYear };
          cvc = method.cvc;
        } else if (method.kind === 'new') {
          card = method.card;
          if (method.save) {
            await saveCard(tx, { userId, token: card.token, brand: card.brand, last4: card.last4, expMonth: card.expiryMonth, expYear: card.expiryYear, now });
          }
        } else {
          return refuse(422, 'PAYMENT_METHOD_REQUIRED');
        }
        const authorized = await gateway.authorize({
          token: card.token,
          ...(cvc !== undefined ? { cvc } : {}),
          amountCents: totals.amountDueCents,
          currency: 'EUR',
          reference: orderId,
          idempotencyKey: `auth:${orderId}:${key}`,
        });
        if (!authorized.ok) return refuse(paymentStatus(authorized.code), authorized.code, { fields: { payment: authorized.code } });
        held.authorization = authorized.value;
        paymentRow = {
          id: randomUUID(),
          orderId,
          provider: gateway.provider,
          authorizationId: authorized.value.authorizationId,
          tokenRef: card.token,
          amountCents: authorized.value.amountCents,
          state: 'authorized',
          brand: card.brand,
          last4: card.last4,
          createdAt: now,
          updatedAt: now,
        };
        await tx.insert(payments).values(paymentRow);
      }

      const deadline = answerDeadline(pharmacy.openingHours, now, ctx.deps.settings.pendingTtlMinutes);
      const placed = await writeStep(tx, order, step.value, { actor: 'customer', actorId: userId, at: now }, placedColumns(quote, deadline, now));
      const lines = quote.lines.map((line, position) => ({ orderId, position, ...line, refundedQuantity: 0, refundedCents: 0 }));
      if (lines.length > 0) await tx.insert(orderLines).values(lines);
      await clearLines(tx, userId);

      const answer = storedDto(placed, lines, paymentRow as typeof payments.$inferSelect | null, pharmacy, ctx.deps.settings);
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: 200, responseBody: answer })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      mail.facts = { order: placed, lines, payment: paymentRow as typeof payments.$inferSelect | null, pharmacyName: pharmacy.name };
      return { ok: true, value: { order: answer, replayed: false } };
    });
  } catch (error) {
    // Drizzle's message lists the query's parameters (addresses, phone): log only the statement.
    console.error(JSON.stringify({ level: 'error', msg: 'order placement failed', orderId, error: String(error).split('\nparams:')[0], cause: String((error as { cause?: unknown })?.cause ?? '') }));
    if (held.authorization) await voidAuthorization(gateway, held.authorization, orderId);
    return refuse(503, 'ORDER_CREATE_FAILED');
  }

  if (!result.ok) {
    // Only a transaction retried after a deadlock can refuse after authorizing; money must never stay held.
    if (held.authorization) await voidAuthorization(gateway, held.authorization, orderId);
    // The spec's stock message says the items left the cart: make that true, as the cart page would.
    if (result.code === 'SOLD_OUT' || result.code === 'STOCK_INSUFFICIENT') await cartView({ db: ctx.db, clock: ctx.clock, locale: ctx.locale }, userId).catch(() => undefined);
    return result;
  }
  if (!result.value.replayed && mail.facts) {
    const { order, ...known } = mail.facts;
    // The new offer reaches the pharmacy's back office live (pharmacy:<id>) and the order page.
    await publishOrderStatus(ctx.db, order);
    await alertIfUnwatched(ctx, order);
    await sendOrderMail(ctx, order, 'received', { ...known, contact });
  }
  return result;
}

async function voidAuthorization(gateway: PaymentGateway, authorization: Authorization, orderId: string): Promise<void> {
  const released = await gateway
    .release({ authorizationId: authorization.authorizationId, idempotencyKey: `void:${authorization.authorizationId}` })
    .catch((error: unknown) => ({ ok: false as const, code: String(error) }));
  if (!released.ok) console.error(JSON.stringify({ level: 'error', msg: 'authorization not voided: release it at the provider', orderId, authorizationId: authorization.authorizationId, code: released.code }));
}
