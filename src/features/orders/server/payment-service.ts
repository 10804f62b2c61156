import { and, eq } from 'drizzle-orm';
import { withTransaction, type Db } from '../../../platform/db';
import type { PaymentGateway, PaymentMethodType } from '../../../platform/payments';
import { customerContact, findCard, findPaymentCustomer, rememberPaymentCustomer } from './collaborators';
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
 * - paymentOptions: which methods the checkout shows for this draft (the provider's and the
 *   order's: PayPal and cards always; SEPA direct debit only where the provider offers it, and it is
 *   taken at once because it cannot be held — a rejection refunds it, see README).
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

export function paymentOptions(ctx: OrdersContext): OrderResult<PaymentOptions> {
  const gateway = gatewayOf(ctx);
  if (!gateway.ok) return gateway;
  const config = gateway.value.browserConfig();
  return { ok: true, value: { provider: config.provider, publishable_key: config.publishableKey, hosted_fields_url: config.hostedFieldsUrl, methods: [...config.methods], wallets: config.wallets } };
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
  if (body.method === 'paypal' && !config.methods.includes('paypal')) return refuse(422, 'PAYMENT_METHOD_REQUIRED', { fields: { payment: 'PAYMENT_METHOD_REQUIRED' } });

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
  const methods: PaymentMethodType[] = body.method === 'paypal' ? ['paypal'] : ['card'];
  const created = await gateway.value.createIntent({
    amountCents: amount,
    currency: 'EUR',
    orderId,
    ...(customerId ? { customerId } : {}),
    ...(paymentMethodId ? { paymentMethodId } : {}),
    saveMethod: body.method === 'card' && body.save_card === true,
    methods,
    captureMethod: 'manual',
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
  // Failed attempts (declined, 3-D Secure failed, PayPal cancelled) reserve nothing: the draft stays payable.
  return 'applied';
}
