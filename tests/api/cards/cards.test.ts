import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../../src/app/api';
import { findCard, retryPaymentErasures, saveCard } from '../../../src/features/cards';
import { fixedClock } from '../../../src/platform/clock';
import { createDemoProvider, TEST_CARDS, type DemoProvider } from '../../../src/platform/payments';
import { WEEKDAY_MORNING } from '../support/api';
import { call } from '../support/shopper';
import { createTestDb, type TestDb } from '../support/test-db';
import { inTx, shopper, type Shopper } from '../coupons/harness';

let testDb: TestDb;
let app: ReturnType<typeof buildApi>;
const now = new Date(WEEKDAY_MORNING);
const CVC = '737';
const deletedTokens: string[] = [];
const deletedCustomers: string[] = [];
let gatewayFails = false;

/** The demo provider, recording which saved cards and customers the shop asked it to delete. */
const provider = createDemoProvider({ clock: fixedClock(now) });
const gateway: DemoProvider = Object.assign(Object.create(provider) as DemoProvider, {
  async deletePaymentMethod(token: string) {
    if (gatewayFails) throw new Error('provider unreachable');
    deletedTokens.push(token);
    return provider.deletePaymentMethod(token);
  },
  async deleteCustomer(customerId: string) {
    deletedCustomers.push(customerId);
    return provider.deleteCustomer(customerId);
  },
});

beforeAll(async () => {
  testDb = await createTestDb();
  app = buildApi({ getDb: async () => testDb.db, ping: () => testDb.handle.ping(), clock: fixedClock(now), adminToken: undefined, paymentGateway: gateway });
});
afterAll(() => testDb?.close());

type CardList = { items: { id: string; brand: string; last4: string; exp_month: number; exp_year: number; created_at: string }[] };
const cards = (token: string) => call<CardList>(app, '/v1/user/cards', { token });
const remove = (token: string, id: string) => call<CardList>(app, `/v1/user/cards/${id}`, { method: 'DELETE', token });

/**
 * What a paid checkout with "save this card" leaves: the card typed into the provider's hosted
 * fields, the provider's payment method attached to the customer, its id and facts saved here.
 */
async function saveTypedCard(customer: Shopper, number: string, expiry: string, at = now) {
  const customerId = (await gateway.createCustomer({ userId: customer.id, idempotencyKey: `customer:${customer.id}` })) as { ok: true; value: { customerId: string } };
  const intent = await gateway.createIntent({ amountCents: 1000, currency: 'EUR', orderId: `order-${number}-${expiry}`, customerId: customerId.value.customerId, saveMethod: true, methods: ['card'], captureMethod: 'manual', idempotencyKey: `save-${customer.id}-${number}-${expiry}` });
  if (!intent.ok) throw new Error(intent.code);
  const confirmed = await gateway.confirm(intent.value.id, intent.value.clientSecret, { type: 'card', number, expiry, cvc: CVC.padEnd(number.startsWith('3') ? 4 : 3, '0') });
  if (confirmed.error) throw new Error(confirmed.error);
  const method = ((await gateway.retrieveIntent(intent.value.id)) as { ok: true; value: { paymentMethod: { id: string; brand: string; last4: string; expiryMonth: number; expiryYear: number } } }).value.paymentMethod;
  return inTx(testDb.db, (tx) =>
    saveCard(tx, { userId: customer.id, token: method.id, customerRef: customerId.value.customerId, brand: method.brand, last4: method.last4, expMonth: method.expiryMonth, expYear: method.expiryYear, now: at }),
  );
}

describe('saved cards', () => {
  it('need a login', async () => {
    expect((await call(app, '/v1/user/cards')).status).toBe(401);
    expect((await call(app, '/v1/user/cards/x', { method: 'DELETE' })).status).toBe(401);
  });

  it('lists brand, last four and expiry, newest first; saving the same card again keeps one entry', async () => {
    const customer = await shopper(app);
    expect((await cards(customer.token)).body).toEqual({ items: [] });
    const visa = await saveTypedCard(customer, '4242 4242 4242 4242', '12/28');
    await saveTypedCard(customer, TEST_CARDS.mastercard, '01/29', new Date(now.getTime() + 60_000));
    const again = await saveTypedCard(customer, TEST_CARDS.visa, '12/28', new Date(now.getTime() + 120_000));
    expect(again.id).toBe(visa.id);

    const answer = await cards(customer.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.items.map(({ brand, last4, exp_month, exp_year }) => ({ brand, last4, exp_month, exp_year }))).toEqual([
      { brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2029 },
      { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2028 },
    ]);
    expect(Object.keys(answer.body.items[0]!).sort()).toEqual(['brand', 'created_at', 'exp_month', 'exp_year', 'id', 'last4']);
  });

  it("finds only the customer's own card", async () => {
    const owner = await shopper(app);
    const other = await shopper(app);
    const card = await saveTypedCard(owner, TEST_CARDS.visa, '12/28');
    expect(await findCard(testDb.db, { userId: owner.id, cardId: card.id })).toMatchObject({ id: card.id, token: card.token, last4: '4242' });
    expect(await findCard(testDb.db, { userId: other.id, cardId: card.id })).toBeNull();
    expect(await findCard(testDb.db, { userId: owner.id, cardId: 'unknown' })).toBeNull();
  });

  it("deletes a card (also at the provider); another customer's or an unknown card is CARD_NOT_FOUND", async () => {
    const owner = await shopper(app);
    const other = await shopper(app);
    const card = await saveTypedCard(owner, TEST_CARDS.visa, '12/28');

    const foreign = await remove(other.token, card.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('CARD_NOT_FOUND');
    expect((await cards(owner.token)).body.items).toHaveLength(1);
    const unknown = await call(app, '/v1/user/cards/no-such-card', { method: 'DELETE', token: owner.token, lang: 'de' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Diese gespeicherte Karte wurde nicht gefunden. Bitte geben Sie Ihre Kartendaten erneut ein.');

    const removed = await remove(owner.token, card.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ items: [] });
    expect(deletedTokens).toContain(card.token);
    expect((await remove(owner.token, card.id)).status).toBe(404);
  });

  it('detaches the card at the provider: it can no longer pay there', async () => {
    const owner = await shopper(app);
    const card = await saveTypedCard(owner, TEST_CARDS.mastercard, '05/31');
    expect(await provider.paymentMethodsOf(card.customerRef!)).toContain(card.token);
    expect((await remove(owner.token, card.id)).status).toBe(200);
    expect(await provider.paymentMethodsOf(card.customerRef!)).not.toContain(card.token);
  });

  it('keeps the card, listed, when the provider cannot detach it, and says so in the customer\'s language (no 5xx)', async () => {
    const owner = await shopper(app);
    const card = await saveTypedCard(owner, TEST_CARDS.amex, '03/30');
    gatewayFails = true;
    try {
      const refused = await call(app, `/v1/user/cards/${card.id}`, { method: 'DELETE', token: owner.token, lang: 'de' });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('CARD_NOT_DELETED');
      expect(refused.body.message).toBe('Die Karte konnte nicht entfernt werden, weil der Zahlungsanbieter gerade nicht erreichbar ist. Sie bleibt gespeichert. Bitte versuchen Sie es in einigen Minuten erneut.');
      const english = await call(app, `/v1/user/cards/${card.id}`, { method: 'DELETE', token: owner.token });
      expect(english.body.message).toMatch(/^The card could not be removed/);
    } finally {
      gatewayFails = false;
    }
    expect((await cards(owner.token)).body.items.map((item) => item.id)).toEqual([card.id]);
    // The provider's own answer "unavailable" (not a thrown error) keeps it too.
    provider.faults.unavailable.add('delete');
    try {
      expect((await remove(owner.token, card.id)).status).toBe(409);
    } finally {
      provider.faults.unavailable.delete('delete');
    }
    expect(await provider.paymentMethodsOf(card.customerRef!)).toContain(card.token);
    // Once the provider answers again, the same delete succeeds.
    expect((await remove(owner.token, card.id)).body).toEqual({ items: [] });
    expect(await provider.paymentMethodsOf(card.customerRef!)).not.toContain(card.token);
  });

  it('refuses to store anything that looks like a card number as a token', async () => {
    const customer = await shopper(app);
    await expect(
      saveCard(testDb.db, { userId: customer.id, token: TEST_CARDS.visa, customerRef: null, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2028, now }),
    ).rejects.toThrow(RangeError);
    await expect(
      saveCard(testDb.db, { userId: customer.id, token: 'tok_1', customerRef: null, brand: 'visa', last4: '42424', expMonth: 12, expYear: 2028, now }),
    ).rejects.toThrow(RangeError);
  });

  it('never stores or answers the card number or the CVC', async () => {
    const customer = await shopper(app);
    await saveTypedCard(customer, TEST_CARDS.visa, '12/28');
    await saveTypedCard(customer, TEST_CARDS.amex, '03/30');
    const answers = JSON.stringify([(await cards(customer.token)).body]);

    const tables = (await testDb.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as {
      rows: { table_name: string }[];
    };
    expect(tables.rows.map((row) => row.table_name)).toContain('saved_cards');
    let dump = '';
    for (const { table_name: table } of tables.rows) {
      const result = (await testDb.db.execute(sql.raw(`select coalesce(json_agg(t)::text, '') as rows from "${table}" t`))) as unknown as { rows: { rows: string }[] };
      dump += result.rows[0]!.rows;
    }
    expect(dump).toContain('4242');
    for (const text of [answers, dump]) {
      for (const number of [TEST_CARDS.visa, TEST_CARDS.amex]) expect(text).not.toContain(number);
      // The CVC as a stored value (JSON string or number), and no column meant for one.
      expect(text).not.toMatch(new RegExp(`[":]${CVC}0?["},]`));
      expect(text.toLowerCase()).not.toMatch(/"(cvc|cvv|card_number|number|pan)"/);
    }
  });

  it('are erased with the account, and the customer with its cards is deleted at the provider', async () => {
    const customer = await shopper(app);
    const card = await saveTypedCard(customer, TEST_CARDS.visa, '12/28');
    // The checkout remembers the provider's customer of the account when it makes one.
    await inTx(testDb.db, (tx) => tx.execute(sql`insert into payment_customers (user_id, provider, customer_id, created_at) values (${customer.id}, 'demo', ${card.customerRef}, now())`));
    expect(await provider.hasCustomer(card.customerRef!)).toBe(true);
    expect((await call(app, '/v1/user', { method: 'DELETE', token: customer.token })).status).toBe(200);
    expect(await findCard(testDb.db, { userId: customer.id, cardId: card.id })).toBeNull();
    expect(deletedCustomers).toContain(card.customerRef);
    expect(await provider.hasCustomer(card.customerRef!)).toBe(false);
    expect(await provider.paymentMethodsOf(card.customerRef!)).toEqual([]);
  });

  it('deletes the account even when the provider is down, and deletes its customer there on a later retry', async () => {
    const customer = await shopper(app);
    const card = await saveTypedCard(customer, TEST_CARDS.visa, '12/28');
    const customerId = card.customerRef!;
    provider.faults.unavailable.add('delete');
    try {
      expect((await call(app, '/v1/user', { method: 'DELETE', token: customer.token })).status).toBe(200);
      expect(await findCard(testDb.db, { userId: customer.id, cardId: card.id })).toBeNull();
      expect(await provider.hasCustomer(customerId)).toBe(true);
      const pending = (await testDb.db.execute(sql`select customer_id, attempts from payment_customer_erasures where customer_id = ${customerId}`)) as unknown as { rows: { customer_id: string; attempts: number }[] };
      expect(pending.rows).toEqual([{ customer_id: customerId, attempts: 0 }]);
      // Still down: the retry counts the attempt and keeps it.
      expect(await retryPaymentErasures({ db: testDb.db, gateway, now })).toMatchObject({ deleted: 0 });
    } finally {
      provider.faults.unavailable.delete('delete');
    }
    const attempts = (await testDb.db.execute(sql`select attempts from payment_customer_erasures where customer_id = ${customerId}`)) as unknown as { rows: { attempts: number }[] };
    expect(attempts.rows[0]?.attempts).toBe(1);
    expect(await retryPaymentErasures({ db: testDb.db, gateway, now })).toEqual({ deleted: 1, waiting: 0 });
    expect(await provider.hasCustomer(customerId)).toBe(false);
    expect(await provider.paymentMethodsOf(customerId)).toEqual([]);
    const left = (await testDb.db.execute(sql`select count(*)::int as n from payment_customer_erasures`)) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
  });
});
