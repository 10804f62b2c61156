import { createHash, randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../clock';
import { validateCard } from './card-validation';
import { normalizeIban, TEST_IBANS, TEST_WALLET_CARDS, testOutcome } from './test-cards';
import { signPayload, verifySignedEvent } from './webhook-signature';
import { memoryDemoState, type DemoState, type StoredIntent, type StoredMethod } from './demo-state';
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
 * (intents, customers, saved methods) in a DemoState: on PostgreSQL the shop's database, so every
 * process of a cluster is one provider and a restart forgets nothing; on PGlite (one process) and in
 * unit tests this process's memory. It sends Stripe-style signed webhooks to the shop
 * (`Stripe-Signature`, its own secret) from the process that made the change. Tests can hold
 * webhooks back and release them late, twice or in reverse order, and make single operations fail
 * (both per process).
 *
 * With its state in memory, a restart forgets the intents; capture, cancel and refund of a
 * well-formed demo id it does not know then succeed, so an order placed before a restart can still
 * be accepted.
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
  captureCount(intentId: string): Promise<number>;
  /** Whether the provider still holds this customer, and the payment methods attached to it (tests: deleted at the provider). */
  hasCustomer(customerId: string): Promise<boolean>;
  paymentMethodsOf(customerId: string): Promise<string[]>;
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
  /** Every event this process made so far (newest last), as sent: raw body and a fresh signature header. */
  events(intentId?: string): { id: string; type: string; rawBody: string; signature: string }[];
  /** The intent as the hosted page needs it (amount, methods), checked against its client secret. */
  intentForPage(intentId: string, clientSecret: string | null): Promise<(PaymentIntent & { methods: readonly PaymentMethodType[] }) | null>;
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
  /** Where intents, payment methods and customers are kept; this process's memory by default (demo-state.ts). */
  state?: DemoState;
}

export function createDemoProvider(options: DemoProviderOptions = {}): DemoProvider {
  const clock = options.clock ?? systemClock;
  const latencyMs = options.latencyMs ?? 0;
  if (!(Number.isInteger(latencyMs) && latencyMs >= 0)) throw new RangeError('latencyMs must be a non-negative integer');
  // Without latency nothing is awaited, so the calls keep their timing in tests to the microtask.
  const roundTrip = latencyMs > 0 ? () => new Promise<void>((resolve) => setTimeout(resolve, latencyMs)) : null;
  const webhookSecret = options.webhookSecret ?? DEMO_WEBHOOK_SECRET_DEFAULT;
  const state = options.state ?? memoryDemoState();
  // The webhooks this process sent (tests read them) stay in its memory: they are deliveries, not the provider's state.
  const outbox: DemoEvent[] = [];
  const held: DemoEvent[] = [];
  let holding = false;
  let sink: WebhookSink | null = null;
  const faults: DemoFaults = { unavailable: new Set(), captureAnswerLost: false };
  const seconds = () => Math.floor(clock.now().getTime() / 1000);

  function snapshot(intent: StoredIntent): PaymentIntent {
    const { idempotencyKey: _k, returnUrl: _r, methods: _m, captured: _c, refunds: _f, debitFails: _d, answers: _a, ...rest } = intent;
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
  function emit(pending: PendingEvent): void {
    const created = seconds();
    const id = `evt_demo_${rand()}`;
    const body = JSON.stringify({ id, object: 'event', type: pending.type, created, data: { object: pending.object } });
    const event = { id, type: pending.type, created, body };
    outbox.push(event);
    if (holding) held.push(event);
    else sending = sending.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0))).then(() => deliver(event));
  }

  /** A webhook the change will send once it is stored: the intent as it was at that step. */
  type PendingEvent = { type: string; object: Record<string, unknown> };
  type Change<T> = (intent: StoredIntent | null, store: DemoState, events: PendingEvent[]) => Promise<T>;

  /** One change of one intent (alone, across processes on PostgreSQL); its webhooks go out after it is stored. */
  async function changing<T>(intentId: string, change: Change<T>): Promise<T> {
    let events: PendingEvent[] = [];
    const answer = await state.changeIntent(intentId, (intent, store) => {
      // A retried change starts over: only the webhooks of the run that was stored go out.
      events = [];
      return change(intent, store, events);
    });
    for (const pending of events) emit(pending);
    return answer;
  }

  async function authorized(intent: StoredIntent, method: PaymentMethodFacts, store: DemoState, events: PendingEvent[]): Promise<void> {
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
      events.push({ type: 'payment_intent.amount_capturable_updated', object: intentJson(intent) });
    } else {
      intent.status = 'succeeded';
      intent.amountReceivedCents = intent.amountCents;
      intent.captured = 1;
      events.push({ type: 'payment_intent.succeeded', object: intentJson(intent) });
    }
    if (intent.saveMethod && intent.customerId) {
      const stored = await store.method(method.id);
      if (stored) await store.putMethod({ ...stored, customerId: intent.customerId });
    }
  }

  function failed(intent: StoredIntent, code: PaymentErrorCode, events: PendingEvent[]): void {
    intent.status = 'requires_payment_method';
    intent.lastError = code;
    events.push({ type: 'payment_intent.payment_failed', object: intentJson(intent) });
  }

  const redirect = (intent: StoredIntent, page: 'challenge' | 'paypal' | 'klarna') => `${DEMO_PSP_PATH}/${page}?intent=${encodeURIComponent(intent.id)}`;

  const unavailable = { ok: false as const, code: 'PAYMENT_UNAVAILABLE' as const };

  /** The answer given to this idempotency key before, else `make()`'s, kept in the intent for the next retry. */
  async function onceFor<T extends Record<string, unknown>>(intent: StoredIntent, key: string, make: () => Promise<PaymentResult<T>>): Promise<PaymentResult<T>> {
    const before = intent.answers[key];
    if (before) return before as PaymentResult<T>;
    const answer = await make();
    intent.answers[key] = answer;
    return answer;
  }

  /** The 3-D Secure, PayPal and invoice pages' answer: the intent waits for it (requires_action) with that method. */
  async function decided(intentId: string, type: PaymentMethodType, approve: boolean, error: PaymentErrorCode): Promise<{ returnUrl: string | null; status: IntentStatus }> {
    return changing(intentId, async (intent, store, events) => {
      if (!intent) return { returnUrl: null, status: 'canceled' as const };
      if (intent.status === 'requires_action' && intent.paymentMethod?.type === type) {
        if (approve) await authorized(intent, intent.paymentMethod, store, events);
        else failed(intent, error, events);
      }
      return { returnUrl: intent.returnUrl, status: intent.status };
    });
  }

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
      const saved = request.paymentMethodId ? await state.method(request.paymentMethodId) : null;
      if (request.paymentMethodId && (!saved || saved.customerId !== (request.customerId ?? null))) return { ok: false, code: 'PAYMENT_FAILED' };
      const facts = saved ? (({ customerId: _c, outcome: _o, ...rest }) => rest)(saved) : null;
      const intent = await state.createIntent((): StoredIntent => {
        const id = `pi_demo_${request.amountCents}_${rand()}`;
        return {
          id,
          idempotencyKey: `create:${request.idempotencyKey}`,
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
          // A saved card's facts (the saved method's own record keeps its outcome).
          paymentMethod: facts ? { ...facts } : null,
          saveMethod: request.saveMethod,
          lastError: null,
          returnUrl: request.returnUrl ?? null,
          methods: request.paymentMethodId ? ['card'] : [...request.methods],
          captured: 0,
          refunds: [],
          debitFails: false,
          answers: {},
        };
      });
      return { ok: true, value: snapshot(intent) };
    },

    async retrieveIntent(intentId) {
      if (roundTrip) await roundTrip();
      if (faults.unavailable.has('retrieve')) return unavailable;
      const intent = await state.intent(intentId);
      return intent ? { ok: true, value: snapshot(intent) } : { ok: false, code: 'PAYMENT_FAILED' };
    },

    async capture(request) {
      if (roundTrip) await roundTrip();
      assertAmount(request.amountCents);
      if (faults.unavailable.has('capture')) return unavailable;
      const answer = await changing(request.authorizationId, async (intent, _store, events): Promise<PaymentResult<{ captureId: string; amountCents: number }>> => {
        if (!intent) {
          // Not known here (made before a restart of a provider that kept it in memory): a well-formed demo id within its amount is accepted.
          const known = DEMO_INTENT.exec(request.authorizationId);
          return known && request.amountCents <= Number(known[1]) ? { ok: true, value: { captureId: `ch_demo_${rand()}`, amountCents: request.amountCents } } : { ok: false, code: 'PAYMENT_FAILED' };
        }
        return onceFor(intent, `capture:${request.idempotencyKey}`, async () => {
          if (intent.paymentMethod?.type === 'sepa_debit') {
            // SEPA: confirming the intent with its mandate starts the debit (Stripe: processing).
            if (intent.status !== 'requires_confirmation' || request.amountCents !== intent.amountCents) return { ok: false, code: 'PAYMENT_FAILED' };
            intent.status = 'processing';
            intent.captured += 1;
            events.push({ type: 'payment_intent.processing', object: intentJson(intent) });
            if (!intent.debitFails) {
              intent.status = 'succeeded';
              intent.amountReceivedCents = intent.amountCents;
              events.push({ type: 'payment_intent.succeeded', object: intentJson(intent) });
            }
            return { ok: true, value: { captureId: `py_demo_${rand()}`, amountCents: request.amountCents } };
          }
          if (intent.status !== 'requires_capture' || request.amountCents > intent.amountCapturableCents) return { ok: false, code: 'PAYMENT_FAILED' };
          intent.status = 'succeeded';
          intent.amountReceivedCents = request.amountCents;
          intent.amountCapturableCents = 0;
          intent.captured += 1;
          events.push({ type: 'payment_intent.succeeded', object: intentJson(intent) });
          return { ok: true, value: { captureId: `ch_demo_${rand()}`, amountCents: request.amountCents } };
        });
      });
      if (answer.ok && faults.captureAnswerLost) {
        faults.captureAnswerLost = false;
        return unavailable;
      }
      return answer;
    },

    async release(request) {
      if (roundTrip) await roundTrip();
      if (faults.unavailable.has('release')) return unavailable;
      return changing(request.authorizationId, async (intent, _store, events): Promise<PaymentResult<{ released: true }>> => {
        if (!intent) return DEMO_INTENT.test(request.authorizationId) ? { ok: true, value: { released: true } } : { ok: false, code: 'PAYMENT_FAILED' };
        if (intent.status === 'canceled') return { ok: true, value: { released: true } };
        if (intent.status === 'succeeded' || intent.status === 'processing') return { ok: false, code: 'PAYMENT_FAILED' };
        intent.status = 'canceled';
        intent.amountCapturableCents = 0;
        events.push({ type: 'payment_intent.canceled', object: intentJson(intent) });
        return { ok: true, value: { released: true } };
      });
    },

    async refund(request) {
      if (roundTrip) await roundTrip();
      assertAmount(request.amountCents);
      if (faults.unavailable.has('refund')) return unavailable;
      return changing(request.authorizationId, async (intent, _store, events): Promise<PaymentResult<{ refundId: string; amountCents: number }>> => {
        if (!intent) return DEMO_INTENT.test(request.authorizationId) ? { ok: true, value: { refundId: `re_demo_${rand()}`, amountCents: request.amountCents } } : { ok: false, code: 'PAYMENT_FAILED' };
        return onceFor(intent, `refund:${request.idempotencyKey}`, async () => {
          if (intent.status !== 'succeeded' || intent.amountRefundedCents + request.amountCents > intent.amountReceivedCents) return { ok: false, code: 'PAYMENT_FAILED' };
          const refund = { id: `re_demo_${rand()}`, amountCents: request.amountCents };
          intent.refunds.push(refund);
          intent.amountRefundedCents += request.amountCents;
          events.push({ type: 'charge.refunded', object: intentJson(intent) });
          return { ok: true, value: { refundId: refund.id, amountCents: refund.amountCents } };
        });
      });
    },

    async createCustomer(request) {
      if (roundTrip) await roundTrip();
      if (faults.unavailable.has('customer')) return unavailable;
      const customerId = await state.createCustomer(`customer:${request.idempotencyKey}`, () => `cus_demo_${createHash('sha256').update(request.userId).digest('base64url').slice(0, 10).replace(/[-_]/g, 'x')}${rand(3)}`);
      return { ok: true, value: { customerId } };
    },

    async deleteCustomer(customerId) {
      if (roundTrip) await roundTrip();
      if (faults.unavailable.has('delete')) return unavailable;
      await state.deleteCustomer(customerId);
      return { ok: true, value: { deleted: true } };
    },

    async deletePaymentMethod(paymentMethodId) {
      if (roundTrip) await roundTrip();
      if (faults.unavailable.has('delete')) return unavailable;
      await state.deleteMethod(paymentMethodId);
      return { ok: true, value: { deleted: true } };
    },

    verifyWebhook: (rawBody, header, now) => verifySignedEvent(rawBody, header, webhookSecret, now),

    captureCount: async (intentId) => (await state.intent(intentId))?.captured ?? 0,

    hasCustomer: (customerId) => state.hasCustomer(customerId),

    paymentMethodsOf: (customerId) => state.methodsOf(customerId),

    async intentForPage(intentId, clientSecret) {
      const intent = await state.intent(intentId);
      if (!intent || (clientSecret !== null && intent.clientSecret !== clientSecret)) return null;
      return { ...snapshot(intent), methods: intent.methods };
    },

    confirm: (intentId, clientSecret, input) =>
      changing(intentId, async (intent, store, events): Promise<DemoConfirmAnswer> => {
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
          await authorized(intent, { id: `pm_demo_${rand()}`, type: 'card', brand: card.brand, last4: card.last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, wallet: input.wallet }, store, events);
          return { status: intent.status, redirectUrl: null, error: null };
        }
        if (input.type === 'sepa_debit') {
          if (!intent.methods.includes('sepa_debit')) return { status: intent.status, redirectUrl: null, error: 'PAYMENT_FAILED' };
          const iban = normalizeIban(input.iban);
          if (!iban || input.holder.trim().length < 2) return { status: intent.status, redirectUrl: null, error: 'IBAN_INVALID' };
          // The IBAN stays here, and only whether it is the failing test IBAN is kept: the shop hears the last four digits only.
          intent.debitFails = iban === TEST_IBANS.failsLater;
          await authorized(intent, { id: `pm_demo_${rand()}`, type: 'sepa_debit', brand: 'sepa_debit', last4: iban.slice(-4), expiryMonth: null, expiryYear: null, wallet: null }, store, events);
          return { status: intent.status, redirectUrl: null, error: null };
        }
        let method: StoredMethod;
        if (input.type === 'saved') {
          const saved = await store.method(input.paymentMethodId);
          if (!saved || saved.customerId === null || saved.customerId !== intent.customerId) return { status: intent.status, redirectUrl: null, error: 'PAYMENT_FAILED' };
          method = saved;
        } else {
          const checked = validateCard({ number: input.number, expiry: input.expiry, cvc: input.cvc }, clock.now());
          if (!checked.ok) return { status: intent.status, redirectUrl: null, error: checked.code };
          const outcome = testOutcome(checked.value.number);
          if (outcome === null) {
            failed(intent, 'PAYMENT_FAILED', events);
            return { status: intent.status, redirectUrl: null, error: 'PAYMENT_FAILED' };
          }
          // What the card is known by and what the test card does; its number and CVC are not kept.
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
          await store.putMethod(method);
        }
        const { customerId: _c, outcome, ...facts } = method;
        switch (outcome) {
          case 'declined':
            failed(intent, 'PAYMENT_FAILED', events);
            return { status: intent.status, redirectUrl: null, error: 'PAYMENT_FAILED' };
          case 'insufficient_funds':
            failed(intent, 'PAYMENT_INSUFFICIENT_FUNDS', events);
            return { status: intent.status, redirectUrl: null, error: 'PAYMENT_INSUFFICIENT_FUNDS' };
          case 'processing_error':
            failed(intent, 'PAYMENT_UNAVAILABLE', events);
            return { status: intent.status, redirectUrl: null, error: 'PAYMENT_UNAVAILABLE' };
          case 'three_d_secure':
            intent.status = 'requires_action';
            intent.paymentMethod = facts;
            return { status: intent.status, redirectUrl: redirect(intent, 'challenge'), error: null };
          default:
            await authorized(intent, facts, store, events);
            return { status: intent.status, redirectUrl: null, error: null };
        }
      }),

    completeChallenge: (intentId, outcome) => decided(intentId, 'card', outcome === 'pass', outcome === 'fail' ? 'PAYMENT_AUTHENTICATION_FAILED' : 'PAYMENT_CANCELLED'),

    completePaypal: (intentId, outcome) => decided(intentId, 'paypal', outcome === 'approve', 'PAYMENT_CANCELLED'),

    completeKlarna: (intentId, outcome) => decided(intentId, 'klarna', outcome === 'approve', outcome === 'decline' ? 'PAYMENT_FAILED' : 'PAYMENT_CANCELLED'),

    async settleDebits() {
      let failedDebits = 0;
      for (const intentId of await state.intentIdsWithStatus('processing')) {
        const failedNow = await changing(intentId, async (intent, _store, events) => {
          // Checked again under the change: another process may have settled it meanwhile.
          if (!intent || intent.status !== 'processing' || intent.paymentMethod?.type !== 'sepa_debit') return false;
          if (intent.debitFails) {
            // A returned debit: as Stripe, the intent asks for a new payment method again.
            failed(intent, 'PAYMENT_FAILED', events);
            return true;
          }
          intent.status = 'succeeded';
          intent.amountReceivedCents = intent.amountCents;
          events.push({ type: 'payment_intent.succeeded', object: intentJson(intent) });
          return false;
        });
        if (failedNow) failedDebits += 1;
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
 * first caller's secret, latency and state make it.
 */
export function sharedDemoProvider(webhookSecret?: string, latencyMs = 0, state?: DemoState): DemoProvider {
  const holder = globalThis as unknown as Record<symbol, DemoProvider | undefined>;
  // The system clock: the API's and the pages' request clocks (X-Test-Now) are separate; webhooks carry their own time.
  return (holder[GLOBAL_KEY] ??= createDemoProvider({ clock: systemClock, latencyMs, ...(webhookSecret ? { webhookSecret } : {}), ...(state ? { state } : {}) }));
}
