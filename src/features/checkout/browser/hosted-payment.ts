import type { PaymentErrorCode } from '../../../platform/payments/client';
import type { PaymentChoice } from './payment';
import { hostedFrame } from './hosted-frame';

/**
 * The browser half of the payment provider, like Stripe.js: card data is typed into the provider's
 * hosted fields (an iframe of the provider's page) and goes from there to the provider only; the
 * shop's code merely asks the fields to confirm the PaymentIntent the server created. A saved card
 * or PayPal is confirmed with the provider directly (no card data involved). 3-D Secure and PayPal
 * send the customer to the provider's page, which sends them back to the return URL.
 */
export interface IntentView {
  intentId: string;
  clientSecret: string;
  savedPaymentMethod: string | null;
}

export type ConfirmResult = { kind: 'authorized' } | { kind: 'redirect'; url: string } | { kind: 'failed'; code: PaymentErrorCode };

export interface HostedPayment {
  /** `returnUrl`: where the provider's pages (3-D Secure, PayPal, invoice) send the customer back to. */
  confirm(intent: IntentView, choice: PaymentChoice, returnUrl?: string): Promise<ConfirmResult>;
}

const FROM_PROVIDER = 'apobote-demo-psp';
const FROM_SHOP = 'apobote-shop';
const CONFIRM_TIMEOUT_MS = 60_000;
const KNOWN_CODES: readonly PaymentErrorCode[] = ['PAYMENT_FAILED', 'PAYMENT_INSUFFICIENT_FUNDS', 'PAYMENT_UNAVAILABLE', 'PAYMENT_AUTHENTICATION_FAILED', 'PAYMENT_CANCELLED', 'CARD_INVALID', 'CARD_EXPIRED', 'EXPIRY_INVALID', 'CVC_INVALID'];

interface ProviderAnswer {
  status?: string;
  redirect_url?: string | null;
  redirectUrl?: string | null;
  error?: string | null;
}

export function resultOf(answer: ProviderAnswer): ConfirmResult {
  const redirect = answer.redirect_url ?? answer.redirectUrl ?? null;
  if (redirect) return { kind: 'redirect', url: redirect };
  // SEPA direct debit: the mandate is collected (requires_confirmation); the debit waits for acceptance.
  if (answer.status === 'requires_capture' || answer.status === 'succeeded' || answer.status === 'requires_confirmation') return { kind: 'authorized' };
  const code = KNOWN_CODES.includes(answer.error as PaymentErrorCode) ? (answer.error as PaymentErrorCode) : 'PAYMENT_FAILED';
  return { kind: 'failed', code };
}

/**
 * The fields load when the customer reaches them (HostedFrame): pressed at once, "Order and pay"
 * may find the frame still on its way, so it waits for the provider's page (same origin as the
 * shop, which the confirmation's messages require, so its document is readable).
 */
function frameLoaded(frame: HTMLIFrameElement, timeoutMs: number): Promise<boolean> {
  const ready = () => frame.contentDocument?.readyState === 'complete' && frame.contentWindow?.location.href !== 'about:blank';
  if (ready()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = () => {
      frame.removeEventListener('load', onLoad);
      clearTimeout(timer);
      resolve(ready());
    };
    const onLoad = () => done();
    const timer = setTimeout(done, timeoutMs);
    frame.addEventListener('load', onLoad);
  });
}

async function confirmInFrame(intent: IntentView): Promise<ConfirmResult> {
  const frame = hostedFrame();
  if (!frame || !(await frameLoaded(frame, CONFIRM_TIMEOUT_MS))) return { kind: 'failed', code: 'PAYMENT_UNAVAILABLE' };
  const target = frame.contentWindow;
  if (!target) return { kind: 'failed', code: 'PAYMENT_UNAVAILABLE' };
  return new Promise((resolve) => {
    const done = (result: ConfirmResult) => {
      window.removeEventListener('message', listen);
      clearTimeout(timer);
      resolve(result);
    };
    const listen = (event: MessageEvent) => {
      const data = event.data as (ProviderAnswer & { source?: string; type?: string }) | null;
      if (event.origin !== location.origin || event.source !== target || data?.source !== FROM_PROVIDER || data.type !== 'result') return;
      done(resultOf(data));
    };
    const timer = setTimeout(() => done({ kind: 'failed', code: 'PAYMENT_UNAVAILABLE' }), CONFIRM_TIMEOUT_MS);
    window.addEventListener('message', listen);
    target.postMessage({ source: FROM_SHOP, type: 'confirm', intentId: intent.intentId, clientSecret: intent.clientSecret }, location.origin);
  });
}

/** The built-in demo provider (its pages and endpoints under /demo-psp/). */
export function demoHostedPayment(): HostedPayment {
  return {
    async confirm(intent, choice) {
      if (choice.method === 'card' || choice.method === 'sepa_debit') return confirmInFrame(intent);
      const lang = document.documentElement.lang === 'de' ? 'de' : 'en';
      const body =
        choice.method === 'paypal' || choice.method === 'klarna'
          ? { client_secret: intent.clientSecret, type: choice.method, lang }
          : { client_secret: intent.clientSecret, type: 'saved', payment_method: intent.savedPaymentMethod, lang };
      try {
        const response = await fetch(`/demo-psp/v1/payment_intents/${encodeURIComponent(intent.intentId)}/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return resultOf((await response.json()) as ProviderAnswer);
      } catch {
        return { kind: 'failed', code: 'PAYMENT_UNAVAILABLE' };
      }
    },
  };
}

/** A payment that went to the provider's page (3-D Secure, PayPal) and comes back to the checkout. */
export interface PendingPayment {
  orderId: string;
  intentId: string;
  key: string;
  expectedAmountCents: number;
}

const PENDING_KEY = 'apobote.checkout.pendingPayment';

/** The payment did not leave the page after all (held here, or refused). */
export function forgetPendingPayment(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing was stored.
  }
}

export function rememberPendingPayment(pending: PendingPayment): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Private mode without storage: the provider's webhook still places the order.
  }
}

/** The pending payment the provider sent the customer back for (the URL names its intent), once. */
export function takePendingPayment(search: string): PendingPayment | null {
  const intentId = new URLSearchParams(search).get('payment_intent');
  if (!intentId) return null;
  let pending: PendingPayment | null = null;
  try {
    pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingPayment | null;
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    pending = null;
  }
  return pending && pending.intentId === intentId ? pending : null;
}
