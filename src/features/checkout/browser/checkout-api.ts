import type { CardBrand, PaymentMethodType } from '../../../platform/payments/client';
import type { ConfirmResult, IntentView } from './hosted-payment';
import type { PaymentChoice } from './payment';
import type { StripeCheckout } from './stripe-payment';
import type { Draft, DraftBody } from './draft';
import type { OrderMeta } from './session-meta';
import type { Outcome } from '../../../platform/api-client';

/**
 * Everything the checkout island asks the server, as one interface: the island never builds a URL,
 * and tests hand it a fake. The real one (order-api.ts) goes through the typed API client.
 */
export interface ShippingAddress {
  id: string;
  /** One line for display: "Karl-Liebknecht-Straße 13, 10178 Berlin". */
  label: string;
}

export interface WalletView {
  balanceCents: number;
  /** The spec's wallet_usage_description in the page language. */
  usageDescription: string;
}

export interface CardView {
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface PlaceRequest {
  /** The provider's PaymentIntent the customer confirmed; null when the credit covers everything. */
  paymentIntentId: string | null;
  /** The amount the customer saw: a different server amount is refused (ORDER_TOTAL_CHANGED), not charged. */
  expectedAmountCents: number;
}

/** How the provider is shown in the checkout (from /payment-options). */
export interface PaymentOptionsView {
  provider: 'demo' | 'stripe';
  /** The demo provider's hosted card fields page; null for Stripe (Stripe.js mounts its own). */
  hostedFieldsUrl: string | null;
  methods: PaymentMethodType[];
  /** Apple Pay / Google Pay: in Stripe's Payment Element, or the demo provider's imitation of them. */
  wallets: boolean;
  /** Stripe: the Payment Element's host (Stripe.js loaded from Stripe); null for the demo provider. */
  stripe: StripeCheckout | null;
}

/** Opening the checkout changes nothing but the meta (and the address chosen on the address screens). */
export interface OpenDraftBody {
  meta: OrderMeta;
  shipping_address_id?: string;
}

export interface CheckoutApi {
  profilePhone(): Promise<Outcome<string | null>>;
  shippingAddresses(): Promise<Outcome<ShippingAddress[]>>;
  wallet(): Promise<Outcome<WalletView>>;
  cards(): Promise<Outcome<CardView[]>>;
  deleteCard(id: string): Promise<Outcome<unknown>>;
  createDraft(body: DraftBody): Promise<Outcome<Draft>>;
  /** The customer's open draft as the server keeps it (created from the cart if none is open). */
  openDraft(body: OpenDraftBody): Promise<Outcome<Draft>>;
  updateDraft(id: string, body: DraftBody): Promise<Outcome<Draft>>;
  paymentOptions(orderId: string): Promise<Outcome<PaymentOptionsView>>;
  /** A PaymentIntent at the provider for the draft's amount due (the attempt's key makes a retry return the same). */
  createPaymentIntent(orderId: string, idempotencyKey: string, request: { choice: PaymentChoice; expectedAmountCents: number; returnUrl: string }): Promise<Outcome<IntentView>>;
  /**
   * Inside the order button's click, before anything else: the provider's element checks what was
   * typed (Stripe: elements.submit). A failure, or null to go on.
   */
  submitPayment(choice: PaymentChoice): Promise<ConfirmResult | null>;
  /** The provider's browser part confirms it: hosted card fields, saved card, PayPal; `returnUrl` for the provider's pages. */
  confirmPayment(intent: IntentView, choice: PaymentChoice, returnUrl: string): Promise<ConfirmResult>;
  /** Places the draft with the attempt's Idempotency-Key. */
  place(id: string, idempotencyKey: string, request: PlaceRequest): Promise<Outcome<{ id: string }>>;
  /** After placement the server cart is empty: bring the header badge and the local mirror up to date. */
  refreshCart(): Promise<void>;
}
