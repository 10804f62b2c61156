import type { PaymentErrorCode, PaymentMethodType } from '../../../platform/payments/client';
import { resultOf, type ConfirmResult, type HostedPayment, type IntentView } from './hosted-payment';
import type { PaymentChoice } from './payment';

/*
 * Stripe in the checkout: Stripe.js (loaded from Stripe, never bundled) and its Payment Element,
 * in Stripe's "collect payment details before creating an Intent" flow. The element is shown with
 * the amount due and the chosen method while the customer fills in the checkout; "Order and pay"
 * first submits it (validation, and the wallet sheet, inside the click), then the shop's server
 * creates the PaymentIntent for exactly the amount due (capture_method manual), and Stripe.js
 * confirms it with the element's data. Card data goes from Stripe's iframe to Stripe only.
 * Only the subset of Stripe.js below is used, so a test can stand in for it.
 */

export interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

export interface StripeElementLike {
  mount(target: HTMLElement): void;
  destroy(): void;
}

export interface StripeElementsLike {
  create(type: 'payment', options?: Record<string, unknown>): StripeElementLike;
  update(options: Record<string, unknown>): void;
  submit(): Promise<{ error?: StripeError }>;
}

export interface StripeLike {
  elements(options: Record<string, unknown>): StripeElementsLike;
  confirmPayment(options: {
    elements?: StripeElementsLike;
    clientSecret: string;
    confirmParams: { return_url: string };
    redirect: 'if_required';
  }): Promise<{ error?: StripeError; paymentIntent?: { id: string; status: string } }>;
}

/** What the Payment Element is shown for: the method chosen in the checkout, the amount due, saving the card. */
export interface ElementSetup {
  method: Exclude<PaymentMethodType, 'sepa_debit'>;
  amountCents: number;
  saveCard: boolean;
}

export interface StripeCheckout extends HostedPayment {
  /** Shows the Payment Element in `target` (again after a method change); resolves when mounted. */
  mount(target: HTMLElement, setup: ElementSetup): Promise<void>;
  /** The amount due changed (coupon, delivery, credit): the element shows the new one. */
  update(setup: ElementSetup): void;
  unmount(): void;
  /** Inside the click, before anything else: validates the element (and opens a wallet's sheet). Null when it may go on. */
  submit(choice: PaymentChoice): Promise<ConfirmResult | null>;
}

type WindowWithStripe = Window & { Stripe?: (publishableKey: string) => StripeLike };

const loaded = new Map<string, Promise<StripeLike>>();

/** Loads Stripe.js once per page from `scriptUrl` (Stripe: https://js.stripe.com/v3) and makes the client for the key. */
export function loadStripeJs(scriptUrl: string, publishableKey: string): Promise<StripeLike> {
  const key = `${scriptUrl} ${publishableKey}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = new Promise<StripeLike>((resolve, reject) => {
      const ready = () => {
        const factory = (window as WindowWithStripe).Stripe;
        if (factory) resolve(factory(publishableKey));
        else reject(new Error('Stripe.js did not load'));
      };
      if ((window as WindowWithStripe).Stripe) return ready();
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.async = true;
      script.addEventListener('load', ready);
      script.addEventListener('error', () => reject(new Error('Stripe.js did not load')));
      document.head.append(script);
    });
    // A failed load may be tried again (the network came back).
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

/** Stripe's error, as the shop's codes (their messages are the spec's, in the customer's language). */
export function stripeErrorCode(error: StripeError): PaymentErrorCode {
  if (error.decline_code === 'insufficient_funds') return 'PAYMENT_INSUFFICIENT_FUNDS';
  if (error.code === 'expired_card') return 'CARD_EXPIRED';
  if (error.code === 'incorrect_cvc' || error.code === 'invalid_cvc') return 'CVC_INVALID';
  if (error.code === 'incorrect_number' || error.code === 'invalid_number') return 'CARD_INVALID';
  if (error.code === 'invalid_expiry_month' || error.code === 'invalid_expiry_year') return 'EXPIRY_INVALID';
  if (error.code === 'payment_intent_authentication_failure') return 'PAYMENT_AUTHENTICATION_FAILED';
  if (error.type === 'validation_error') return 'CARD_INVALID';
  if (error.type === 'card_error') return 'PAYMENT_FAILED';
  // api_connection_error, api_error, rate_limit_error, a script that did not load.
  return 'PAYMENT_UNAVAILABLE';
}

const elementsOptions = (setup: ElementSetup, locale: string) => ({
  mode: 'payment',
  amount: setup.amountCents,
  currency: 'eur',
  // As the server creates the intent: held now, captured at the pharmacy's acceptance.
  captureMethod: 'manual',
  paymentMethodTypes: [setup.method],
  ...(setup.saveCard && setup.method === 'card' ? { setupFutureUsage: 'off_session' } : {}),
  locale,
});

/**
 * The checkout's Stripe half. `load` gives the Stripe.js client (loadStripeJs in the page, a fake
 * in unit tests). 3-D Secure runs in Stripe's own frame; PayPal and invoice (Klarna) leave for
 * their pages and come back to the return URL with ?payment_intent=…, where the checkout places
 * the order as after the demo provider's pages.
 */
export function stripeHostedPayment(load: () => Promise<StripeLike>, locale: 'en' | 'de'): StripeCheckout {
  let elements: StripeElementsLike | null = null;
  let element: StripeElementLike | null = null;
  let shown: ElementSetup | null = null;

  async function stripeOrNull(): Promise<StripeLike | null> {
    try {
      return await load();
    } catch {
      return null;
    }
  }

  return {
    async mount(target, setup) {
      const stripe = await stripeOrNull();
      // Gone while Stripe.js loaded (another method chosen, the section left): nothing to show.
      if (!stripe || !target.isConnected) return;
      element?.destroy();
      elements = stripe.elements(elementsOptions(setup, locale));
      element = elements.create('payment', { layout: 'tabs' });
      element.mount(target);
      shown = setup;
    },

    update(setup) {
      if (!elements || !shown) return;
      if (setup.method !== shown.method || setup.saveCard !== shown.saveCard || setup.amountCents !== shown.amountCents) {
        const { mode: _mode, locale: _locale, ...changed } = elementsOptions(setup, locale);
        elements.update(changed);
        shown = setup;
      }
    },

    unmount() {
      element?.destroy();
      element = null;
      elements = null;
      shown = null;
    },

    async submit(choice) {
      // No element shown (a saved card, nothing due): nothing to check here.
      if (choice.method === 'saved' || !elements) return null;
      const { error } = await elements.submit();
      return error ? { kind: 'failed', code: stripeErrorCode(error) } : null;
    },

    async confirm(intent: IntentView, choice: PaymentChoice, returnUrl?: string): Promise<ConfirmResult> {
      const stripe = await stripeOrNull();
      if (!stripe) return { kind: 'failed', code: 'PAYMENT_UNAVAILABLE' };
      // A saved card is already on the intent (server side); anything else comes from the element.
      if (choice.method !== 'saved' && !elements) return { kind: 'failed', code: 'PAYMENT_UNAVAILABLE' };
      const back = new URL(returnUrl ?? location.pathname, location.origin).href;
      try {
        const answer = await stripe.confirmPayment({
          ...(choice.method !== 'saved' && elements ? { elements } : {}),
          clientSecret: intent.clientSecret,
          confirmParams: { return_url: back },
          redirect: 'if_required',
        });
        if (answer.error) return { kind: 'failed', code: stripeErrorCode(answer.error) };
        // Redirect methods leave the page inside confirmPayment; what resolves here stayed (card, wallet, 3-D Secure in a frame).
        return resultOf({ status: answer.paymentIntent?.status ?? '' });
      } catch {
        return { kind: 'failed', code: 'PAYMENT_UNAVAILABLE' };
      }
    },
  };
}
