import { verifySignedEvent } from './webhook-signature';
import {
  assertAmount,
  CARD_BRANDS,
  PAYMENT_METHOD_TYPES,
  type CardBrand,
  type IntentStatus,
  type PaymentErrorCode,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentMethodFacts,
  type PaymentMethodType,
  type PaymentResult,
} from './types';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface StripeGatewayOptions {
  /** STRIPE_SECRET_KEY (sk_live_… / sk_test_… or a restricted rk_… key). */
  secretKey: string;
  /** STRIPE_PUBLISHABLE_KEY, handed to Stripe.js in the browser. */
  publishableKey: string;
  /** STRIPE_WEBHOOK_SECRET (whsec_…) of the endpoint /api/v1/payments/webhook. */
  webhookSecret: string;
  /** Defaults to https://api.stripe.com. */
  apiBase?: string;
  /** Defaults to STRIPE_JS_URL (Stripe requires js.stripe.com; only tests point it at a stand-in). */
  scriptUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export const STRIPE_TIMEOUT_MS = 15_000;
/** Stripe.js must be loaded from Stripe, not bundled or self-hosted (Stripe's "Including Stripe.js"). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';
/**
 * What the browser may load for Stripe: Stripe.js, its frames (Payment Element, 3-D Secure) and
 * its API. Stripe's documented Content-Security-Policy entries.
 */
export const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;
/**
 * Stripe's methods in the browser. SEPA direct debit is left out: Stripe.js confirms what it
 * collects, and a confirmed SEPA intent debits at once, while the shop debits only at the
 * pharmacy's acceptance (README, "SEPA direct debit"); collecting the mandate alone needs a
 * confirmation token flow that is not built yet.
 */
export const STRIPE_BROWSER_METHODS: readonly PaymentMethodType[] = ['card', 'paypal', 'klarna'];
const API_VERSION = '2024-06-20';

/**
 * Stripe over plain fetch (form-encoded REST, `Idempotency-Key` on every POST):
 *
 *   POST   /v1/payment_intents               amount, currency=eur, capture_method=manual, metadata[order_id],
 *                                            payment_method_types[], customer, payment_method, setup_future_usage
 *   GET    /v1/payment_intents/{id}?expand[]=payment_method
 *   POST   /v1/payment_intents/{id}/capture  amount_to_capture
 *   POST   /v1/payment_intents/{id}/confirm  sepa_debit at acceptance: mandate_data (no hold exists for SEPA)
 *   POST   /v1/payment_intents/{id}/cancel
 *   POST   /v1/refunds                       payment_intent, amount
 *   POST   /v1/customers                     metadata[shop_user]
 *   DELETE /v1/customers/{id}
 *   POST   /v1/payment_methods/{id}/detach
 *
 * Card data never passes here: the browser's Payment Element (Stripe.js) sends it to Stripe. A 402
 * is a refusal (card_declined and its decline_code, expired_card, authentication failure), a 404 on
 * delete counts as done, anything else (5xx, 401, 429, a timeout) is PAYMENT_UNAVAILABLE: the draft
 * stays payable and the retried call carries the same idempotency key, so nothing is charged twice.
 */
export function stripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const base = (options.apiBase ?? 'https://api.stripe.com').replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? STRIPE_TIMEOUT_MS;

  async function call(operation: string, method: 'GET' | 'POST' | 'DELETE', path: string, form: [string, string][] | null, idempotencyKey: string | null): Promise<PaymentResult<Record<string, unknown>> & { status?: number }> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.secretKey}`, 'stripe-version': API_VERSION };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      console.warn(JSON.stringify({ level: 'warn', msg: 'payment provider unreachable', provider: 'stripe', operation, error: (error as Error)?.name ?? 'Error' }));
      return { ok: false, code: 'PAYMENT_UNAVAILABLE' };
    }
    let body: Record<string, unknown> = {};
    try {
      const parsed = (await response.json()) as unknown;
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      body = {};
    }
    if (response.ok) return { ok: true, value: body };
    const error = (body.error ?? {}) as { code?: string; decline_code?: string; type?: string };
    if (response.status === 404 && (method === 'DELETE' || path.endsWith('/detach'))) return { ok: true, value: {}, status: 404 };
    if (response.status === 402 || (response.status === 400 && error.type === 'card_error')) return { ok: false, code: refusalCode(error.code, error.decline_code) };
    console.warn(JSON.stringify({ level: 'warn', msg: 'payment provider refused a call', provider: 'stripe', operation, status: response.status, code: error.code ?? null }));
    return { ok: false, code: 'PAYMENT_UNAVAILABLE' };
  }

  const gateway: PaymentGateway = {
    provider: 'stripe',
    live: options.secretKey.startsWith('sk_live_') || options.secretKey.startsWith('rk_live_'),

    browserConfig: () => ({ provider: 'stripe', publishableKey: options.publishableKey, hostedFieldsUrl: null, scriptUrl: options.scriptUrl ?? STRIPE_JS_URL, methods: STRIPE_BROWSER_METHODS, wallets: true }),

    async createIntent(request) {
      assertAmount(request.amountCents);
      // SEPA direct debit has no manual capture: Stripe refuses capture_method=manual for it.
      const sepa = request.methods.includes('sepa_debit');
      const form: [string, string][] = [
        ['amount', String(request.amountCents)],
        ['currency', 'eur'],
        ['capture_method', sepa ? 'automatic' : request.captureMethod],
        ['metadata[order_id]', request.orderId],
        ...request.methods.map((type): [string, string] => ['payment_method_types[]', type]),
      ];
      if (request.customerId) form.push(['customer', request.customerId]);
      if (request.paymentMethodId) form.push(['payment_method', request.paymentMethodId]);
      if (request.saveMethod) form.push(['setup_future_usage', 'off_session']);
      const answer = await call('create_intent', 'POST', '/v1/payment_intents', form, request.idempotencyKey);
      return answer.ok ? readIntent(answer.value) : answer;
    },

    async retrieveIntent(intentId) {
      const answer = await call('retrieve_intent', 'GET', `/v1/payment_intents/${encodeURIComponent(intentId)}?expand[]=payment_method`, null, null);
      return answer.ok ? readIntent(answer.value) : answer;
    },

    async capture(request) {
      assertAmount(request.amountCents);
      if (request.method === 'sepa_debit') {
        // The mandate was accepted on the checkout's payment page (its text shown there): the debit starts now.
        const confirmed = await call('confirm_sepa', 'POST', `/v1/payment_intents/${encodeURIComponent(request.authorizationId)}/confirm`, [['mandate_data[customer_acceptance][type]', 'offline']], request.idempotencyKey);
        if (!confirmed.ok) return confirmed;
        return { ok: true, value: { captureId: String(confirmed.value.latest_charge ?? request.authorizationId), amountCents: request.amountCents } };
      }
      const answer = await call('capture', 'POST', `/v1/payment_intents/${encodeURIComponent(request.authorizationId)}/capture`, [['amount_to_capture', String(request.amountCents)]], request.idempotencyKey);
      if (!answer.ok) return answer;
      const received = answer.value.amount_received;
      return { ok: true, value: { captureId: String(answer.value.latest_charge ?? request.authorizationId), amountCents: typeof received === 'number' ? received : request.amountCents } };
    },

    async release(request) {
      const answer = await call('cancel', 'POST', `/v1/payment_intents/${encodeURIComponent(request.authorizationId)}/cancel`, [], request.idempotencyKey);
      return answer.ok ? { ok: true, value: { released: true } } : answer;
    },

    async refund(request) {
      assertAmount(request.amountCents);
      const answer = await call('refund', 'POST', '/v1/refunds', [
        ['payment_intent', request.authorizationId],
        ['amount', String(request.amountCents)],
      ], request.idempotencyKey);
      if (!answer.ok) return answer;
      return { ok: true, value: { refundId: String(answer.value.id ?? ''), amountCents: request.amountCents } };
    },

    async createCustomer(request) {
      const answer = await call('create_customer', 'POST', '/v1/customers', [['metadata[shop_user]', request.userId]], request.idempotencyKey);
      if (!answer.ok) return answer;
      return typeof answer.value.id === 'string' ? { ok: true, value: { customerId: answer.value.id } } : { ok: false, code: 'PAYMENT_UNAVAILABLE' };
    },

    async deleteCustomer(customerId) {
      const answer = await call('delete_customer', 'DELETE', `/v1/customers/${encodeURIComponent(customerId)}`, null, null);
      return answer.ok ? { ok: true, value: { deleted: true } } : answer;
    },

    async deletePaymentMethod(paymentMethodId) {
      const answer = await call('detach', 'POST', `/v1/payment_methods/${encodeURIComponent(paymentMethodId)}/detach`, [], `detach:${paymentMethodId}`);
      return answer.ok ? { ok: true, value: { deleted: true } } : answer;
    },

    verifyWebhook: (rawBody, header, now) => verifySignedEvent(rawBody, header, options.webhookSecret, now),
  };
  return gateway;
}

function refusalCode(code: string | undefined, declineCode: string | undefined): PaymentErrorCode {
  if (declineCode === 'insufficient_funds') return 'PAYMENT_INSUFFICIENT_FUNDS';
  if (code === 'expired_card') return 'CARD_EXPIRED';
  if (code === 'incorrect_cvc') return 'CVC_INVALID';
  if (code === 'payment_intent_authentication_failure') return 'PAYMENT_AUTHENTICATION_FAILED';
  return 'PAYMENT_FAILED';
}

const STATUSES: readonly IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled'];

function readMethod(value: unknown): PaymentMethodFacts | null {
  if (!value || typeof value !== 'object') return null;
  const pm = value as { id?: unknown; type?: unknown; card?: { brand?: unknown; last4?: unknown; exp_month?: unknown; exp_year?: unknown; wallet?: { type?: unknown } | null }; sepa_debit?: { last4?: unknown } };
  if (typeof pm.id !== 'string' || !PAYMENT_METHOD_TYPES.includes(pm.type as PaymentMethodType)) return null;
  const type = pm.type as PaymentMethodType;
  if (type === 'card') {
    const brand = (CARD_BRANDS as readonly string[]).includes(String(pm.card?.brand)) ? (pm.card!.brand as CardBrand) : 'unknown';
    const wallet = pm.card?.wallet?.type;
    return {
      id: pm.id,
      type,
      brand,
      last4: String(pm.card?.last4 ?? ''),
      expiryMonth: typeof pm.card?.exp_month === 'number' ? pm.card.exp_month : null,
      expiryYear: typeof pm.card?.exp_year === 'number' ? pm.card.exp_year : null,
      wallet: wallet === 'apple_pay' || wallet === 'google_pay' ? wallet : null,
    };
  }
  return { id: pm.id, type, brand: type, last4: type === 'sepa_debit' ? String(pm.sepa_debit?.last4 ?? '') : '', expiryMonth: null, expiryYear: null, wallet: null };
}

/** A Stripe PaymentIntent object as the seam's PaymentIntent. */
export function readIntent(body: Record<string, unknown>): PaymentResult<PaymentIntent> {
  const status = body.status as IntentStatus;
  if (typeof body.id !== 'string' || typeof body.amount !== 'number' || !STATUSES.includes(status)) return { ok: false, code: 'PAYMENT_UNAVAILABLE' };
  const lastError = body.last_payment_error as { code?: string; decline_code?: string } | null | undefined;
  const metadata = (body.metadata ?? {}) as Record<string, unknown>;
  const received = typeof body.amount_received === 'number' ? body.amount_received : 0;
  const charge = body.latest_charge as { amount_refunded?: unknown } | null | undefined;
  return {
    ok: true,
    value: {
      id: body.id,
      clientSecret: typeof body.client_secret === 'string' ? body.client_secret : '',
      status,
      amountCents: body.amount,
      amountCapturableCents: typeof body.amount_capturable === 'number' ? body.amount_capturable : 0,
      amountReceivedCents: received,
      amountRefundedCents: charge && typeof charge === 'object' && typeof charge.amount_refunded === 'number' ? charge.amount_refunded : 0,
      captureMethod: body.capture_method === 'automatic' || body.capture_method === 'automatic_async' ? 'automatic' : 'manual',
      orderId: typeof metadata.order_id === 'string' ? metadata.order_id : null,
      customerId: typeof body.customer === 'string' ? body.customer : null,
      paymentMethod: readMethod(body.payment_method),
      saveMethod: body.setup_future_usage === 'off_session' || body.setup_future_usage === 'on_session',
      lastError: lastError ? refusalCode(lastError.code, lastError.decline_code) : null,
    },
  };
}
