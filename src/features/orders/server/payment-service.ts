import { and, eq } from 'drizzle-orm';
import { withTransaction, type Db } from '../../../platform/db';
import type { PaymentGateway, PaymentMethodType } from '../../../platform/payments';
import { localDate } from '../../checkout';
import { allowedPaymentMethods, walletsAllowed } from '../model/payment-methods';
import { formatPrice, translator } from '../../../platform/i18n';
import { orderMailMessages } from '../i18n/mail-messages';
import { sendOrderMail } from './mails';
import { publishOrderStatus } from './realtime';
import { customerContact, pharmaciesById, findCard, findPaymentCustomer, rememberPaymentCustomer } from './collaborators';
import type { OrdersContext } from './deps';
import type { CreatePaymentIntentBody } from './dto';
import { paymentStatus, refuse, type OrderResult } from './failures';
import { applyOrderEvent, checkStep } from './lifecycle';
import { isAuthorizedIntent, placeOrder, refuseIssues, voidIntent } from './place-service';
import { buildQuote } from './quote';
import { findOrder, paymentsOf } from './repo';
import { paymentWebhookEvents, payments } from './schema';

/*
 * The payment side of an order around placement (placement itself is place-service.ts):
 *
 * - paymentOptions: which methods the checkout shows for this draft (the provider's, narrowed by
 *   the order's rules in model/payment-methods.ts: card and PayPal always, SEPA direct debit for a
 *   German address, pay by invoice for customers of age within amount limits). SEPA cannot be
 *   held: its intent only collects the mandate, and the debit is confirmed at acceptance (README).
 * - createPaymentIntent: a PaymentIntent for exactly the draft's amount due, with
 *   capture_method manual, the order id as metadata and, for saving or reusing a card, the
 *   account's provider customer. The browser confirms it in the provider's hosted fields.
 * - handleWebhook: a signature-checked provider event, applied once, by re-reading the intent from
 *   the provider (so the events' order does not matter): a hold for a draft places it (the tab was
 *   closed), a hold or payment for an order that ended (expired, cancelled) or was paid otherwise
 *   is given back, a hold that ended at the provider ends the pending order (stock, coupon, credit
 *   back).
 * - refundPart: a partial refund after acceptance; the last part refunds the order.
 */

export interface PaymentOptions {
  provider: 'demo' | 'stripe';
  publishable_key: string | null;
  hosted_fields_url: string | null;
  script_url: string | null;
  methods: PaymentMethodType[];
  wallets: boolean;
}

function gatewayOf(ctx: OrdersContext): OrderResult<PaymentGateway> {
  try {
    return { ok: true, value: ctx.deps.gateway() };
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'payment provider not configured', error: (error as Error)?.name ?? 'Error' }));
    return refuse(503, 'PAYMENT_UNAVAILABLE');
  }
}

/** The methods the provider offers that this draft allows (amount due, address, the customer's age). */
async function orderMethods(ctx: OrdersContext, gateway: PaymentGateway, order: NonNullable<Awaited<ReturnType<typeof findOrder>>>, amountDueCents: number, birthDate: string | null): Promise<PaymentMethodType[]> {
  // Addresses are German (the shop delivers in Germany only): any billing or delivery address is a German one.
  const country = order.billingAddressId || order.shippingAddressId ? 'DE' : null;
  return allowedPaymentMethods(gateway.browserConfig().methods, { currency: 'EUR', amountDueCents, country, birthDate, today: localDate(ctx.clock.now()) });
}

export async function paymentOptions(ctx: OrdersContext, userId: string, orderId: string): Promise<OrderResult<PaymentOptions>> {
  const gateway = gatewayOf(ctx);
  if (!gateway.ok) return gateway;
  const config = gateway.value.browserConfig();
  const order = await findOrder(ctx.db, orderId, { userId });
  if (!order) return refuse(404, 'ORDER_NOT_FOUND');
  const contact = await customerContact(ctx.db, userId);
  const quote = await buildQuote(ctx.db, ctx, order, contact?.phone ?? null, 'placement');
  const methods = await orderMethods(ctx, gateway.value, order, quote.totals.amountDueCents, contact?.birthDate ?? null);
  return { ok: true, value: { provider: config.provider, publishable_key: config.publishableKey, hosted_fields_url: config.hostedFieldsUrl, script_url: config.scriptUrl, methods, wallets: walletsAllowed(config.wallets, methods) } };
}

async function providerCustomer(ctx: OrdersContext, gateway: PaymentGateway, userId: string): Promise<OrderResult<string>> {
  const known = await findPaymentCustomer(ctx.db, { userId, provider: gateway.provider });
  if (known) return { ok: true, value: known };
  const made = await gateway.createCustomer({ userId, idempotencyKey: `customer:${userId}` });
  if (!made.ok) return refuse(paymentStatus(made.code), made.code);
  return { ok: true, value: await rememberPaymentCustomer(ctx.db, { userId, provider: gateway.provider, customerId: made.value.customerId, now: ctx.clock.now() }) };
}

export interface CreatedIntent {
  intent_id: string;
  client_secret: string;
  amount_cents: number;
  provider: 'demo' | 'stripe';
  publishable_key: string | null;
  hosted_fields_url: string | null;
  saved_payment_method: string | null;
}

export async function createPaymentIntent(ctx: OrdersContext, userId: string, orderId: string, body: CreatePaymentIntentBody, attempt: string): Promise<OrderResult<CreatedIntent>> {
  const gateway = gatewayOf(ctx);
  if (!gateway.ok) return gateway;
  const order = await findOrder(ctx.db, orderId, { userId });
  if (!order) return refuse(404, 'ORDER_NOT_FOUND');
  const step = checkStep(order, 'authorize', ctx.clock.now());
  if (!step.ok) return step;
  const contact = await customerContact(ctx.db, userId);
  const quote = await buildQuote(ctx.db, ctx, order, contact?.phone ?? null, 'placement');
  if (quote.issues.length > 0) return refuseIssues(quote.issues);
  const amount = quote.totals.amountDueCents;
  if (body.expected_amount_cents !== undefined && body.expected_amount_cents !== amount) return refuse(409, 'ORDER_TOTAL_CHANGED');
  if (amount <= 0) return refuse(422, 'PAYMENT_METHOD_REQUIRED');
  const config = gateway.value.browserConfig();
  const chosen: PaymentMethodType = body.method === 'saved' ? 'card' : body.method;
  if (!(await orderMethods(ctx, gateway.value, order, amount, contact?.birthDate ?? null)).includes(chosen)) {
    return refuse(422, 'PAYMENT_METHOD_NOT_AVAILABLE', { fields: { payment: 'PAYMENT_METHOD_NOT_AVAILABLE' } });
  }

  let customerId: string | undefined;
  let paymentMethodId: string | undefined;
  if (body.method === 'saved') {
    const card = body.saved_card_id ? await findCard(ctx.db, { userId, cardId: body.saved_card_id }) : null;
    if (!card || !card.customerRef) return refuse(404, 'CARD_NOT_FOUND', { fields: { payment: 'CARD_NOT_FOUND' } });
    customerId = card.customerRef;
    paymentMethodId = card.token;
  } else if (body.method === 'card' && body.save_card) {
    const customer = await providerCustomer(ctx, gateway.value, userId);
    if (!customer.ok) return customer;
    customerId = customer.value;
  }
  const methods: PaymentMethodType[] = [chosen];
  const created = await gateway.value.createIntent({
    amountCents: amount,
    currency: 'EUR',
    orderId,
    ...(customerId ? { customerId } : {}),
    ...(paymentMethodId ? { paymentMethodId } : {}),
    saveMethod: body.method === 'card' && body.save_card === true,
    methods,
    // SEPA cannot be held: the intent only collects the mandate; the debit is confirmed at acceptance.
    captureMethod: chosen === 'sepa_debit' ? 'automatic' : 'manual',
    ...(body.return_url ? { returnUrl: body.return_url } : {}),
    idempotencyKey: `intent:${orderId}:${amount}:${attempt}`,
  });
  if (!created.ok) return refuse(paymentStatus(created.code), created.code, { fields: { payment: created.code } });
  return {
    ok: true,
    value: {
      intent_id: created.value.id,
      client_secret: created.value.clientSecret,
      amount_cents: created.value.amountCents,
      provider: config.provider,
      publishable_key: config.publishableKey,
      hosted_fields_url: config.hostedFieldsUrl,
      saved_payment_method: paymentMethodId ?? null,
    },
  };
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'retry';

async function seen(db: Db, provider: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentWebhookEvents.eventId })
    .from(paymentWebhookEvents)
    .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, eventId)));
  return row !== undefined;
}

/**
 * One verified event. 'retry' (the provider is unreachable, or the database failed) answers 503, so
 * the provider sends it again; everything else is recorded and answered 200.
 */
export async function handleWebhook(ctx: OrdersContext, gateway: PaymentGateway, event: { id: string; type: string; intentId: string | null }): Promise<WebhookOutcome> {
  if (await seen(ctx.db, gateway.provider, event.id)) return 'duplicate';
  const outcome = event.intentId && event.type.startsWith('payment_intent.') ? await reconcileIntent(ctx, gateway, event.intentId) : 'ignored';
  if (outcome === 'retry') return outcome;
  await ctx.db
    .insert(paymentWebhookEvents)
    .values({ provider: gateway.provider, eventId: event.id, type: event.type, intentId: event.intentId, receivedAt: ctx.clock.now() })
    .onConflictDoNothing();
  return outcome;
}

/** Brings the order in line with the PaymentIntent as the provider has it now. */
export async function reconcileIntent(ctx: OrdersContext, gateway: PaymentGateway, intentId: string): Promise<WebhookOutcome> {
  const read = await gateway.retrieveIntent(intentId);
  if (!read.ok) return read.code === 'PAYMENT_UNAVAILABLE' ? 'retry' : 'ignored';
  const intent = read.value;
  if (!intent.orderId) return 'ignored';
  const order = await findOrder(ctx.db, intent.orderId, { system: true });
  const payment = order ? (await paymentsOf(ctx.db, [order.id])).get(order.id) : undefined;
  const ours = payment?.authorizationId === intent.id;

  if (isAuthorizedIntent(intent)) {
    if (ours) return 'applied';
    if (order && order.status === 'awaiting_payment') {
      // The customer paid and the tab never came back: the order is placed all the same.
      const locale = order.meta?.locale === 'de' ? 'de' : 'en';
      const placed = await placeOrder({ ...ctx, locale }, order.userId, order.id, `provider:${intent.id}`, { payment: { payment_intent_id: intent.id } });
      if (placed.ok) return 'applied';
      // Refused (sold out, total changed, lapsed): placeOrder gave the money back already, unless the provider was down.
      return placed.code === 'PAYMENT_UNAVAILABLE' || placed.code === 'ORDER_CREATE_FAILED' ? 'retry' : 'applied';
    }
    // A late hold or payment for an order that ended (or was paid with another one): given back, never resurrected.
    return (await voidIntent(gateway, intent, intent.orderId)) ? 'applied' : 'retry';
  }

  if (intent.status === 'canceled' && ours && payment?.state === 'authorized' && order?.status === 'pending') {
    // The hold ended at the provider (lapsed, cancelled there): the offer cannot be paid any more.
    await withTransaction(ctx.db, async (tx) => {
      await tx.update(payments).set({ state: 'released', updatedAt: ctx.clock.now() }).where(and(eq(payments.id, payment.id), eq(payments.state, 'authorized')));
    });
    const ended = await applyOrderEvent(ctx, { orderId: order.id, scope: { system: true }, event: 'cancel', actor: 'system', actorId: null });
    return ended.ok || ended.code === 'INVALID_ORDER_TRANSITION' ? 'applied' : 'retry';
  }
  if (intent.status === 'requires_payment_method' && intent.lastError && ours && order && payment?.method === 'sepa_debit' && payment.state === 'captured') {
    // A returned SEPA debit (days after acceptance): the order stands (the goods may be on their way),
    // its payment is marked failed, the customer and the pharmacy are told.
    // The mails are written to the outbox with the change (decision 0012).
    const marked = await withTransaction(ctx.db, async (tx) => {
      const rows = await tx
        .update(payments)
        .set({ state: 'failed', updatedAt: ctx.clock.now() })
        .where(and(eq(payments.id, payment.id), eq(payments.state, 'captured')))
        .returning({ id: payments.id });
      if (rows.length > 0) await debitFailed({ ...ctx, db: tx }, order);
      return rows;
    });
    if (marked.length > 0) await publishOrderStatus(ctx.db, order);
    return 'applied';
  }
  // Failed attempts (declined, 3-D Secure failed, PayPal cancelled) reserve nothing: the draft stays payable.
  return 'applied';
}

/** Tells the customer (their language) and the pharmacy (German, then English) that a direct debit came back; the board sees it live. */
async function debitFailed(ctx: OrdersContext, order: NonNullable<Awaited<ReturnType<typeof findOrder>>>): Promise<void> {
  console.warn(JSON.stringify({ level: 'warn', msg: 'sepa debit failed', orderId: order.id }));
  await sendOrderMail(ctx, order, 'payment_failed');
  try {
    const pharmacy = order.pharmacyId ? (await pharmaciesById(ctx.db, [order.pharmacyId])).get(order.pharmacyId) : undefined;
    if (!pharmacy?.email) return;
    const values = (locale: 'en' | 'de') => ({ number: order.orderNumber, amount: formatPrice(order.amountDueCents, locale) });
    const de = translator(orderMailMessages, 'de');
    const en = translator(orderMailMessages, 'en');
    await ctx.deps.mailer(ctx.db, ctx.clock).send({
      to: pharmacy.email,
      subject: de('staffPaymentFailedSubject', values('de')),
      text: `${de('staffPaymentFailedText', values('de'))}\n\n---\n\n${en('staffPaymentFailedText', values('en'))}`,
      kind: 'order.payment_failed.pharmacy',
      idempotencyKey: `order:${order.id}:payment_failed:pharmacy`,
    });
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', msg: 'debit failure not sent to the pharmacy', orderId: order.id, error: (error as Error)?.name ?? 'Error' }));
  }
}
