/**
 * A stand-in for Stripe.js (https://js.stripe.com/v3), which cannot be reached from the test
 * machine: the subset the checkout uses — Stripe(pk), elements(options), create('payment'),
 * mount, update, submit, confirmPayment({ elements, clientSecret, confirmParams: { return_url },
 * redirect: 'if_required' }) — behaving as Stripe's does, on top of the demo provider (which
 * imitates Stripe's PaymentIntents): its "element" is three plain fields, confirming posts them to
 * the demo provider's confirm endpoint, and a 3-D Secure answer leaves for the provider's page, as
 * Stripe's redirect does. Every call is kept in sessionStorage (it survives the redirects) for the
 * spec to read. Served to the page by route interception at STRIPE_JS_STAND_IN_PATH.
 */
export const STRIPE_JS_STAND_IN_PATH = '/__stripe-js-stand-in/v3';
export const STAND_IN_CALLS_KEY = 'stripe-stand-in-calls';

export interface StandInCalls {
  key: string | null;
  elements: Record<string, unknown>[];
  updates: Record<string, unknown>[];
  submits: number;
  confirms: { hasElements: boolean; clientSecret: string; returnUrl: string; redirect: string }[];
}

export const STRIPE_JS_STAND_IN = `(() => {
  const KEY = ${JSON.stringify(STAND_IN_CALLS_KEY)};
  const load = () => JSON.parse(sessionStorage.getItem(KEY) || 'null') || { key: null, elements: [], updates: [], submits: 0, confirms: [] };
  const record = (change) => { const calls = load(); change(calls); sessionStorage.setItem(KEY, JSON.stringify(calls)); };
  const DECLINES = { PAYMENT_FAILED: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' }, PAYMENT_INSUFFICIENT_FUNDS: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' }, PAYMENT_UNAVAILABLE: { type: 'api_error' } };
  window.Stripe = (publishableKey) => {
    record((calls) => { calls.key = publishableKey; });
    return {
      elements(options) {
        record((calls) => calls.elements.push(options));
        let target = null;
        const field = (name, label) => '<label style="display:block">' + label + ' <input name="' + name + '" autocomplete="off"></label>';
        const value = (name) => (target && target.querySelector('[name=' + name + ']') ? target.querySelector('[name=' + name + ']').value : '');
        return {
          create() {
            return {
              mount(element) { target = element; element.innerHTML = field('number', 'Stand-in card number') + field('expiry', 'Stand-in expiry') + field('cvc', 'Stand-in CVC'); },
              destroy() { if (target) target.innerHTML = ''; target = null; },
            };
          },
          update(options) { record((calls) => calls.updates.push(options)); },
          async submit() {
            record((calls) => { calls.submits += 1; });
            return value('number').replace(/[^0-9]/g, '').length >= 12 ? {} : { error: { type: 'validation_error', code: 'incomplete_number' } };
          },
          __card() { return { number: value('number'), expiry: value('expiry'), cvc: value('cvc') }; },
        };
      },
      async confirmPayment(options) {
        record((calls) => calls.confirms.push({ hasElements: !!options.elements, clientSecret: options.clientSecret, returnUrl: options.confirmParams.return_url, redirect: options.redirect }));
        const intentId = options.clientSecret.split('_secret_')[0];
        const card = options.elements ? options.elements.__card() : null;
        const body = Object.assign({ client_secret: options.clientSecret, lang: document.documentElement.lang }, card ? { type: 'card' } : { type: 'saved' }, card || {});
        const response = await fetch('/demo-psp/v1/payment_intents/' + encodeURIComponent(intentId) + '/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const answer = await response.json();
        if (answer.redirect_url) { location.assign(answer.redirect_url); return new Promise(() => {}); }
        if (answer.error) return { error: DECLINES[answer.error] || { type: 'card_error', code: 'card_declined' } };
        return { paymentIntent: { id: intentId, status: answer.status } };
      },
    };
  };
})();`;
