import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../../src/features/accounts/server/schema';
import { expireDueOrders, resolveOrdersDeps } from '../../../src/features/orders';
import { TEST_IBANS } from '../../../src/platform/payments';
import { call } from '../support/shopper';
import { DAILY, deliverEvents, mailsTo, MINUTE, newKey, OPEN, payFor, pharmacistToken, place, PLASTER, readyDraft, setStock, staffPost, stockOf, useOrdersApp, writtenFor } from './harness';

/*
 * SEPA direct debit and pay by invoice (Klarna-like) through the payment seam, with the demo
 * provider. SEPA cannot be held: the order carries the collected mandate, the debit starts only at
 * the pharmacy's acceptance; a rejection or expiry debits nothing; a debit that the bank returns
 * days later marks the payment failed and tells the customer and the pharmacy. Invoice is held and
 * captured like a card.
 */

const h = useOrdersApp();
afterEach(() => {
  h.clock.set(OPEN);
});


async function pendingSepa(iban: string, quantity = 2) {
  await setStock(h.db, DAILY, { [PLASTER]: 40 });
  const { customer, draft } = await readyDraft(h.app, { [PLASTER]: quantity });
  const placed = await place(h.app, customer.token, draft.id, { payment: { sepa: iban } });
  expect(placed.status).toBe(200);
  const intentId = (await writtenFor(h.db, draft.id)).payments[0]!.authorizationId;
  return { customer, order: placed.body, intentId };
}

const intentOf = async (id: string) => {
  const read = await h.spy.provider.retrieveIntent(id);
  return read.ok ? read.value : null;
};

describe('which methods an order offers', () => {
  it('card, PayPal, SEPA and invoice for an adult with a German address within the invoice limits; no invoice below 10 € or for a minor', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 3 });
    const options = await call<{ methods: string[] }>(h.app, `/v2/user/orders/${draft.id}/payment-options`, { token: customer.token });
    expect(options.status).toBe(200);
    expect(options.body.methods).toEqual(['card', 'paypal', 'sepa_debit', 'klarna']);

    await h.db.update(users).set({ birthDate: '2010-01-01' }).where(eq(users.id, customer.userId));
    const minor = await call<{ methods: string[] }>(h.app, `/v2/user/orders/${draft.id}/payment-options`, { token: customer.token });
    expect(minor.body.methods).toEqual(['card', 'paypal', 'sepa_debit']);
    const refused = await payFor(h.app, customer.token, draft.id, { klarna: 'approve' }, newKey());
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('PAYMENT_METHOD_NOT_AVAILABLE');

    const small = await readyDraft(h.app, { [PLASTER]: 1 });
    const smallOptions = await call<{ methods: string[] }>(h.app, `/v2/user/orders/${small.draft.id}/payment-options`, { token: small.customer.token, lang: 'de' });
    expect(small.draft.totals.amount_due_cents).toBeLessThan(1000);
    expect(smallOptions.body.methods).not.toContain('klarna');
  });
});

describe('SEPA direct debit: mandate at the order, debit at acceptance', () => {
  it('placing collects the mandate only: nothing is debited; acceptance starts the debit and the order is paid', async () => {
    const staff = await pharmacistToken(h.app, DAILY);
    const { order, intentId } = await pendingSepa(TEST_IBANS.succeeds);
    expect(order.payment).toMatchObject({ method: 'sepa_debit', state: 'authorized', last4: '3000', brand: 'sepa_debit' });
    expect(await intentOf(intentId)).toMatchObject({ status: 'requires_confirmation', amountReceivedCents: 0 });
    expect(await h.spy.provider.captureCount(intentId)).toBe(0);

    const accepted = await staffPost(h.app, staff, order.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'paid', payment: { state: 'captured', amount_cents: order.totals.amount_due_cents } });
    expect(await intentOf(intentId)).toMatchObject({ status: 'succeeded', amountReceivedCents: order.totals.amount_due_cents });
    expect(await h.spy.provider.captureCount(intentId)).toBe(1);
    // Its events (processing, succeeded), delivered twice, change nothing more.
    const answers = await deliverEvents(h.app, h.spy.provider.events(intentId).flatMap((event) => [event, event]));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await h.spy.provider.captureCount(intentId)).toBe(1);
    expect((await writtenFor(h.db, order.id)).payments[0]).toMatchObject({ state: 'captured' });
  });

  it('rejection cancels the mandate intent: nothing was ever debited, stock goes back', async () => {
    const staff = await pharmacistToken(h.app, DAILY);
    const { order, intentId } = await pendingSepa(TEST_IBANS.succeeds);
    const rejected = await staffPost(h.app, staff, order.id, 'reject', { reason: 'Nicht vorrätig.' });
    expect(rejected.body).toMatchObject({ status: 'rejected', payment: { state: 'released' } });
    expect(await h.spy.provider.captureCount(intentId)).toBe(0);
    expect(await intentOf(intentId)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
    expect(h.spy.calls.refund.filter((refund) => refund.authorizationId === intentId)).toEqual([]);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(40);
  });

  it('an offer that lapses unanswered debits nothing', async () => {
    const { order, intentId } = await pendingSepa(TEST_IBANS.succeeds);
    h.clock.advance(24 * 60 * MINUTE);
    await expireDueOrders({ db: h.db, clock: h.clock, locale: 'en', deps: resolveOrdersDeps(h.clock, { gateway: h.spy.gateway }) });
    const written = await writtenFor(h.db, order.id);
    expect(['expired', 'rejected']).toContain(written.order.status);
    expect(written.payments[0]?.state).toBe('released');
    expect(await intentOf(intentId)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
  });

  it('a debit the bank returns days later: the signed failure webhook marks the payment failed (once) and tells the customer and the pharmacy', async () => {
    const staff = await pharmacistToken(h.app, DAILY);
    const { customer, order, intentId } = await pendingSepa(TEST_IBANS.failsLater);
    const accepted = await staffPost(h.app, staff, order.id, 'accept');
    expect(accepted.body).toMatchObject({ status: 'paid', payment: { state: 'captured' } });
    expect(await intentOf(intentId)).toMatchObject({ status: 'processing' });

    h.clock.advance(3 * 24 * 60 * MINUTE);
    h.spy.provider.setWebhookSink(null);
    expect(await h.spy.provider.settleDebits()).toBe(1);
    const failedEvents = h.spy.provider.events(intentId).filter((event) => event.type === 'payment_intent.payment_failed');
    expect(failedEvents).toHaveLength(1);
    const answers = await deliverEvents(h.app, [failedEvents[0]!, failedEvents[0]!]);
    expect(answers.map((answer) => answer.body.outcome)).toEqual(['queued', 'duplicate']);

    const written = await writtenFor(h.db, order.id);
    expect(written.order.status).toBe('paid');
    expect(written.payments[0]).toMatchObject({ state: 'failed' });
    const mails = await mailsTo(h.db, customer.email);
    const failure = mails.filter((mail) => (mail.subject ?? '').includes('direct debit'));
    expect(failure).toHaveLength(1);
    expect(failure[0]!.text).toContain('IBAN •••• 3001');
    expect(failure[0]!.text).not.toContain(TEST_IBANS.failsLater);
    const staffView = await call<{ payment: { state: string } }>(h.app, `/v1/pharmacy/orders/${order.id}`, { token: staff });
    expect(staffView.body.payment.state).toBe('failed');
  });

  it('an invalid IBAN is refused in the provider page (IBAN_INVALID): the draft stays payable and nothing is written', async () => {
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 2 });
    const paid = await payFor(h.app, customer.token, draft.id, { sepa: 'DE00370400440532013000' }, newKey());
    expect(paid.confirm).toMatchObject({ error: 'IBAN_INVALID' });
    const placed = await place(h.app, customer.token, draft.id, { payment: { payment_intent_id: paid.intentId } });
    expect(placed.status).toBe(402);
    expect((await writtenFor(h.db, draft.id)).order.status).toBe('awaiting_payment');
  });
});

describe('pay by invoice (Klarna-like): held at the order, captured at acceptance', () => {
  it('approved: held, acceptance captures it', async () => {
    const staff = await pharmacistToken(h.app, DAILY);
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 3 });
    const placed = await place(h.app, customer.token, draft.id, { payment: { klarna: 'approve' } });
    expect(placed.status).toBe(200);
    expect(placed.body.payment).toMatchObject({ method: 'klarna', state: 'authorized' });
    const intentId = (await writtenFor(h.db, draft.id)).payments[0]!.authorizationId;
    expect(await intentOf(intentId)).toMatchObject({ status: 'requires_capture', captureMethod: 'manual' });
    const accepted = await staffPost(h.app, staff, draft.id, 'accept');
    expect(accepted.body).toMatchObject({ status: 'paid', payment: { state: 'captured' } });
    expect(await h.spy.provider.captureCount(intentId)).toBe(1);
  });

  it('declined by the provider: the order is not placed (402 in German), the draft stays payable', async () => {
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 3 });
    const declined = await place(h.app, customer.token, draft.id, { payment: { klarna: 'decline' } }, newKey(), 'de');
    expect(declined.status).toBe(402);
    expect(declined.body.code).toBe('PAYMENT_FAILED');
    expect((await writtenFor(h.db, draft.id)).order.status).toBe('awaiting_payment');
    const retried = await place(h.app, customer.token, draft.id, { payment: { klarna: 'approve' } });
    expect(retried.status).toBe(200);
  });

  it('rejection voids the invoice hold: nothing is charged', async () => {
    const staff = await pharmacistToken(h.app, DAILY);
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 3 });
    await place(h.app, customer.token, draft.id, { payment: { klarna: 'approve' } });
    const intentId = (await writtenFor(h.db, draft.id)).payments[0]!.authorizationId;
    const rejected = await staffPost(h.app, staff, draft.id, 'reject', { reason: 'Nicht vorrätig.' });
    expect(rejected.body).toMatchObject({ status: 'rejected', payment: { state: 'released' } });
    expect(await intentOf(intentId)).toMatchObject({ status: 'canceled' });
  });
});

