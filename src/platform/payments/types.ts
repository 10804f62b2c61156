import type { Result } from '../http/result';

/**
 * The payment seam. An order authorizes the amount due when it is placed, captures it when the
 * pharmacy accepts and releases it when the pharmacy declines; refunds give back captured money.
 * Card numbers and CVCs pass through memory on their way to the provider and are never stored or
 * logged: what the shop keeps is a SavedCard (token, brand, last four digits, expiry).
 */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'maestro', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export type CardErrorCode = 'CARD_INVALID' | 'CARD_EXPIRED' | 'EXPIRY_INVALID' | 'CVC_INVALID';
export type PaymentErrorCode = 'PAYMENT_FAILED' | 'PAYMENT_INSUFFICIENT_FUNDS' | 'PAYMENT_UNAVAILABLE' | CardErrorCode;
export type PaymentResult<T> = Result<T, PaymentErrorCode>;

/** What may be stored and shown ("Visa •••• 4242, 12/28"). */
export interface SavedCard {
  token: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
}

/**
 * Card data on its way to the provider. Made by validateCard, whose object hides `number` and `cvc`
 * from JSON.stringify, spreading and console output, so a careless log line cannot leak them.
 */
export interface CardDetails {
  readonly number: string;
  readonly cvc: string;
  readonly brand: CardBrand;
  readonly last4: string;
  readonly expiryMonth: number;
  readonly expiryYear: number;
}

export interface AuthorizeRequest {
  /** A SavedCard token (saved earlier or tokenized just now). */
  token: string;
  /** Asked again for a saved card when the provider wants it; never stored. */
  cvc?: string;
  amountCents: number;
  currency: 'EUR';
  /** The order id, shown in the provider's dashboard. */
  reference: string;
  /** The same key returns the same authorization instead of charging twice. */
  idempotencyKey: string;
}

export interface Authorization {
  authorizationId: string;
  amountCents: number;
}

export interface CaptureRequest {
  authorizationId: string;
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

export interface PaymentGateway {
  /** "demo" or "http": shown in logs and, for demo, as a hint to use the test cards. */
  readonly provider: string;
  /** False for the demo acquirer: no money moves. */
  readonly live: boolean;
  tokenizeCard(card: CardDetails, idempotencyKey: string): Promise<PaymentResult<SavedCard>>;
  authorize(request: AuthorizeRequest): Promise<PaymentResult<Authorization>>;
  capture(request: CaptureRequest): Promise<PaymentResult<{ captureId: string; amountCents: number }>>;
  /** Voids an authorization that was not captured: nothing is charged. */
  release(request: ReleaseRequest): Promise<PaymentResult<{ released: true }>>;
  refund(request: RefundRequest): Promise<PaymentResult<{ refundId: string; amountCents: number }>>;
  /** Removes a saved card at the provider (the customer deleted it). Unknown tokens count as removed. */
  deleteCard(token: string): Promise<PaymentResult<{ deleted: true }>>;
}

/** Amounts are positive integer cents; anything else is a programming error, not a payment failure. */
export function assertAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError(`amount must be positive integer cents, got ${amountCents}`);
}
