import { describe, expect, it } from 'vitest';
import { demoPspApp } from '../../../src/platform/payments/demo-routes';
import { TEST_WALLET_CARDS } from '../../../src/platform/payments';
import { call } from '../support/shopper';
import { DAILY, newKey, pharmacistToken, PLASTER, readyDraft, setStock, staffPost, useOrdersApp, writtenFor } from './harness';

/*
 * Apple Pay and Google Pay through the payment seam with the demo provider: they are cards from a
 * device's wallet, offered where the provider offers them and the order allows a card; the demo's
 * hosted page shows their buttons above the card fields and authorises the wallet's card like a
 * typed one (held, captured at acceptance), and the order records which wallet paid.
 */

const h = useOrdersApp();
// The hosted page's endpoints on the test's provider; its webhooks stay in the provider's outbox (no server to send them to).
const psp = () => demoPspApp({ provider: () => Object.assign(Object.create(h.spy.provider) as typeof h.spy.provider, { setWebhookSink: () => undefined }), testHelpers: false });

async function cardIntent(token: string, orderId: string, key: string) {
  const response = await h.app.request(`/api/v2/user/orders/${orderId}/payment-intents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify({ method: 'card', save_card: true, return_url: '/shop/checkout/' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { intent_id: string; client_secret: string };
}

/** What the hosted page's script sends when the customer chose a wallet button and pressed "Order and pay". */
async function payWithWallet(intent: { intent_id: string; client_secret: string }, wallet: 'apple_pay' | 'google_pay') {
  const response = await psp().request(`/demo-psp/v1/payment_intents/${intent.intent_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_secret: intent.client_secret, type: wallet, lang: 'de' }),
  });
  return { status: response.status, body: (await response.json()) as { status: string; redirect_url: string | null; error: string | null } };
}

describe('Apple Pay and Google Pay (demo provider)', () => {
  it('are offered with the card, and the hosted page shows their buttons only when the checkout asks for them, in both languages', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 2 });
    const options = await call<{ methods: string[]; wallets: boolean }>(h.app, `/v2/user/orders/${draft.id}/payment-options`, { token: customer.token });
    expect(options.body).toMatchObject({ provider: 'demo', wallets: true });
    expect(options.body.methods).toContain('card');

    const withWallets = await (await psp().request('/demo-psp/elements?lang=de&wallets=1')).text();
    expect(withWallets).toContain('aria-label="Express-Zahlung"');
    expect(withWallets).toContain('data-wallet="apple_pay"');
    expect(withWallets).toContain('data-wallet="google_pay"');
    // Self-hosted logos, never a third party's.
    expect(withWallets).toContain('src="/payment-logos/google-pay.svg"');
    expect(withWallets).toMatch(/Google Pay gewählt.*Visa mit Endziffern 1111/);
    const english = await (await psp().request('/demo-psp/elements?lang=en&wallets=1')).text();
    expect(english).toMatch(/Google Pay chosen.*Visa ending in 1111/);
    const without = await (await psp().request('/demo-psp/elements?lang=en')).text();
    expect(without).not.toContain('data-wallet');
  });

  it('Google Pay holds the amount with the wallet card, the order records the wallet, and acceptance captures it', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 2 });
    const key = newKey();
    const intent = await cardIntent(customer.token, draft.id, key);
    const paid = await payWithWallet(intent, 'google_pay');
    expect(paid).toEqual({ status: 200, body: { status: 'requires_capture', redirect_url: null, error: null } });

    const response = await h.app.request(`/api/v2/user/orders/${draft.id}/place`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}`, 'idempotency-key': key },
      body: JSON.stringify({ payment: { payment_intent_id: intent.intent_id } }),
    });
    const placed = { status: response.status, body: (await response.json()) as { id: string; status: string; payment: Record<string, unknown> } };
    expect(placed.status).toBe(200);
    expect(placed.body.status).toBe('pending');
    expect(placed.body.payment).toMatchObject({ method: 'card', state: 'authorized', brand: TEST_WALLET_CARDS.google_pay.brand, last4: TEST_WALLET_CARDS.google_pay.last4, wallet: 'google_pay' });
    expect((await writtenFor(h.db, draft.id)).payments).toEqual([expect.objectContaining({ wallet: 'google_pay', last4: '1111' })]);
    // The device's card is not kept as one of the customer's saved cards.
    expect((await call<{ items: unknown[] }>(h.app, '/v1/user/cards', { token: customer.token })).body.items).toEqual([]);

    const accepted = await staffPost(h.app, await pharmacistToken(h.app, DAILY), draft.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'paid', payment: { state: 'captured', wallet: 'google_pay' } });
    expect(await h.spy.provider.captureCount(intent.intent_id)).toBe(1);
  });

  it('Apple Pay pays with its own device card; a wallet cannot pay an intent made for PayPal', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    const intent = await cardIntent(customer.token, draft.id, newKey());
    expect((await payWithWallet(intent, 'apple_pay')).body.status).toBe('requires_capture');
    expect((await h.spy.provider.retrieveIntent(intent.intent_id)) as unknown).toMatchObject({ ok: true, value: { paymentMethod: { type: 'card', brand: 'mastercard', last4: '4444', wallet: 'apple_pay' } } });

    const other = await readyDraft(h.app, { [PLASTER]: 1 });
    const response = await h.app.request(`/api/v2/user/orders/${other.draft.id}/payment-intents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${other.customer.token}`, 'idempotency-key': newKey() },
      body: JSON.stringify({ method: 'paypal', return_url: '/shop/checkout/' }),
    });
    const paypal = (await response.json()) as { intent_id: string; client_secret: string };
    expect((await payWithWallet(paypal, 'google_pay')).body).toMatchObject({ status: 'requires_payment_method', error: 'PAYMENT_FAILED' });
  });
});
