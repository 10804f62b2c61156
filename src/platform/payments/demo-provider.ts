import { createHash, randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../clock';
import { validateCard } from './card-validation';
import { normalizeIban, TEST_IBANS, TEST_WALLET_CARDS, testOutcome } from './test-cards';
import { signPayload, verifySignedEvent } from './webhook-signature';
import {
  assertAmount,
  PAYMENT_METHOD_TYPES,
  type IntentStatus,
  type PaymentErrorCode,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentMethodFacts,
  type PaymentMethodType,
  type PaymentResult,
} from './types';

/**
 * The built-in demo provider: an offline imitation of Stripe's PaymentIntents with manual capture,
 * close enough to test every path. Card data reaches it only through its own hosted-fields page
 * and endpoints under /demo-psp/ (demo-routes.ts), never through the shop's API. It keeps its state
 * (intents, customers, saved methods, events) in this process's memory, and sends Stripe-style
 * signed webhooks to the shop (`Stripe-Signature`, its own secret). Tests can hold webhooks back and
 * release them late, twice or in reverse order, and make single operations fail.
 *
 * After a restart it has forgotten its intents; capture, cancel and refund of a well-formed demo id
 * it does not know then succeed, so an order placed before a restart can still be accepted.
 */

export const DEMO_WEBHOOK_SECRET_DEFAULT = 'whsec_apobote_demo_provider';
/** Where the demo provider's pages and endpoints live (outside /api: they are "the provider"). */
export const DEMO_PSP_PATH = '/demo-psp';

export type DemoConfirmInput =
  | { type: 'card'; number: string; expiry: string; cvc: string }
  | { type: 'saved'; paymentMethodId: string }
  | { type: 'paypal' }
  | { type: 'klarna' }
  /** Apple Pay / Google Pay: the device's sheet authorised a card of its wallet (TEST_WALLET_CARDS). */
  | { type: 'wallet'; wallet: 'apple_pay' | 'google_pay' }
  /** The IBAN typed into the provider's hosted page (never the shop's) and the account holder; the mandate text was shown there. */
  | { type: 'sepa_debit'; iban: string; holder: string };

export interface DemoConfirmAnswer {
  status: IntentStatus;
  /** 3-D Secure challenge or PayPal approval: the browser goes there (and comes back to return_url). */
  redirectUrl: string | null;
  error: PaymentErrorCode | null;
}

interface StoredIntent extends PaymentIntent {
  returnUrl: string | null;
  methods: readonly PaymentMethodType[];
  captured: number;
  refunds: { id: string; amountCents: number }[];
  /** sepa_debit: whether the debit fails after it was started (the failing test IBAN). */
  debitFails?: boolean;
}

interface DemoEvent {
  id: string;
  type: string;
  created: number;
  body: string;
}

/** Sends one event; `sign(t)` makes its Stripe-Signature header for the moment it is sent. */
export type WebhookSink = (rawBody: string, sign: (unixSeconds: number) => string) => Promise<void>;

export interface DemoFaults {
  /** Operations that answer PAYMENT_UNAVAILABLE (as a 5xx would), e.g. 'capture'. */
  unavailable: Set<'create' | 'retrieve' | 'capture' | 'release' | 'refund' | 'customer' | 'delete'>;
  /** The capture happens but its answer is lost (a timeout after success). */
  captureAnswerLost: boolean;
}

export interface DemoProvider extends PaymentGateway {
  readonly webhookSecret: string;
  readonly faults: DemoFaults;
  /** How often each intent was really captured (tests: never twice). */
  captureCount(intentId: string): number;
  /** Whether the provider still holds this customer, and the payment methods attached to it (tests: deleted at the provider). */
  hasCustomer(customerId: string): boolean;
  paymentMethodsOf(customerId: string): string[];
  /** The hosted fields' confirm: card data, a saved method or PayPal. */
  confirm(intentId: string, clientSecret: string, input: DemoConfirmInput): Promise<DemoConfirmAnswer>;
  /** The 3-D Secure challenge page's answer. */
  completeChallenge(intentId: string, outcome: 'pass' | 'fail' | 'abandon'): Promise<{ returnUrl: string | null; status: IntentStatus }>;
  /** The PayPal approval page's answer. */
  completePaypal(intentId: string, outcome: 'approve' | 'cancel'): Promise<{ returnUrl: string | null; status: IntentStatus }>;
  /** The Klarna-like invoice page's answer: approve, or decline (the customer is not offered invoice), or cancel. */
  completeKlarna(intentId: string, outcome: 'approve' | 'decline' | 'cancel'): Promise<{ returnUrl: string | null; status: IntentStatus }>;
  /**
   * The bank's answer to the SEPA debits started so far (days later in real life): those of the
   * failing test IBAN fail (payment_intent.payment_failed), the rest had succeeded already. Answers how many failed.
   */
  settleDebits(): Promise<number>;
  /** Where webhooks go (the shop's endpoint); without one they wait in the outbox. */
  setWebhookSink(sink: WebhookSink | null): void;
  /** Hold webhooks back (tests: late delivery); `release` sends the held ones. */
  holdWebhooks(on: boolean): void;
  releaseWebhooks(options?: { reverse?: boolean; duplicate?: boolean }): Promise<number>;
  /** Resolves when every webhook sent so far has been delivered (or given up). */
  flushWebhooks(): Promise<void>;
  /** Every event made so far (newest last), as sent: raw body and a fresh signature header. */
  events(intentId?: string): { id: string; type: string; rawBody: string; signature: string }[];
  /** The intent as the hosted page needs it (amount, methods), checked against its client secret. */
  intentForPage(intentId: string, clientSecret: string | null): PaymentIntent & { methods: readonly PaymentMethodType[] } | null;
}

const DEMO_INTENT = /^pi_demo_(\d+)_[A-Za-z0-9]+$/;
const rand = (bytes = 9): string => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export interface DemoProviderOptions {
  clock?: Clock;
  webhookSecret?: string;
  /**
   * Simulated network and processing time of each server-side API call the shop makes (create,
   * retrieve, capture, release, refund, customers, methods), as a real provider's round trip, so the
   * shop's own behaviour under a slow provider can be measured (DEMO_PSP_LATENCY_MS). The hosted
   * pages' calls (the customer's browser talking to the provider) are not delayed. Default 0.
   */
  latencyMs?: number;
}

export function createDemoProvider(options: DemoProviderOptions = {}): DemoProvider {
  const clock = options.clock ?? systemClock;
  const latencyMs = options.latencyMs ?? 0;
  if (!(Number.isInteger(latencyMs) && latencyMs >= 0)) throw new RangeError('latencyMs must be a non-negative integer');
  // Without latency nothing is awaited, so the calls keep their timing in tests to the microtask.
  const roundTrip = latencyMs > 0 ? () => new Promise<void>((resolve) => setTimeout(resolve, latencyMs)) : null;
  const webhookSecret = options.webhookSecret ?? DEMO_WEBHOOK_SECRET_DEFAULT;
  const intents = new Map<string, StoredIntent>();
  const methods = new Map<string, PaymentMethodFacts & { customerId: string | null; outcome: string }>();
  const customers = new Set<string>();
  const idempotent = new Map<string, unknown>();
  const outbox: DemoEvent[] = [];
  const held: DemoEvent[] = [];
  let holding = false;
  let sink: WebhookSink | null = null;
  const faults: DemoFaults = { unavailable: new Set(), captureAnswerLost: false };
  const seconds = () => Math.floor(clock.now().getTime() / 1000);

  function snapshot(intent: StoredIntent): PaymentIntent {
    const { returnUrl: _r, methods: _m, captured: _c, refunds: _f, ...rest } = intent;
    return structuredClone(rest);
  }

  function intentJson(intent: StoredIntent): Record<string, unknown> {
    return {
      id: intent.id,
      object: 'payment_intent',
      status: intent.status,
      amount: intent.amountCents,
      amount_capturable: intent.amountCapturableCents,
      amount_received: intent.amountReceivedCents,
      capture_method: intent.captureMethod,
      metadata: { order_id: intent.orderId },
      customer: intent.customerId,
      payment_method: intent.paymentMethod?.id ?? null,
    };
  }

  async function deliver(event: DemoEvent): Promise<void> {
    if (!sink) return;
    try {
      await sink(event.body, (at) => signPayload(event.body, webhookSecret, at));
    } catch (error) {
      // A real provider retries later; the demo keeps the event in its outbox (releaseWebhooks resends).
      console.warn(JSON.stringify({ level: 'warn', msg: 'demo provider webhook not delivered', event: event.type, error: (error as Error)?.name ?? 'Error' }));
    }
  }

  // Webhooks go out after the call that caused them has answered, one after another, as a provider
  // sends them: never inside the caller's request (a capture inside the shop's database transaction
  // must not wait for the shop's own webhook handler).
  let sending: Promise<void> = Promise.resolve();
  async function emit(type: string, intent: StoredIntent): Promise<void> {
    const created = seconds();
    const id = `evt_demo_${rand()}`;
    const body = JSON.stringify({ id, object: 'event', type, created, data: { object: intentJson(intent) } });
    const event = { id, type, created, body };
    outbox.push(event);
    if (holding) held.push(event);
    else sending = sending.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0))).then(() => deliver(event));
  }

  function once<T>(key: string, make: () => T): T {
    if (idempotent.has(key)) return idempotent.get(key) as T;
    const value = make();
    idempotent.set(key, value);
    return value;
  }

  async function authorized(intent: StoredIntent, method: PaymentMethodFacts): Promise<void> {
    intent.paymentMethod = method;
    intent.lastError = null;
    if (method.type === 'sepa_debit') {
      // No hold: the mandate is collected, the debit waits for the shop's confirmation (at acceptance).
      intent.status = 'requires_confirmation';
      return;
    }
    if (intent.captureMethod === 'manual') {
      intent.status = 'requires_capture';
      intent.amountCapturableCents = intent.amountCents;
      await emit('payment_intent.amount_capturable_updated', intent);
    } else {
      intent.status = 'succeeded';
      intent.amountReceivedCents = intent.amountCents;
      intent.captured = 1;
      await emit('payment_intent.succeeded', intent);
    }
    if (intent.saveMethod && intent.customerId) {
      const stored = methods.get(method.id);
      if (stored) stored.customerId = intent.customerId;
    }
  }

  async function failed(intent: StoredIntent, code: PaymentErrorCode): Promise<void> {
    intent.status = 'requires_payment_method';
    intent.lastError = code;
    await emit('payment_intent.payment_failed', intent);
  }

  const redirect = (intent: StoredIntent, page: 'challenge' | 'paypal' | 'klarna') => `${DEMO_PSP_PATH}/${page}?intent=${encodeURIComponent(intent.id)}`;

  const unavailable = { ok: false as const, code: 'PAYMENT_UNAVAILABLE' as const };

  const provider: DemoProvider = {
    provider: 'demo',
    live: false,
    webhookSecret,
    faults,

    // Wallets: the hosted fields page imitates Stripe's Apple Pay / Google Pay buttons (README).
    browserConfig: () => ({ provider: 'demo', publishableKey: null, hostedFieldsUrl: `${DEMO_PSP_PATH}/elements`, scriptUrl: null, methods: DEMO_METHODS, wallets: true }),

    async createIntent(request) {
      if (roundTrip) await roundTrip();
      assertAmount(request.amountCents);
      if (faults.unavailable.has('create')) return unavailable;
      if (request.paymentMethodId) {
        const method = methods.get(request.paymentMethodId);
        if (!method || method.customerId !== (request.customerId ?? null)) return { ok: false, code: 'PAYMENT_FAILED' };
      }
      const intent = once(`create:${request.idempotencyKey}`, (): StoredIntent => {
        const id = `pi_demo_${request.amountCents}_${rand()}`;
        return {
          id,
          // As Stripe's: the intent's id, "_secret_", then the secret part.
          clientSecret: `${id}_secret_${rand(18)}`,
          status: 'requires_payment_method',
          amountCents: request.amountCents,
          amountCapturableCents: 0,
          amountReceivedCents: 0,
          amountRefundedCents: 0,
          captureMethod: request.captureMethod,
          orderId: request.orderId,
          customerId: request.customerId ?? null,
          paymentMethod: request.paymentMethodId ? (methods.get(request.paymentMethodId) ?? null) : null,
          saveMethod: request.saveMethod,
          lastError: null,
          returnUrl: request.returnUrl ?? null,
          methods: request.paymentMethodId ? ['card'] : request.methods,
          captured: 0,
          refunds: [],
        };
      });
      intents.set(intent.id, intent);
      return { ok: true, value: snapshot(intent) };
    },

    async retrieveIntent(intentId) {
      if (roundTrip) await roundTrip();
      if (faults.unavailable.has('retrieve')) return unavailable;
      const intent = intents.get(intentId);
      return intent ? { ok: true, value: snapshot(intent) } : { ok: false, code: 'PAYMENT_FAILED' };
    },

    async capture(request) {
      if (roundTrip) await roundTrip();
      assertAmount(request.amountCents);
      if (faults.unavailable.has('capture')) return unavailable;
      const key = `capture:${request.idempotencyKey}`;
      if (idempotent.has(key)) return idempotent.get(key) as PaymentResult<{ captureId: string; amountCents: number }>;
      const intent = intents.get(request.authorizationId);
      let answer: PaymentResult<{ captureId: string; amountCents: number }>;
      if (intent && intent.paymentMethod?.type === 'sepa_debit') {
        // SEPA: confirming the intent with its mandate starts the debit (Stripe: processing).
        if (intent.status !== 'requires_confirmation' || request.amountCents !== intent.amountCents) {
          answer = { ok: false, code: 'PAYMENT_FAILED' };
        } else {
          intent.status = 'processing';
          intent.captured += 1;
          answer = { ok: true, value: { captureId: `py_demo_${rand()}`, amountCents: request.amountCents } };
          await emit('payment_intent.processing', intent);
          if (!intent.debitFails) {
            intent.status = 'succeeded';
            intent.amountReceivedCents = intent.amountCents;
            await emit('payment_intent.succeeded', intent);
          }
        }
      } else if (!intent) {
        const known = DEMO_INTENT.exec(request.authorizationId);
        answer = known && request.amountCents <= Number(known[1]) ? { ok: true, value: { captureId: `ch_demo_${rand()}`, amountCents: request.amountCents } } : { ok: false, code: 'PAYMENT_FAILED' };
      } else if (intent.status !== 'requires_capture' || request.amountCents > intent.amountCapturableCents) {
        answer = { ok: false, code: 'PAYMENT_FAILED' };
      } else {
        intent.status = 'succeeded';
        intent.amountReceivedCents = request.amountCents;
        intent.amountCapturableCents = 0;
        intent.captured += 1;
        answer = { ok: true, value: { captureId: `ch_demo_${rand()}`, amountCents: request.amountCents } };
        await emit('payment_intent.succeeded', intent);
      }
      idempotent.set(key, answer);
      if (answer.ok && faults.captureAnswerLost) {
        faults.captureAnswerLost = false;
        return unavailable;
      }
      return answer;
    },

    async release(request) {
      if (roundTrip) await roundTrip();
      if (faults.unavailable.has('release')) return unavailable;
      const intent = intents.get(request.authorizationId);
      if (!intent) return DEMO_INTENT.test(request.authorizationId) ? { ok: true, value: { released: true } } : { ok: false, code: 'PAYMENT_FAILED' };
      if (intent.status === 'canceled') return { ok: true, value: { released: true } };
      if (intent.status === 'succeeded' || intent.status === 'processing') return { ok: false, code: 'PAYMENT_FAILED' };
      intent.status = 'canceled';
      intent.amountCapturableCents = 0;
      await emit('payment_intent.canceled', intent);
      return { ok: true, value: { released: true } };
    },

    async refund(request) {
      if (roundTrip) await roundTrip();
      assertAmount(request.amountCents);
      if (faults.unavailable.has('refund')) return unavailable;
      const key = `refund:${request.idempotencyKey}`;
      if (idempotent.has(key)) return idempotent.get(key) as PaymentResult<{ refundId: string; amountCents: number }>;
      const intent = intents.get(request.authorizationId);
      let answer: PaymentResult<{ refundId: string; amountCents: number }>;
      if (!intent) {
        answer = DEMO_INTENT.test(request.authorizationId) ? { ok: true, value: { refundId: `re_demo_${rand()}`, amountCents: request.amountCents } } : { ok: false, code: 'PAYMENT_FAILED' };
      } else if (intent.status !== 'succeeded' || intent.amountRefundedCents + request.amountCents > intent.amountReceivedCents) {
        answer = { ok: false, code: 'PAYMENT_FAILED' };
      } else {
        const refund = { id: `re_demo_${rand()}`, amountCents: request.amountCents };
        intent.refunds.push(refund);
        intent.amountRefundedCents += request.amountCents;
        answer = { ok: true, value: { refundId: refund.id, amountCents: refund.amountCents } };
        await emit('charge.refunded', intent);
      }
      idempotent.set(key, answer);
      return answer;
    },

    async createCustomer(request) {
      if (roundTrip) await roundTrip();
      if (faults.unavailable.has('customer')) return unavailable;
      const customerId = once(`customer:${request.idempotencyKey}`, () => `cus_demo_${createHash('sha256').update(request.userId).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x')}${rand(3)}`);
      customers.add(customerId);
      return { ok: true, value: { customerId } };
    },

    async deleteCustomer(customerId) {
      if (roundTrip) await roundTrip();
      if (faults.unavailable.has('delete')) return unavailable;
      customers.delete(customerId);
      for (const [id, method] of methods) if (method.customerId === customerId) methods.delete(id);
      return { ok: true, value: { deleted: true } };
    },

    async deletePaymentMethod(paymentMethodId) {
      if (roundTrip) await roundTrip();
      if (faults.unavailable.has('delete')) return unavailable;
      methods.delete(paymentMethodId);
      return { ok: true, value: { deleted: true } };
    },

    verifyWebhook: (rawBody, header, now) => verifySignedEvent(rawBody, header, webhookSecret, now),

    captureCount: (intentId) => intents.get(intentId)?.captured ?? 0,

    hasCustomer: (customerId) => customers.has(customerId),

    paymentMethodsOf: (customerId) => [...methods.values()].filter((method) => method.customerId === customerId).map((method) => method.id),

    intentForPage(intentId, clientSecret) {
      const intent = intents.get(intentId);
      if (!intent || (clientSecret !== null && intent.clientSecret !== clientSecret)) return null;
      return { ...snapshot(intent), methods: intent.methods };
    },

    async confirm(intentId, clientSecret, input) {
      const intent = intents.get(intentId);
      if (!intent || intent.clientSecret !== clientSecret) return { status: 'requires_payment_method', redirectUrl: null, error: 'PAYMENT_FAILED' };
      if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_action') {
        return { status: intent.status, redirectUrl: null, error: intent.status === 'canceled' ? 'PAYMENT_FAILED' : null };
      }
      if (input.type === 'paypal' || input.type === 'klarna') {
        if (!intent.methods.includes(input.type)) return { status: intent.status, redirectUrl: null, error: 'PAYMENT_FAILED' };
        intent.status = 'requires_action';
        intent.paymentMethod = { id: `pm_demo_${rand()}`, type: input.type, brand: input.type, last4: '', expiryMonth: null, expiryYear: null, wallet: null };
        return { status: intent.status, redirectUrl: redirect(intent, input.type), error: null };
      }
      if (input.type === 'wallet') {
        // A wallet pays with a card: offered wherever the card is.
        if (!intent.methods.includes('card')) return { status: intent.status, redirectUrl: null, error: 'PAYMENT_FAILED' };
        const card = TEST_WALLET_CARDS[input.wallet];
        // The device's card is not saved as one of the shop's cards: the box under the card fields is about a typed card.
        intent.saveMethod = false;
        await authorized(intent, { id: `pm_demo_${rand()}`, type: 'card', brand: card.brand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, wallet: input.wallet });
        return { status: intent.status, redirectUrl: null, error: null };
      }
      if (input.type === 'sepa_debit') {
        if (!intent.methods.includes('sepa_debit')) return { status: intent.status, redirectUrl: null, error: 'PAYMENT_FAILED' };
        const iban = normalizeIban(input.iban);
        if (!iban || input.holder.trim().length < 2) return { status: intent.status, redirectUrl: null, error: 'IBAN_INVALID' };
        // The IBAN stays here: the shop hears the last four digits only.
        intent.debitFails = iban === TEST_IBANS.failsLater;
        await authorized(intent, { id: `pm_demo_${rand()}`, type: 'sepa_debit', brand: 'sepa_debit', last4: iban.slice(-4), expiryMonth: null, expiryYear: null, wallet: null });
        return { status: intent.status, redirectUrl: null, error: null };
      }
      let method: PaymentMethodFacts & { customerId: string | null; outcome: string };
      if (input.type === 'saved') {
        const saved = methods.get(input.paymentMethodId);
        if (!saved || saved.customerId === null || saved.customerId !== intent.customerId) return { status: intent.status, redirectUrl: null, error: 'PAYMENT_FAILED' };
        method = saved;
      } else {
        const checked = validateCard({ number: input.number, expiry: input.expiry, cvc: input.cvc }, clock.now());
        if (!checked.ok) return { status: intent.status, redirectUrl: null, error: checked.code };
        const outcome = testOutcome(checked.value.number);
        if (outcome === null) {
          await failed(intent, 'PAYMENT_FAILED');
          return { status: intent.status, redirectUrl: null, error: 'PAYMENT_FAILED' };
        }
        method = {
          id: `pm_demo_${rand()}`,
          type: 'card',
          brand: checked.value.brand,
          last4: checked.value.last4,
          expiryMonth: checked.value.expiryMonth,
          expiryYear: checked.value.expiryYear,
          wallet: null,
          customerId: null,
          outcome,
        };
        methods.set(method.id, method);
      }
      const { customerId: _c, outcome, ...facts } = method;
      switch (outcome) {
        case 'declined':
          await failed(intent, 'PAYMENT_FAILED');
          return { status: intent.status, redirectUrl: null, error: 'PAYMENT_FAILED' };
        case 'insufficient_funds':
          await failed(intent, 'PAYMENT_INSUFFICIENT_FUNDS');
          return { status: intent.status, redirectUrl: null, error: 'PAYMENT_INSUFFICIENT_FUNDS' };
        case 'processing_error':
          await failed(intent, 'PAYMENT_UNAVAILABLE');
          return { status: intent.status, redirectUrl: null, error: 'PAYMENT_UNAVAILABLE' };
        case 'three_d_secure':
          intent.status = 'requires_action';
          intent.paymentMethod = facts;
          return { status: intent.status, redirectUrl: redirect(intent, 'challenge'), error: null };
        default:
          await authorized(intent, facts);
          return { status: intent.status, redirectUrl: null, error: null };
      }
    },

    async completeChallenge(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) return { returnUrl: null, status: 'canceled' };
      if (intent.status === 'requires_action' && intent.paymentMethod?.type === 'card') {
        if (outcome === 'pass') await authorized(intent, intent.paymentMethod);
        else await failed(intent, outcome === 'fail' ? 'PAYMENT_AUTHENTICATION_FAILED' : 'PAYMENT_CANCELLED');
      }
      return { returnUrl: intent.returnUrl, status: intent.status };
    },

    async completePaypal(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) return { returnUrl: null, status: 'canceled' };
      if (intent.status === 'requires_action' && intent.paymentMethod?.type === 'paypal') {
        if (outcome === 'approve') await authorized(intent, intent.paymentMethod);
        else await failed(intent, 'PAYMENT_CANCELLED');
      }
      return { returnUrl: intent.returnUrl, status: intent.status };
    },

    async completeKlarna(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) return { returnUrl: null, status: 'canceled' };
      if (intent.status === 'requires_action' && intent.paymentMethod?.type === 'klarna') {
        if (outcome === 'approve') await authorized(intent, intent.paymentMethod);
        else await failed(intent, outcome === 'decline' ? 'PAYMENT_FAILED' : 'PAYMENT_CANCELLED');
      }
      return { returnUrl: intent.returnUrl, status: intent.status };
    },

    async settleDebits() {
      let failedDebits = 0;
      for (const intent of intents.values()) {
        if (intent.status !== 'processing' || intent.paymentMethod?.type !== 'sepa_debit') continue;
        if (intent.debitFails) {
          // A returned debit: as Stripe, the intent asks for a new payment method again.
          failedDebits += 1;
          await failed(intent, 'PAYMENT_FAILED');
        } else {
          intent.status = 'succeeded';
          intent.amountReceivedCents = intent.amountCents;
          await emit('payment_intent.succeeded', intent);
        }
      }
      return failedDebits;
    },

    setWebhookSink(next) {
      sink = next;
    },

    holdWebhooks(on) {
      holding = on;
    },

    flushWebhooks: () => sending,

    async releaseWebhooks(release = {}) {
      const batch = held.splice(0, held.length);
      if (release.reverse) batch.reverse();
      for (const event of batch) {
        await deliver(event);
        if (release.duplicate) await deliver(event);
      }
      return batch.length;
    },

    events(intentId) {
      return outbox
        .filter((event) => !intentId || event.body.includes(`"id":"${intentId}"`))
        .map((event) => ({ id: event.id, type: event.type, rawBody: event.body, signature: signPayload(event.body, webhookSecret, seconds()) }));
    },
  };
  return provider;
}

/** The types the demo provider offers: all of them (card, PayPal, SEPA direct debit, invoice). */
export const DEMO_METHODS: readonly PaymentMethodType[] = PAYMENT_METHOD_TYPES;

const GLOBAL_KEY = Symbol.for('apobote.demoPaymentProvider');

/**
 * The one demo provider of this process (shared by the shop's API and the /demo-psp pages); the
 * first caller's secret and latency make it.
 */
export function sharedDemoProvider(webhookSecret?: string, latencyMs = 0): DemoProvider {
  const holder = globalThis as unknown as Record<symbol, DemoProvider | undefined>;
  // The system clock: the API's and the pages' request clocks (X-Test-Now) are separate; webhooks carry their own time.
  return (holder[GLOBAL_KEY] ??= createDemoProvider({ clock: systemClock, latencyMs, ...(webhookSecret ? { webhookSecret } : {}) }));
}
