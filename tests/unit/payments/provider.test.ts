import { describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../../src/platform/clock';
import { createDemoProvider } from '../../../src/platform/payments/demo-provider';
import { stripeGateway, type FetchLike } from '../../../src/platform/payments/stripe-gateway';
import { TEST_CARDS } from '../../../src/platform/payments/test-cards';
import { signPayload, verifySignedEvent } from '../../../src/platform/payments/webhook-signature';

const NOW = new Date('2026-06-16T08:00:00Z');
const T = Math.floor(NOW.getTime() / 1000);
const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', created: T, data: { object: { id: 'pi_1', object: 'payment_intent' } } });

describe('webhook signatures (Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.body")', () => {
  it('accepts the provider\'s signature and reads the event and its PaymentIntent', () => {
    const verified = verifySignedEvent(body, signPayload(body, 'whsec_a', T), 'whsec_a', NOW);
    expect(verified).toEqual({ ok: true, value: { id: 'evt_1', type: 'payment_intent.succeeded', created: T, intentId: 'pi_1' } });
  });

  it('refuses another secret, a changed body, no header, an old timestamp (replay) and garbage', () => {
    const header = signPayload(body, 'whsec_a', T);
    expect(verifySignedEvent(body, signPayload(body, 'whsec_b', T), 'whsec_a', NOW).ok).toBe(false);
    expect(verifySignedEvent(body.replace('succeeded', 'canceled'), header, 'whsec_a', NOW).ok).toBe(false);
    expect(verifySignedEvent(body, null, 'whsec_a', NOW).ok).toBe(false);
    expect(verifySignedEvent(body, signPayload(body, 'whsec_a', T - 301), 'whsec_a', NOW).ok).toBe(false);
    expect(verifySignedEvent(body, 't=abc,v1=zz', 'whsec_a', NOW).ok).toBe(false);
    // A rotation: several v1 entries, one of them right.
    expect(verifySignedEvent(body, `${header},v1=${'0'.repeat(64)}`, 'whsec_a', NOW).ok).toBe(true);
  });
});

function fakeStripe(answers: Record<string, { status: number; body: unknown }>) {
  const sent: { url: string; method: string; headers: Record<string, string>; body: string }[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, body: String(init?.body ?? '') });
    const path = new URL(url).pathname;
    const answer = answers[`${init?.method ?? 'GET'} ${path}`] ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  };
  return { fetch, sent };
}

const intentBody = { id: 'pi_1', object: 'payment_intent', status: 'requires_capture', amount: 1987, amount_capturable: 1987, amount_received: 0, capture_method: 'manual', client_secret: 'pi_1_secret', metadata: { order_id: 'order-1' }, customer: null, payment_method: { id: 'pm_1', type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, wallet: { type: 'apple_pay' } } } };

describe('the Stripe adapter (plain fetch, form-encoded)', () => {
  it('creates a held PaymentIntent (capture_method manual) with the order id, an idempotency key and the secret key', async () => {
    const stripe = fakeStripe({ 'POST /v1/payment_intents': { status: 200, body: intentBody } });
    const gateway = stripeGateway({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', webhookSecret: 'whsec_1', fetch: stripe.fetch });
    const created = await gateway.createIntent({ amountCents: 1987, currency: 'EUR', orderId: 'order-1', saveMethod: true, customerId: 'cus_1', methods: ['card', 'paypal'], captureMethod: 'manual', idempotencyKey: 'intent:order-1:1987:k' });
    expect(created).toMatchObject({ ok: true, value: { id: 'pi_1', status: 'requires_capture', orderId: 'order-1', paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242', wallet: 'apple_pay' } } });
    const [request] = stripe.sent;
    expect(request!.headers.authorization).toBe('Bearer sk_test_1');
    expect(request!.headers['idempotency-key']).toBe('intent:order-1:1987:k');
    const form = new URLSearchParams(request!.body);
    expect(Object.fromEntries(form)).toMatchObject({ amount: '1987', currency: 'eur', capture_method: 'manual', 'metadata[order_id]': 'order-1', customer: 'cus_1', setup_future_usage: 'off_session' });
    expect(form.getAll('payment_method_types[]')).toEqual(['card', 'paypal']);
  });

  it('captures, cancels (void) and refunds with the given keys; a 402 is a refusal, a 5xx or a network error PAYMENT_UNAVAILABLE', async () => {
    const stripe = fakeStripe({
      'POST /v1/payment_intents/pi_1/capture': { status: 200, body: { ...intentBody, status: 'succeeded', amount_received: 1987, latest_charge: 'ch_1' } },
      'POST /v1/payment_intents/pi_1/cancel': { status: 200, body: { ...intentBody, status: 'canceled' } },
      'POST /v1/refunds': { status: 200, body: { id: 're_1' } },
      'POST /v1/payment_intents/pi_2/capture': { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } } },
    });
    const gateway = stripeGateway({ secretKey: 'sk_test_1', publishableKey: 'pk', webhookSecret: 'w', fetch: stripe.fetch });
    expect(await gateway.capture({ authorizationId: 'pi_1', amountCents: 1987, idempotencyKey: 'capture:o' })).toEqual({ ok: true, value: { captureId: 'ch_1', amountCents: 1987 } });
    expect(new URLSearchParams(stripe.sent[0]!.body).get('amount_to_capture')).toBe('1987');
    expect(await gateway.release({ authorizationId: 'pi_1', idempotencyKey: 'void:o' })).toEqual({ ok: true, value: { released: true } });
    expect(await gateway.refund({ authorizationId: 'pi_1', amountCents: 500, idempotencyKey: 'refund:o:0:500' })).toEqual({ ok: true, value: { refundId: 're_1', amountCents: 500 } });
    expect(Object.fromEntries(new URLSearchParams(stripe.sent[2]!.body))).toEqual({ payment_intent: 'pi_1', amount: '500' });
    expect(await gateway.capture({ authorizationId: 'pi_2', amountCents: 100, idempotencyKey: 'c2' })).toEqual({ ok: false, code: 'PAYMENT_INSUFFICIENT_FUNDS' });
    expect(await gateway.capture({ authorizationId: 'pi_3', amountCents: 100, idempotencyKey: 'c3' })).toEqual({ ok: false, code: 'PAYMENT_UNAVAILABLE' });
    const down = stripeGateway({ secretKey: 'sk', publishableKey: 'pk', webhookSecret: 'w', fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    expect(await down.retrieveIntent('pi_1')).toEqual({ ok: false, code: 'PAYMENT_UNAVAILABLE' });
  });

  it('detaches a saved method and deletes a customer; a 404 counts as done, a 5xx or no answer is PAYMENT_UNAVAILABLE', async () => {
    const stripe = fakeStripe({
      'POST /v1/payment_methods/pm_1/detach': { status: 200, body: { id: 'pm_1', customer: null } },
      'DELETE /v1/customers/cus_1': { status: 200, body: { id: 'cus_1', deleted: true } },
      'POST /v1/payment_methods/pm_gone/detach': { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } },
      'DELETE /v1/customers/cus_gone': { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing' } } },
      'POST /v1/payment_methods/pm_2/detach': { status: 503, body: {} },
      'DELETE /v1/customers/cus_2': { status: 500, body: {} },
    });
    const gateway = stripeGateway({ secretKey: 'sk_test_1', publishableKey: 'pk', webhookSecret: 'w', fetch: stripe.fetch });
    expect(await gateway.deletePaymentMethod('pm_1')).toEqual({ ok: true, value: { deleted: true } });
    expect(stripe.sent[0]).toMatchObject({ url: 'https://api.stripe.com/v1/payment_methods/pm_1/detach', method: 'POST' });
    expect(stripe.sent[0]!.headers.authorization).toBe('Bearer sk_test_1');
    // A retried detach is the same request to Stripe.
    expect(stripe.sent[0]!.headers['idempotency-key']).toBe('detach:pm_1');
    expect(await gateway.deleteCustomer('cus_1')).toEqual({ ok: true, value: { deleted: true } });
    expect(stripe.sent[1]).toMatchObject({ url: 'https://api.stripe.com/v1/customers/cus_1', method: 'DELETE', body: '' });
    expect(await gateway.deletePaymentMethod('pm_gone')).toEqual({ ok: true, value: { deleted: true } });
    expect(await gateway.deleteCustomer('cus_gone')).toEqual({ ok: true, value: { deleted: true } });
    expect(await gateway.deletePaymentMethod('pm_2')).toEqual({ ok: false, code: 'PAYMENT_UNAVAILABLE' });
    expect(await gateway.deleteCustomer('cus_2')).toEqual({ ok: false, code: 'PAYMENT_UNAVAILABLE' });
    const down = stripeGateway({ secretKey: 'sk', publishableKey: 'pk', webhookSecret: 'w', fetch: async () => Promise.reject(new DOMException('timed out', 'TimeoutError')) });
    expect(await down.deletePaymentMethod('pm_1')).toEqual({ ok: false, code: 'PAYMENT_UNAVAILABLE' });
    expect(await down.deleteCustomer('cus_1')).toEqual({ ok: false, code: 'PAYMENT_UNAVAILABLE' });
  });
});

describe('the demo provider (Stripe test mode, offline)', () => {
  const create = (provider: ReturnType<typeof createDemoProvider>, key: string) =>
    provider.createIntent({ amountCents: 2500, currency: 'EUR', orderId: 'order-1', saveMethod: false, methods: ['card', 'paypal'], captureMethod: 'manual', returnUrl: '/shop/checkout/', idempotencyKey: key });

  it('holds a test card, asks 3-D Secure for its test card, declines the declined one, and signs its webhooks', async () => {
    const provider = createDemoProvider({ clock: fixedClock(NOW), webhookSecret: 'whsec_demo' });
    const sent: { body: string; header: string }[] = [];
    provider.setWebhookSink(async (raw, sign) => void sent.push({ body: raw, header: sign(T) }));
    const held = await create(provider, 'a');
    if (!held.ok) throw new Error(held.code);
    expect(await provider.confirm(held.value.id, held.value.clientSecret, { type: 'card', number: TEST_CARDS.visa, expiry: '12/30', cvc: '123' })).toEqual({ status: 'requires_capture', redirectUrl: null, error: null });
    // Sent after the call answered, not inside it.
    expect(sent).toEqual([]);
    await provider.flushWebhooks();
    expect(sent.map((event) => JSON.parse(event.body).type)).toEqual(['payment_intent.amount_capturable_updated']);
    expect(provider.verifyWebhook(sent[0]!.body, sent[0]!.header, NOW).ok).toBe(true);

    const challenged = await create(provider, 'b');
    if (!challenged.ok) throw new Error(challenged.code);
    const asked = await provider.confirm(challenged.value.id, challenged.value.clientSecret, { type: 'card', number: TEST_CARDS.threeDSecure, expiry: '12/30', cvc: '123' });
    expect(asked).toMatchObject({ status: 'requires_action', redirectUrl: `/demo-psp/challenge?intent=${challenged.value.id}` });
    expect(await provider.completeChallenge(challenged.value.id, 'fail')).toEqual({ returnUrl: '/shop/checkout/', status: 'requires_payment_method' });
    expect((await provider.retrieveIntent(challenged.value.id)).ok && (await provider.retrieveIntent(challenged.value.id))).toMatchObject({ value: { lastError: 'PAYMENT_AUTHENTICATION_FAILED' } });

    const declined = await create(provider, 'c');
    if (!declined.ok) throw new Error(declined.code);
    expect((await provider.confirm(declined.value.id, declined.value.clientSecret, { type: 'card', number: TEST_CARDS.declined, expiry: '12/30', cvc: '123' })).error).toBe('PAYMENT_FAILED');
    // A wrong client secret confirms nothing.
    expect((await provider.confirm(held.value.id, 'wrong', { type: 'paypal' })).error).toBe('PAYMENT_FAILED');
  });

  it('captures once per key even when the answer was lost, and refunds at most what was captured', async () => {
    const provider = createDemoProvider({ clock: fixedClock(NOW) });
    const held = await create(provider, 'a');
    if (!held.ok) throw new Error(held.code);
    await provider.confirm(held.value.id, held.value.clientSecret, { type: 'card', number: TEST_CARDS.mastercard, expiry: '12/30', cvc: '123' });
    provider.faults.captureAnswerLost = true;
    expect(await provider.capture({ authorizationId: held.value.id, amountCents: 2500, idempotencyKey: 'capture:o' })).toEqual({ ok: false, code: 'PAYMENT_UNAVAILABLE' });
    expect((await provider.capture({ authorizationId: held.value.id, amountCents: 2500, idempotencyKey: 'capture:o' })).ok).toBe(true);
    expect(await provider.captureCount(held.value.id)).toBe(1);
    expect((await provider.refund({ authorizationId: held.value.id, amountCents: 1000, idempotencyKey: 'r1' })).ok).toBe(true);
    expect(await provider.refund({ authorizationId: held.value.id, amountCents: 1600, idempotencyKey: 'r2' })).toEqual({ ok: false, code: 'PAYMENT_FAILED' });
  });

  it('answers every server-side call after its simulated latency, and the hosted fields at once', async () => {
    vi.useFakeTimers();
    try {
      const provider = createDemoProvider({ clock: fixedClock(NOW), latencyMs: 300 });
      const answered: string[] = [];
      const created = create(provider, 'slow').then((answer) => (answered.push('create'), answer));
      await vi.advanceTimersByTimeAsync(299);
      expect(answered).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      const held = await created;
      if (!held.ok) throw new Error(held.code);
      // The customer's browser talks to the provider directly: not the shop's round trip.
      expect((await provider.confirm(held.value.id, held.value.clientSecret, { type: 'card', number: TEST_CARDS.visa, expiry: '12/30', cvc: '123' })).status).toBe('requires_capture');
      const calls = {
        retrieve: provider.retrieveIntent(held.value.id),
        capture: provider.capture({ authorizationId: held.value.id, amountCents: 2500, idempotencyKey: 'capture:slow' }),
        customer: provider.createCustomer({ userId: 'user-1', idempotencyKey: 'customer:user-1' }),
      };
      for (const [name, call] of Object.entries(calls)) void call.then(() => answered.push(name));
      await vi.advanceTimersByTimeAsync(299);
      expect(answered).toEqual(['create']);
      await vi.advanceTimersByTimeAsync(1);
      expect(answered.sort()).toEqual(['capture', 'create', 'customer', 'retrieve']);
      expect((await calls.capture).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
