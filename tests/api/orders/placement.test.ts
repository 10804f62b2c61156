import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../../src/features/orders/server/schema';
import { savedCards } from '../../../src/features/cards/server/schema';
import { TEST_CARDS } from '../../../src/platform/payments';
import { products } from '../../../src/features/catalog/server/schema';
import { creditWallet, walletBalance } from '../../../src/features/wallet';
import { withTransaction } from '../../../src/platform/db';
import { call } from '../support/shopper';
import {
  cartOf,
  COMPLETE,
  createDraft,
  DAILY,
  fillCart,
  mailsTo,
  newCustomer,
  newKey,
  payFor,
  place,
  PLASTER,
  readyDraft,
  setLocale,
  setStock,
  stockOf,
  useOrdersApp,
  VISA,
  VITAMIN,
  writtenFor,
} from './harness';

const h = useOrdersApp();

describe('placing an order (Order and pay)', () => {
  it('turns the draft into an offer: pending, card authorized for the amount due, stock taken, cart emptied, e-mail sent', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50, [VITAMIN]: 50 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 2, [VITAMIN]: 1 }, { tip_cents: 200 });
    expect(draft.issues).toEqual([]);
    // 3 × 4,99 € = 14,97 €, under 30 €: the configured fee (2,90 €) applies; tip 2 €.
    expect(draft.totals).toMatchObject({ subtotal_cents: 1497, delivery_fee_cents: 290, tip_cents: 200, total_cents: 1987, amount_due_cents: 1987 });
    const stockBefore = await stockOf(h.db, DAILY, PLASTER);

    const placed = await place(h.app, customer.token, draft.id, { payment: VISA, expected_amount_cents: 1987 });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ id: draft.id, status: 'pending', label: { en: 'Order taken', de: 'Bestellung aufgenommen' }, purchase_state: 'PURCHASE_PENDING' });
    expect(placed.body.payment).toMatchObject({ state: 'authorized', amount_cents: 1987, brand: 'visa', last4: '4242' });
    expect(placed.body.lines.map((line) => [line.pzn, line.quantity, line.unit_price_cents])).toEqual([
      [PLASTER, 2, 499],
      [VITAMIN, 1, 499],
    ]);
    expect(placed.body.meta).toEqual(COMPLETE.meta);
    expect(placed.body.phone).toBe('+4915123456789');
    expect(placed.body.delivery).toMatchObject({ option: 'asap', method: 'courier', timing: 'asap' });
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(stockBefore - 2);
    expect(await cartOf(h.app, customer.token)).toEqual([]);
    expect(h.spy.calls.authorize.at(-1)?.amountCents).toBe(1987);

    const written = await writtenFor(h.db, draft.id);
    expect(written.order.consentPharmacyDataAt).not.toBeNull();
    expect(written.order.consentTextVersion).toEqual(expect.any(String));
    expect(written.events.map((event) => [event.fromStatus, event.toStatus, event.actor])).toEqual([['awaiting_payment', 'pending', 'customer']]);
    const [payment] = written.payments;
    // Only references and what identifies the card to its owner: never the number or the CVC.
    expect(JSON.stringify(payment)).not.toContain(TEST_CARDS.visa);
    expect(JSON.stringify(payment)).not.toContain('"123"');

    const [mail] = await mailsTo(h.db, customer.email);
    expect(mail?.subject).toBe(`We have received your order ${placed.body.order_number}`);
    expect(mail?.text).toContain('€19.87 has been reserved on your card Visa •••• 4242');
  });

  it.each([
    ['no delivery time', { delivery: null }, 'DELIVERY_TIME_REQUIRED', 'Please choose a delivery time.'],
    ['no consent to pass data to the pharmacy', { consent_pharmacy_data: false }, 'CONSENT_REQUIRED', 'Please agree that your order data may be passed to the pharmacy.'],
    ['no phone number', { phone: null }, 'PHONE_REQUIRED', 'Please add a phone number so the pharmacy can advise you.'],
    ['unanswered safety questions', { safety: { nursing: null } }, 'SAFETY_ANSWERS_REQUIRED', 'Please answer the safety questions.'],
    ['an unknown coupon', { coupon_code: 'GIBTSNICHT' }, 'COUPON_UNKNOWN', 'This coupon code is unknown.'],
    ['more credit than the wallet holds', { wallet_cents: 100 }, 'WALLET_INSUFFICIENT', 'Your credit is not sufficient for this amount.'],
  ])('refuses a draft with %s (422) and writes nothing', async (_name, change, code, message) => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const { customer, draft } = await readyDraft(h.app);
    await call(h.app, `/v2/user/orders/${draft.id}`, { method: 'PUT', token: customer.token, body: { meta: COMPLETE.meta, ...change } });
    const before = await stockOf(h.db, DAILY, PLASTER);
    const refused = await place(h.app, customer.token, draft.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code, message });
    const written = await writtenFor(h.db, draft.id);
    expect(written.order.status).toBe('awaiting_payment');
    expect([written.lines, written.events, written.payments, written.keys]).toEqual([[], [], [], []]);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(before);
  });

  it('refuses an empty cart (422 CART_EMPTY)', async () => {
    const customer = await newCustomer(h.app);
    await fillCart(h.app, customer.token, {});
    const draft = await createDraft(h.app, customer.token);
    const refused = await place(h.app, customer.token, draft.body.id);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('CART_EMPTY');
  });

  it('needs an Idempotency-Key', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const { customer, draft } = await readyDraft(h.app);
    const missing = await place(h.app, customer.token, draft.id, { payment: VISA }, null);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('MISSING_PARAMS');
  });

  it.each([
    ['declined', TEST_CARDS.declined, 'PAYMENT_FAILED', 'Payment failed, try another card or contact your provider.'],
    ['short of funds', TEST_CARDS.insufficientFunds, 'PAYMENT_INSUFFICIENT_FUNDS', 'Payment failed: insufficient funds. Please try another card or contact your provider.'],
  ])('a %s card writes nothing: no order, no payment, stock and cart unchanged (402)', async (_name, number, code, message) => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 3 });
    const before = await stockOf(h.db, DAILY, PLASTER);
    const refused = await place(h.app, customer.token, draft.id, { payment: { card: { ...VISA.card, number } } });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code, message });
    const written = await writtenFor(h.db, draft.id);
    expect(written.order.status).toBe('awaiting_payment');
    expect(written.order.placedAt).toBeNull();
    expect([written.lines, written.events, written.payments, written.keys]).toEqual([[], [], [], []]);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(before);
    expect(await cartOf(h.app, customer.token)).toEqual([expect.objectContaining({ pzn: PLASTER, quantity: 3 })]);
    // The customer tries another card and it works.
    expect((await place(h.app, customer.token, draft.id, { payment: VISA })).status).toBe(200);
  });

  it('never takes card data: the provider\'s hosted fields check the card (CARD_INVALID, CARD_EXPIRED), and a payment method is needed while an amount is due', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const { customer, draft } = await readyDraft(h.app);
    // The old path (card number and CVC to the shop) is gone: such a body is refused before anything happens.
    const raw = await h.app.request(`/api/v2/user/orders/${draft.id}/place`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}`, 'idempotency-key': newKey() },
      body: JSON.stringify({ payment: VISA }),
    });
    expect(raw.status).toBe(400);
    // The card is checked where it is typed: at the provider.
    const wrongNumber = await payFor(h.app, customer.token, draft.id, { card: { ...VISA.card, number: '4242 4242 4242 4241' } }, newKey());
    expect(wrongNumber.confirm?.error).toBe('CARD_INVALID');
    const expired = await payFor(h.app, customer.token, draft.id, { card: { ...VISA.card, exp_month: 1, exp_year: 2026 } }, newKey());
    expect(expired.confirm?.error).toBe('CARD_EXPIRED');
    // Placing with a PaymentIntent the customer never completed holds nothing: 402, in their language.
    const notPaid = await place(h.app, customer.token, draft.id, { payment: { payment_intent_id: wrongNumber.intentId } }, newKey(), 'de');
    expect(notPaid.status).toBe(402);
    expect(notPaid.body).toMatchObject({ code: 'PAYMENT_NOT_AUTHORIZED', message: 'Die Zahlung ist noch nicht bestätigt. Bitte schließen Sie sie bei Ihrem Zahlungsanbieter ab.', fields: { payment: 'PAYMENT_NOT_AUTHORIZED' } });
    const none = await place(h.app, customer.token, draft.id, {});
    expect(none.status).toBe(422);
    expect(none.body.code).toBe('PAYMENT_METHOD_REQUIRED');
    expect((await writtenFor(h.db, draft.id)).order.status).toBe('awaiting_payment');
  });

  it('a retried submission with the same key answers the same order without a second order or charge; another body with it is a conflict', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const { customer, draft } = await readyDraft(h.app);
    const key = newKey();
    const authorizations = h.spy.calls.authorize.length;
    // A double click: both requests at once.
    const [first, second] = await Promise.all([
      place(h.app, customer.token, draft.id, { payment: VISA }, key),
      place(h.app, customer.token, draft.id, { payment: VISA }, key),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.id).toBe(first.body.id);
    const retry = await place(h.app, customer.token, draft.id, { payment: VISA }, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(h.spy.calls.authorize.length - authorizations).toBe(1);
    expect((await writtenFor(h.db, draft.id)).payments).toHaveLength(1);
    expect(await h.db.select().from(payments).where(eq(payments.orderId, draft.id))).toHaveLength(1);

    const conflict = await place(h.app, customer.token, draft.id, { payment: { payment_intent_id: 'pi_demo_1987_another' } }, key);
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('IDEMPOTENCY_CONFLICT');
    // A new key for an order already placed: it cannot be placed twice.
    const again = await place(h.app, customer.token, draft.id, { payment: VISA });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_ORDER_TRANSITION');
  });

  it('re-prices on the server: a price change since the quote answers ORDER_TOTAL_CHANGED instead of charging it', async () => {
    await setStock(h.db, DAILY, { [VITAMIN]: 50 });
    const { customer, draft } = await readyDraft(h.app, { [VITAMIN]: 2 });
    expect(draft.totals.amount_due_cents).toBe(998 + 290);
    await h.db.update(products).set({ priceCents: 599 }).where(eq(products.pzn, VITAMIN));
    try {
      const changed = await place(h.app, customer.token, draft.id, { payment: VISA, expected_amount_cents: draft.totals.amount_due_cents });
      expect(changed.status).toBe(409);
      expect(changed.body.code).toBe('ORDER_TOTAL_CHANGED');
      expect((await writtenFor(h.db, draft.id)).payments).toEqual([]);
      const placed = await place(h.app, customer.token, draft.id, { payment: VISA, expected_amount_cents: 1198 + 290 });
      expect(placed.status).toBe(200);
      expect(placed.body.lines[0]?.unit_price_cents).toBe(599);
    } finally {
      await h.db.update(products).set({ priceCents: 499 }).where(eq(products.pzn, VITAMIN));
    }
  });

  it('keeps a card on request (token, brand, last four; never the number) and pays with it next time; another customer cannot use it (404)', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const { customer, draft } = await readyDraft(h.app);
    expect((await place(h.app, customer.token, draft.id, { payment: { ...VISA, save_card: true } })).status).toBe(200);
    const [card] = await h.db.select().from(savedCards).where(eq(savedCards.userId, customer.userId));
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(JSON.stringify(card)).not.toContain(TEST_CARDS.visa);

    await fillCart(h.app, customer.token, { [PLASTER]: 1 });
    const next = await createDraft(h.app, customer.token);
    const paid = await place(h.app, customer.token, next.body.id, { payment: { saved_card_id: card!.id } });
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({ state: 'authorized', last4: '4242' });

    const other = await readyDraft(h.app);
    const foreign = await place(h.app, other.customer.token, other.draft.id, { payment: { saved_card_id: card!.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('CARD_NOT_FOUND');
    expect((await writtenFor(h.db, other.draft.id)).order.status).toBe('awaiting_payment');
  });

  it('credit that covers everything needs no card', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const customer = await newCustomer(h.app);
    await withTransaction(h.db, (tx) => creditWallet(tx, { userId: customer.userId, cents: 5000, kind: 'adjustment', orderId: null, now: h.clock.now() }));
    const { draft } = await readyDraft(h.app, { [PLASTER]: 2 }, { wallet_cents: 1288 }, customer);
    expect(draft.totals).toMatchObject({ total_cents: 1288, wallet_cents: 1288, amount_due_cents: 0 });
    const placed = await place(h.app, customer.token, draft.id, {});
    expect(placed.status).toBe(200);
    expect(placed.body.payment).toBeNull();
    expect(await walletBalance(h.db, customer.userId)).toBe(5000 - 1288);
  });

  it('sends the e-mail in the customer\'s language', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const customer = await newCustomer(h.app);
    await setLocale(h.db, customer.userId, 'de');
    const { draft } = await readyDraft(h.app, { [PLASTER]: 1 }, {}, customer);
    const placed = await place(h.app, customer.token, draft.id);
    const [mail] = await mailsTo(h.db, customer.email);
    expect(mail?.subject).toBe(`Wir haben Ihre Bestellung ${placed.body.order_number} erhalten`);
    expect(mail?.text).toContain('Guten Tag Erika,');
  });
});

describe('a failure the shop did not expect', () => {
  it('answers "Error creating order, try later" (503) with nothing written when the provider breaks', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const { customer, draft } = await readyDraft(h.app);
    const before = await stockOf(h.db, DAILY, PLASTER);
    h.spy.faults.retrieveThrows = true;
    try {
      const failed = await place(h.app, customer.token, draft.id);
      expect(failed.status).toBe(503);
      expect(failed.body).toEqual({ code: 'ORDER_CREATE_FAILED', message: 'Error creating order, try later.' });
    } finally {
      h.spy.faults.retrieveThrows = false;
    }
    const written = await writtenFor(h.db, draft.id);
    expect(written.order.status).toBe('awaiting_payment');
    expect([written.lines, written.events, written.payments, written.keys]).toEqual([[], [], [], []]);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(before);
  });

  it('voids the authorization when the database fails after it, and writes nothing', async () => {
    await setStock(h.db, DAILY, { [VITAMIN]: 50 });
    const { customer, draft } = await readyDraft(h.app, { [VITAMIN]: 1 });
    await h.db.execute(sql`create function e2_injected_failure() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`);
    await h.db.execute(sql`create trigger e2_injected_failure before insert on order_lines for each row execute function e2_injected_failure()`);
    const released = h.spy.calls.release.length;
    try {
      const failed = await place(h.app, customer.token, draft.id);
      expect(failed.status).toBe(503);
      expect(failed.body.code).toBe('ORDER_CREATE_FAILED');
    } finally {
      await h.db.execute(sql`drop trigger e2_injected_failure on order_lines`);
      await h.db.execute(sql`drop function e2_injected_failure()`);
    }
    expect(h.spy.calls.release.length - released).toBe(1);
    const written = await writtenFor(h.db, draft.id);
    expect(written.order.status).toBe('awaiting_payment');
    expect([written.lines, written.events, written.payments, written.keys]).toEqual([[], [], [], []]);
    expect(await stockOf(h.db, DAILY, VITAMIN)).toBe(50);
    expect(await cartOf(h.app, customer.token)).toHaveLength(1);
  });
});
