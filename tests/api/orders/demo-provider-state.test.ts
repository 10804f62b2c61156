import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createDemoProvider, databaseDemoState, demoPaymentCustomers, demoPaymentIntents, demoPaymentMethods, TEST_CARDS, TEST_IBANS, type DemoProvider } from '../../../src/platform/payments';
import { DAILY, OPEN, pharmacistToken, place, PLASTER, readyDraft, setStock, staffPost, useOrdersApp, writtenFor } from './harness';

/*
 * The demo payment provider's state. Each method (card, 3-D Secure, PayPal, SEPA, invoice) goes
 * through a whole checkout and the pharmacy's acceptance, on the provider the harness gives the API
 * (its state in memory on PGlite, in the test database under npm run test:pg). Then two providers
 * over one database, as two server processes of `npm run start:cluster` are: an intent made through
 * one is confirmed, challenged, captured, refunded or released through the other, and a provider
 * started later (a restarted process) knows every intent. That part runs on PGlite too: there the
 * calls come from no shop transaction, which would hold PGlite's one connection.
 */

const h = useOrdersApp();
afterEach(() => {
  h.clock.set(OPEN);
});

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2030, cvc: '123' });

describe('each payment method with the demo provider: paid at the order, captured at acceptance', () => {
  const methods = {
    card: { card: card(TEST_CARDS.visa) },
    '3-D Secure card': { card: card(TEST_CARDS.threeDSecure), challenge: 'pass' },
    PayPal: { paypal: 'approve' },
    'SEPA direct debit': { sepa: TEST_IBANS.succeeds },
    invoice: { klarna: 'approve' },
  } as const;

  for (const [name, payment] of Object.entries(methods)) {
    it(`${name}: the order is placed, accepted and paid; the provider's intent has succeeded, captured once`, async () => {
      await setStock(h.db, DAILY, { [PLASTER]: 40 });
      const staff = await pharmacistToken(h.app, DAILY);
      const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 3 });
      const placed = await place(h.app, customer.token, draft.id, { payment });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const intentId = (await writtenFor(h.db, draft.id)).payments[0]!.authorizationId;
      const accepted = await staffPost(h.app, staff, draft.id, 'accept');
      expect(accepted.body).toMatchObject({ status: 'paid', payment: { state: 'captured' } });
      const intent = await h.spy.provider.retrieveIntent(intentId);
      expect(intent.ok && intent.value).toMatchObject({ status: 'succeeded', amountReceivedCents: placed.body.totals.amount_due_cents });
      expect(await h.spy.provider.captureCount(intentId)).toBe(1);
      if (h.testDb.kind === 'postgres') {
        // npm run test:pg: the provider's state is the database's, as on a cluster.
        const [row] = await h.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, intentId));
        expect(row).toMatchObject({ status: 'succeeded', captureCount: 1, orderId: draft.id });
      }
    });
  }
});

describe('two demo providers over one database are one provider (two server processes)', () => {
  const processes = () => {
    const state = () => databaseDemoState(async () => h.db, () => h.clock.now());
    const make = (): DemoProvider => createDemoProvider({ clock: h.clock, webhookSecret: 'whsec_two_processes', state: state() });
    return { a: make(), b: make(), restarted: make };
  };
  const intentOn = async (provider: DemoProvider, id: string) => {
    const read = await provider.retrieveIntent(id);
    if (!read.ok) throw new Error(`intent ${id} unknown: ${read.code}`);
    return read.value;
  };
  let orders = 0;
  const create = (provider: DemoProvider, amountCents: number, options: { methods?: ('card' | 'paypal' | 'sepa_debit' | 'klarna')[]; customerId?: string; saveMethod?: boolean; paymentMethodId?: string; key?: string } = {}) =>
    provider.createIntent({
      amountCents,
      currency: 'EUR',
      orderId: `order-two-processes-${++orders}`,
      methods: options.methods ?? ['card', 'paypal', 'sepa_debit', 'klarna'],
      captureMethod: options.methods?.[0] === 'sepa_debit' ? 'automatic' : 'manual',
      saveMethod: options.saveMethod ?? false,
      returnUrl: '/shop/checkout/',
      idempotencyKey: options.key ?? `two-processes-${orders}`,
      ...(options.customerId ? { customerId: options.customerId } : {}),
      ...(options.paymentMethodId ? { paymentMethodId: options.paymentMethodId } : {}),
    });

  it('3-D Secure: made on A, confirmed on B, challenged on A, captured once whichever retries, refunded on B; a restarted process knows it', async () => {
    const { a, b, restarted } = processes();
    const made = await create(a, 2599);
    if (!made.ok) throw new Error('create failed');
    const id = made.value.id;
    // The same create call retried through B (its answer lost) is the same intent.
    const again = await create(b, 2599, { key: `two-processes-${orders}` });
    expect(again.ok && again.value.id).toBe(id);

    const confirmed = await b.confirm(id, made.value.clientSecret, { type: 'card', number: TEST_CARDS.threeDSecure, expiry: '12/30', cvc: '123' });
    expect(confirmed).toMatchObject({ status: 'requires_action', redirectUrl: expect.stringContaining('/challenge?intent=') });
    expect(await a.intentForPage(id, made.value.clientSecret)).toMatchObject({ status: 'requires_action', amountCents: 2599 });
    expect(await a.completeChallenge(id, 'pass')).toEqual({ returnUrl: '/shop/checkout/', status: 'requires_capture' });
    expect(await intentOn(b, id)).toMatchObject({ status: 'requires_capture', amountCapturableCents: 2599, paymentMethod: { brand: 'visa', last4: '3184' } });

    // Both processes capture at once with the shop's key (a retry after a lost answer): one capture, one answer.
    const [onA, onB] = await Promise.all([a.capture({ authorizationId: id, amountCents: 2599, idempotencyKey: 'capture:x' }), b.capture({ authorizationId: id, amountCents: 2599, idempotencyKey: 'capture:x' })]);
    expect(onA.ok && onB.ok && onA.value.captureId === onB.value.captureId).toBe(true);
    expect(await b.captureCount(id)).toBe(1);
    // Another key cannot capture what is captured.
    expect(await b.capture({ authorizationId: id, amountCents: 2599, idempotencyKey: 'capture:y' })).toEqual({ ok: false, code: 'PAYMENT_FAILED' });

    const refunded = await b.refund({ authorizationId: id, amountCents: 500, idempotencyKey: 'refund:x' });
    expect(await a.refund({ authorizationId: id, amountCents: 500, idempotencyKey: 'refund:x' })).toEqual(refunded);
    expect(await a.refund({ authorizationId: id, amountCents: 2100, idempotencyKey: 'refund:too-much' })).toEqual({ ok: false, code: 'PAYMENT_FAILED' });

    const later = restarted();
    expect(await intentOn(later, id)).toMatchObject({ status: 'succeeded', amountReceivedCents: 2599, amountRefundedCents: 500 });
    expect(await later.captureCount(id)).toBe(1);
    // Each webhook went out once, from the process that made its change (the capture's from whichever won).
    expect(a.events(id).map((event) => event.type)).toContain('payment_intent.amount_capturable_updated');
    expect(b.events(id).map((event) => event.type)).toContain('charge.refunded');
    expect([...a.events(id), ...b.events(id)].map((event) => event.type).sort()).toEqual(['charge.refunded', 'payment_intent.amount_capturable_updated', 'payment_intent.succeeded']);
  });

  it('two captures with different keys on two processes at once: one takes the hold, the other is refused', async () => {
    const { a, b } = processes();
    const made = await create(a, 1500);
    if (!made.ok) throw new Error('create failed');
    await b.confirm(made.value.id, made.value.clientSecret, { type: 'card', number: TEST_CARDS.visa, expiry: '12/30', cvc: '123' });
    const answers = await Promise.all([a.capture({ authorizationId: made.value.id, amountCents: 1500, idempotencyKey: 'one' }), b.capture({ authorizationId: made.value.id, amountCents: 1500, idempotencyKey: 'two' })]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(await a.captureCount(made.value.id)).toBe(1);
  });

  it('PayPal approved on B and released on A; invoice declined on A; SEPA debited on A fails when B settles it', async () => {
    const { a, b, restarted } = processes();
    const paypal = await create(a, 1200);
    if (!paypal.ok) throw new Error('create failed');
    expect(await a.confirm(paypal.value.id, paypal.value.clientSecret, { type: 'paypal' })).toMatchObject({ status: 'requires_action', redirectUrl: expect.stringContaining('/paypal?intent=') });
    expect((await b.completePaypal(paypal.value.id, 'approve')).status).toBe('requires_capture');
    expect(await a.release({ authorizationId: paypal.value.id, idempotencyKey: 'release:x' })).toEqual({ ok: true, value: { released: true } });
    expect(await b.release({ authorizationId: paypal.value.id, idempotencyKey: 'release:x' })).toEqual({ ok: true, value: { released: true } });
    expect(await intentOn(b, paypal.value.id)).toMatchObject({ status: 'canceled', amountCapturableCents: 0 });

    const invoice = await create(b, 3000);
    if (!invoice.ok) throw new Error('create failed');
    await b.confirm(invoice.value.id, invoice.value.clientSecret, { type: 'klarna' });
    expect(await a.completeKlarna(invoice.value.id, 'decline')).toEqual({ returnUrl: '/shop/checkout/', status: 'requires_payment_method' });
    expect(await intentOn(b, invoice.value.id)).toMatchObject({ lastError: 'PAYMENT_FAILED' });

    const sepa = await create(a, 4000, { methods: ['sepa_debit'] });
    if (!sepa.ok) throw new Error('create failed');
    expect(await b.confirm(sepa.value.id, sepa.value.clientSecret, { type: 'sepa_debit', iban: TEST_IBANS.failsLater, holder: 'Erika Muster' })).toMatchObject({ status: 'requires_confirmation', error: null });
    expect((await a.capture({ authorizationId: sepa.value.id, method: 'sepa_debit', amountCents: 4000, idempotencyKey: 'capture:sepa' })).ok).toBe(true);
    expect(await intentOn(b, sepa.value.id)).toMatchObject({ status: 'processing', paymentMethod: { type: 'sepa_debit', last4: '3001' } });
    expect(await b.settleDebits()).toBe(1);
    expect(await restarted().settleDebits()).toBe(0);
    expect(await intentOn(a, sepa.value.id)).toMatchObject({ status: 'requires_payment_method', lastError: 'PAYMENT_FAILED' });
  });

  it('a card saved through B is the customer\'s on A; the customer deleted on A is gone on B; no card number or IBAN is stored', async () => {
    const { a, b } = processes();
    const customer = await a.createCustomer({ userId: 'user-two-processes', idempotencyKey: 'customer:user-two-processes' });
    if (!customer.ok) throw new Error('customer failed');
    const same = await b.createCustomer({ userId: 'user-two-processes', idempotencyKey: 'customer:user-two-processes' });
    expect(same).toEqual(customer);
    const customerId = customer.value.customerId;
    const first = await create(a, 1000, { customerId, saveMethod: true, methods: ['card'] });
    if (!first.ok) throw new Error('create failed');
    expect((await b.confirm(first.value.id, first.value.clientSecret, { type: 'card', number: TEST_CARDS.mastercard, expiry: '12/30', cvc: '123' })).status).toBe('requires_capture');
    const saved = await a.paymentMethodsOf(customerId);
    expect(saved).toHaveLength(1);
    // The saved card pays the next order through A, confirmed on B.
    const next = await create(a, 800, { customerId, paymentMethodId: saved[0]! });
    if (!next.ok) throw new Error('create with the saved card failed');
    expect(await b.confirm(next.value.id, next.value.clientSecret, { type: 'saved', paymentMethodId: saved[0]! })).toMatchObject({ status: 'requires_capture', error: null });

    const sepa = await create(b, 900, { methods: ['sepa_debit'] });
    if (!sepa.ok) throw new Error('create failed');
    await a.confirm(sepa.value.id, sepa.value.clientSecret, { type: 'sepa_debit', iban: TEST_IBANS.succeeds, holder: 'Erika Muster' });
    const stored = JSON.stringify([await h.db.select().from(demoPaymentIntents), await h.db.select().from(demoPaymentMethods), await h.db.select().from(demoPaymentCustomers)]);
    for (const secret of [TEST_CARDS.mastercard, TEST_CARDS.threeDSecure, TEST_CARDS.visa, TEST_IBANS.succeeds, TEST_IBANS.failsLater, 'Erika Muster']) expect(stored).not.toContain(secret);

    expect((await a.deleteCustomer(customerId)).ok).toBe(true);
    expect(await b.hasCustomer(customerId)).toBe(false);
    expect(await b.paymentMethodsOf(customerId)).toEqual([]);
  });
});
