// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { loadStripeJs, stripeHostedPayment, type StripeElementsLike, type StripeLike } from '../../../src/features/checkout/browser/stripe-payment';

/** The subset of Stripe.js the checkout uses, recording what it was asked. */
function fakeStripe(answer: Awaited<ReturnType<StripeLike['confirmPayment']>> = { paymentIntent: { id: 'pi_1', status: 'requires_capture' } }) {
  const calls: { elements: Record<string, unknown>[]; created: string[]; mounted: HTMLElement[]; updates: Record<string, unknown>[]; destroyed: number; confirms: Parameters<StripeLike['confirmPayment']>[0][] } = {
    elements: [],
    created: [],
    mounted: [],
    updates: [],
    destroyed: 0,
    confirms: [],
  };
  let submitError: { type: string; code?: string } | undefined;
  const stripe: StripeLike = {
    elements(options) {
      calls.elements.push(options);
      const group: StripeElementsLike = {
        create(type) {
          calls.created.push(type);
          return { mount: (target) => void calls.mounted.push(target), destroy: () => void (calls.destroyed += 1) };
        },
        update: (options) => void calls.updates.push(options),
        submit: async () => (submitError ? { error: submitError } : {}),
      };
      return group;
    },
    confirmPayment: async (options) => {
      calls.confirms.push(options);
      return answer;
    },
  };
  return { stripe, calls, failSubmit: (error: { type: string; code?: string }) => (submitError = error) };
}

/** A place in the page for the element (Stripe mounts only into an element in the document). */
const attached = () => document.body.appendChild(document.createElement('div'));

const intent = { intentId: 'pi_1', clientSecret: 'pi_1_secret_x', savedPaymentMethod: null };

describe("the checkout's Stripe adapter (Payment Element, intent created at the order button)", () => {
  it('shows the Payment Element for the amount due, held (manual capture), in the customer\'s language, and updates the amount', async () => {
    const { stripe, calls } = fakeStripe();
    const host = stripeHostedPayment(async () => stripe, 'de');
    const target = attached();
    await host.mount(target, { method: 'card', amountCents: 2599, saveCard: true });
    expect(calls.elements).toEqual([{ mode: 'payment', amount: 2599, currency: 'eur', captureMethod: 'manual', paymentMethodTypes: ['card'], setupFutureUsage: 'off_session', locale: 'de' }]);
    expect(calls.created).toEqual(['payment']);
    expect(calls.mounted).toEqual([target]);
    host.update({ method: 'card', amountCents: 2099, saveCard: false });
    expect(calls.updates).toEqual([{ amount: 2099, currency: 'eur', captureMethod: 'manual', paymentMethodTypes: ['card'] }]);
    host.update({ method: 'card', amountCents: 2099, saveCard: false });
    expect(calls.updates).toHaveLength(1);
    await host.mount(target, { method: 'paypal', amountCents: 2099, saveCard: false });
    expect(calls.destroyed).toBe(1);
    expect(calls.elements[1]).toMatchObject({ paymentMethodTypes: ['paypal'], captureMethod: 'manual' });
    expect(calls.elements[1]).not.toHaveProperty('setupFutureUsage');
  });

  it('makes no element for a place that left the page while Stripe.js was loading', async () => {
    const { stripe, calls } = fakeStripe();
    const host = stripeHostedPayment(async () => stripe, 'en');
    await host.mount(document.createElement('div'), { method: 'card', amountCents: 1000, saveCard: false });
    expect(calls.elements).toEqual([]);
    expect(await host.submit({ method: 'card', save_card: false })).toBeNull();
  });

  it("submits the element before the order is touched: Stripe's validation error stops it", async () => {
    const { stripe, failSubmit } = fakeStripe();
    const host = stripeHostedPayment(async () => stripe, 'en');
    expect(await host.submit({ method: 'card', save_card: false })).toBeNull();
    await host.mount(attached(), { method: 'card', amountCents: 1000, saveCard: false });
    expect(await host.submit({ method: 'card', save_card: false })).toBeNull();
    failSubmit({ type: 'validation_error', code: 'incomplete_number' });
    expect(await host.submit({ method: 'card', save_card: false })).toEqual({ kind: 'failed', code: 'CARD_INVALID' });
    // A saved card has no element to check.
    expect(await host.submit({ method: 'saved', saved_card_id: 'card-1' })).toBeNull();
  });

  it('confirms with the element, the client secret and an absolute return URL, redirecting only if required', async () => {
    const { stripe, calls } = fakeStripe();
    const host = stripeHostedPayment(async () => stripe, 'en');
    await host.mount(attached(), { method: 'card', amountCents: 1000, saveCard: false });
    expect(await host.confirm(intent, { method: 'card', save_card: false }, '/shop/checkout?order=o-1')).toEqual({ kind: 'authorized' });
    const [options] = calls.confirms;
    expect(options).toMatchObject({ clientSecret: 'pi_1_secret_x', confirmParams: { return_url: `${location.origin}/shop/checkout?order=o-1` }, redirect: 'if_required' });
    expect(options!.elements).toBeDefined();
  });

  it('confirms a saved card without an element (the server put it on the intent)', async () => {
    const { stripe, calls } = fakeStripe();
    const host = stripeHostedPayment(async () => stripe, 'en');
    expect(await host.confirm({ ...intent, savedPaymentMethod: 'pm_1' }, { method: 'saved', saved_card_id: 'card-1' }, '/de/shop/kasse')).toEqual({ kind: 'authorized' });
    expect(calls.confirms[0]).not.toHaveProperty('elements');
  });

  it("maps Stripe's refusals to the shop's messages; an unreachable Stripe is PAYMENT_UNAVAILABLE", async () => {
    const cases: [Awaited<ReturnType<StripeLike['confirmPayment']>>, string][] = [
      [{ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } }, 'PAYMENT_INSUFFICIENT_FUNDS'],
      [{ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' } }, 'PAYMENT_FAILED'],
      [{ error: { type: 'card_error', code: 'expired_card' } }, 'CARD_EXPIRED'],
      [{ error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure' } }, 'PAYMENT_AUTHENTICATION_FAILED'],
      [{ error: { type: 'api_connection_error' } }, 'PAYMENT_UNAVAILABLE'],
      [{ paymentIntent: { id: 'pi_1', status: 'requires_payment_method' } }, 'PAYMENT_FAILED'],
    ];
    for (const [answer, code] of cases) {
      const { stripe } = fakeStripe(answer);
      const host = stripeHostedPayment(async () => stripe, 'en');
      await host.mount(attached(), { method: 'card', amountCents: 1000, saveCard: false });
      expect(await host.confirm(intent, { method: 'card', save_card: false }, '/shop/checkout')).toEqual({ kind: 'failed', code });
    }
    const unreachable = stripeHostedPayment(async () => Promise.reject(new Error('blocked')), 'en');
    await unreachable.mount(attached(), { method: 'card', amountCents: 1000, saveCard: false });
    expect(await unreachable.confirm(intent, { method: 'card', save_card: false }, '/shop/checkout')).toEqual({ kind: 'failed', code: 'PAYMENT_UNAVAILABLE' });
  });

  it('loads Stripe.js once from the given URL (a script tag, never bundled) and makes the client with the publishable key', async () => {
    const factory = vi.fn((key: string) => ({ key }) as unknown as StripeLike);
    const first = loadStripeJs('https://js.stripe.com/v3', 'pk_test_1');
    const again = loadStripeJs('https://js.stripe.com/v3', 'pk_test_1');
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((script) => script.src)).toEqual(['https://js.stripe.com/v3']);
    (window as unknown as { Stripe: typeof factory }).Stripe = factory;
    scripts[0]!.dispatchEvent(new Event('load'));
    expect(await first).toEqual({ key: 'pk_test_1' });
    expect(await again).toBe(await first);
    expect(factory).toHaveBeenCalledTimes(1);
  });
});
