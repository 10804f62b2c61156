import type { Result } from '../http/result';

/**
 * The payment seam, shaped after the provider's hosted flow (Stripe PaymentIntents with
 * `capture_method: manual`): the shop creates an intent for the amount due, the customer enters
 * card data only in the provider's hosted fields or pages (3-D Secure, PayPal approval there too),
 * and the shop places the order once the provider reports the amount as held (`requires_capture`).
 * The pharmacy's acceptance captures it, a rejection or expiry voids it (release), refunds give
 * captured money back. The shop never receives a card number or CVC: it keeps the provider's ids
 * and what identifies a payment method to its owner (brand, last four digits, expiry).
 */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'maestro', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * How a customer can pay. Apple Pay and Google Pay are cards in a wallet (`card` with a `wallet`).
 * `klarna` is pay by invoice ("Pay later") through the provider: held like a card (manual capture).
 * `sepa_debit` cannot be held: its mandate is collected at the order and the debit is confirmed only
 * at the pharmacy's acceptance (see `CaptureRequest.method` and the README).
 */
export const PAYMENT_METHOD_TYPES = ['card', 'paypal', 'sepa_debit', 'klarna'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export type CardErrorCode = 'CARD_INVALID' | 'CARD_EXPIRED' | 'EXPIRY_INVALID' | 'CVC_INVALID';
export type PaymentErrorCode =
  | 'PAYMENT_FAILED'
  | 'PAYMENT_INSUFFICIENT_FUNDS'
  | 'PAYMENT_UNAVAILABLE'
  | 'PAYMENT_AUTHENTICATION_FAILED'
  | 'PAYMENT_CANCELLED'
  | 'IBAN_INVALID'
  | CardErrorCode;
export type PaymentResult<T> = Result<T, PaymentErrorCode>;

/**
 * Card data typed into the demo provider's hosted fields, on its way to the demo provider only.
 * Made by validateCard, whose object hides `number` and `cvc` from JSON.stringify, spreading and
 * console output, so a careless log line cannot leak them.
 */
export interface CardDetails {
  readonly number: string;
  readonly cvc: string;
  readonly brand: CardBrand;
  readonly last4: string;
  readonly expiryMonth: number;
  readonly expiryYear: number;
}

/** A payment method as the provider describes it: what the customer recognises it by, never its number. */
export interface PaymentMethodFacts {
  /** The provider's payment-method id (Stripe `pm_…`). */
  id: string;
  type: PaymentMethodType;
  /** Card brand, or the method's own name ("paypal", "sepa_debit", "klarna"). */
  brand: CardBrand | 'paypal' | 'sepa_debit' | 'klarna';
  /** Card or IBAN last four digits; "" for PayPal and Klarna. */
  last4: string;
  expiryMonth: number | null;
  expiryYear: number | null;
  /** Card in a wallet. */
  wallet: 'apple_pay' | 'google_pay' | null;
}

/** Stripe's PaymentIntent statuses. */
export type IntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  /** Handed to the browser only, for the hosted fields; never logged. */
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  /** Held and not yet captured. */
  amountCapturableCents: number;
  /** Captured. */
  amountReceivedCents: number;
  /** What has been refunded of the captured amount. */
  amountRefundedCents: number;
  captureMethod: 'manual' | 'automatic';
  /** metadata.order_id: the order this intent pays. */
  orderId: string | null;
  customerId: string | null;
  paymentMethod: PaymentMethodFacts | null;
  /** The customer asked to keep the method (setup_future_usage). */
  saveMethod: boolean;
  /** Why the last attempt failed, mapped to the shop's codes. */
  lastError: PaymentErrorCode | null;
}

export interface CreateIntentRequest {
  amountCents: number;
  currency: 'EUR';
  orderId: string;
  /** The provider customer (needed to save or reuse a payment method). */
  customerId?: string;
  /** A saved payment method of that customer, to be confirmed (3-D Secure may still be asked). */
  paymentMethodId?: string;
  saveMethod: boolean;
  /** The methods offered for this order. */
  methods: readonly PaymentMethodType[];
  /**
   * card, paypal and klarna hold the money (manual capture). sepa_debit cannot be held: its intent is
   * created `automatic` and only collects the mandate (status `requires_confirmation`); `capture`
   * with method sepa_debit confirms it at acceptance. See README.
   */
  captureMethod: 'manual' | 'automatic';
  /** Where the provider sends the customer back after 3-D Secure or PayPal. */
  returnUrl?: string;
  idempotencyKey: string;
}

export interface CaptureRequest {
  authorizationId: string;
  /**
   * The payment's method. sepa_debit: there is no hold; "capture" confirms the intent with its
   * collected mandate, which starts the debit (Stripe: /confirm, status processing, then succeeded
   * or payment_failed days later).
   */
  method?: PaymentMethodType;
  /** At most the authorized amount. */
  amountCents: number;
  idempotencyKey: string;
}

export interface ReleaseRequest {
  authorizationId: string;
  idempotencyKey: string;
}

export interface RefundRequest {
  authorizationId: string;
  amountCents: number;
  idempotencyKey: string;
}

/** A provider notification whose signature was checked; the payload is not trusted beyond its ids. */
export interface WebhookEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, as the provider created it. */
  created: number;
  /** The PaymentIntent it concerns (data.object.id for payment_intent.*; data.object.payment_intent for charges). */
  intentId: string | null;
}

/** What the browser needs to show the provider's hosted fields. */
export interface BrowserPaymentConfig {
  provider: 'demo' | 'stripe';
  /** Stripe's publishable key; null for the demo provider. */
  publishableKey: string | null;
  /** The demo provider's hosted fields page (same origin, its own path); null for Stripe (Stripe.js). */
  hostedFieldsUrl: string | null;
  /** Stripe.js (https://js.stripe.com/v3, loaded from there, never bundled); null for the demo provider. */
  scriptUrl: string | null;
  /** Methods the provider can offer the shop; the order narrows them further. */
  methods: readonly PaymentMethodType[];
  /** Apple Pay / Google Pay are offered by the provider's element where the device supports them. */
  wallets: boolean;
}

export interface PaymentGateway {
  /** "demo" or "stripe": shown in logs. */
  readonly provider: 'demo' | 'stripe';
  /** False for the demo provider: no money moves. */
  readonly live: boolean;
  browserConfig(): BrowserPaymentConfig;
  createIntent(request: CreateIntentRequest): Promise<PaymentResult<PaymentIntent>>;
  retrieveIntent(intentId: string): Promise<PaymentResult<PaymentIntent>>;
  capture(request: CaptureRequest): Promise<PaymentResult<{ captureId: string; amountCents: number }>>;
  /** Voids a hold that was not captured (Stripe: cancel the PaymentIntent): nothing is charged. */
  release(request: ReleaseRequest): Promise<PaymentResult<{ released: true }>>;
  refund(request: RefundRequest): Promise<PaymentResult<{ refundId: string; amountCents: number }>>;
  /** A provider customer for one shop account (saved methods belong to it). */
  createCustomer(request: { userId: string; idempotencyKey: string }): Promise<PaymentResult<{ customerId: string }>>;
  /** Account deletion: the customer and its saved methods go at the provider too. Unknown ids count as deleted. */
  deleteCustomer(customerId: string): Promise<PaymentResult<{ deleted: true }>>;
  /** Removes a saved method at the provider (Stripe: detach). Unknown ids count as removed. */
  deletePaymentMethod(paymentMethodId: string): Promise<PaymentResult<{ deleted: true }>>;
  /** Checks the provider's signature over the raw body; a forgery, an old replay or a bad body is refused. */
  verifyWebhook(rawBody: string, signatureHeader: string | null, now: Date): Result<WebhookEvent, 'WEBHOOK_SIGNATURE_INVALID'>;
}

/** Amounts are positive integer cents; anything else is a programming error, not a payment failure. */
export function assertAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError(`amount must be positive integer cents, got ${amountCents}`);
}
