import { afterEach, describe, expect, it } from 'vitest';
import { expireDueOrders, resolveOrdersDeps } from '../../../src/features/orders';
import { signPayload, TEST_CARDS } from '../../../src/platform/payments';
import { call } from '../support/shopper';
import {
  cartOf,
  DAILY,
  deliverEvents,
  MINUTE,
  newKey,
  OPEN,
  payFor,
  pharmacistToken,
  place,
  PLASTER,
  readyDraft,
  setStock,
  staffPost,
  stockOf,
  useOrdersApp,
  VISA,
  writtenFor,
} from './harness';

/*
 * The payment side of an order with the provider's webhooks (the demo provider signs them as
 * Stripe does): forged ones change nothing, each is applied once and in any order, a payment made
 * after the tab closed places the order, a late one for an ended order is given back; capture at
 * acceptance survives a provider outage without capturing twice; partial refunds after acceptance.
 */

const h = useOrdersApp();
afterEach(() => {
  h.clock.set(OPEN);
  h.spy.provider.faults.captureAnswerLost = false;
  h.spy.provider.faults.unavailable.clear();
});

/** A customer who paid at the provider (hosted fields) but whose tab never came back: the shop only hears the webhook. */
async function paidButNotPlaced(quantity = 2) {
  await setStock(h.db, DAILY, { [PLASTER]: 40 });
  const { customer, draft } = await readyDraft(h.app, { [PLASTER]: quantity });
  const paid = await payFor(h.app, customer.token, draft.id, VISA, newKey());
  expect(paid.confirm).toMatchObject({ status: 'requires_capture' });
  return { customer, draft, intentId: paid.intentId! };
}

const events = (intentId: string) => h.spy.provider.events(intentId);

describe('payment webhooks', () => {
  it('a forged or replayed signature is refused (401) and changes nothing', async () => {
    const { draft, intentId } = await paidButNotPlaced();
    const [event] = events(intentId);
    const forged = await deliverEvents(h.app, [{ rawBody: event!.rawBody, signature: signPayload(event!.rawBody, 'whsec_guessed', Math.floor(h.clock.now().getTime() / 1000)) }]);
    const tampered = await deliverEvents(h.app, [{ rawBody: event!.rawBody.replace('"amount":', '"amount": '), signature: event!.signature }]);
    const unsigned = await h.app.request('/api/v1/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: event!.rawBody });
    const old = await deliverEvents(h.app, [{ rawBody: event!.rawBody, signature: signPayload(event!.rawBody, h.spy.provider.webhookSecret, Math.floor(h.clock.now().getTime() / 1000) - 600) }]);
    for (const answer of [...forged, ...tampered, ...old]) expect(answer).toEqual({ status: 401, body: { code: 'WEBHOOK_SIGNATURE_INVALID', message: 'The signature of this notification is not valid.' } });
    expect(unsigned.status).toBe(401);
    const written = await writtenFor(h.db, draft.id);
    expect(written.order.status).toBe('awaiting_payment');
    expect([written.lines, written.events, written.payments]).toEqual([[], [], []]);
  });

  it('a payment completed after the tab closed places the order; duplicated and reversed deliveries apply once', async () => {
    const { customer, draft, intentId } = await paidButNotPlaced(3);
    // The provider's retries: every event twice, the newest first.
    const delivered = await deliverEvents(h.app, [...events(intentId)].reverse().flatMap((event) => [event, event]));
    expect(delivered.map((answer) => answer.status)).toEqual(delivered.map(() => 200));
    expect(delivered.map((answer) => answer.body.outcome)).toEqual(['queued', 'duplicate']);
    const written = await writtenFor(h.db, draft.id);
    expect(written.order.status).toBe('pending');
    expect(written.payments).toEqual([expect.objectContaining({ authorizationId: intentId, state: 'authorized', method: 'card', last4: '4242' })]);
    expect(written.events.map((event) => event.event)).toEqual(['authorize']);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(37);
    expect(await cartOf(h.app, customer.token)).toEqual([]);
    // The browser coming back late with the same payment gets that order, not a second one.
    const late = await place(h.app, customer.token, draft.id, { payment: { payment_intent_id: intentId } });
    expect(late.status).toBe(200);
    expect(late.body.id).toBe(draft.id);
    expect(h.spy.calls.release.filter((id) => id === intentId)).toEqual([]);
  });

  it('a late webhook after the draft lapsed gives the money back and does not bring the order back', async () => {
    const { draft, intentId } = await paidButNotPlaced();
    h.spy.provider.setWebhookSink(null);
    h.clock.advance(31 * MINUTE);
    const swept = await expireDueOrders({ db: h.db, clock: h.clock, locale: 'en', deps: resolveOrdersDeps(h.clock, { gateway: h.spy.gateway }) });
    expect(swept.drafts).toBeGreaterThanOrEqual(1);
    expect((await writtenFor(h.db, draft.id)).order.status).toBe('expired');

    const [answer] = await deliverEvents(h.app, events(intentId).slice(0, 1));
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'queued' } });
    const written = await writtenFor(h.db, draft.id);
    expect(written.order.status).toBe('expired');
    expect(written.payments).toEqual([]);
    expect(h.spy.calls.release).toContain(intentId);
    expect((await h.spy.provider.retrieveIntent(intentId)).ok && (await h.spy.provider.retrieveIntent(intentId))).toMatchObject({ value: { status: 'canceled' } });
  });

  it('a hold that ends at the provider (lapsed, cancelled there) ends the pending order: stock back', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 2 });
    const placed = await place(h.app, customer.token, draft.id, { payment: VISA });
    expect(placed.status).toBe(200);
    const intentId = (await writtenFor(h.db, draft.id)).payments[0]!.authorizationId;
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(38);
    await h.spy.provider.release({ authorizationId: intentId, idempotencyKey: 'dashboard-cancel' });
    const cancelled = events(intentId).filter((event) => event.type === 'payment_intent.canceled');
    expect((await deliverEvents(h.app, cancelled))[0]).toMatchObject({ status: 200, body: { outcome: 'queued' } });
    const written = await writtenFor(h.db, draft.id);
    expect(written.order.status).toBe('cancelled');
    expect(written.payments[0]?.state).toBe('released');
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(40);
  });

  it('a provider that cannot be reached: the event is stored and answered, and the outbox worker applies it once the provider is back', async () => {
    const { draft, intentId } = await paidButNotPlaced();
    h.spy.provider.faults.unavailable.add('retrieve');
    const [answer] = await deliverEvents(h.app, events(intentId).slice(0, 1));
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'queued' } });
    expect((await writtenFor(h.db, draft.id)).order.status).toBe('awaiting_payment');
    h.spy.provider.faults.unavailable.clear();
    // The provider sending it again changes nothing: the stored event is the one that is retried.
    const [again] = await deliverEvents(h.app, events(intentId).slice(0, 1));
    expect(again).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect((await writtenFor(h.db, draft.id)).order.status).toBe('awaiting_payment');
    h.clock.advance(60_000);
    expect(await h.drain()).toMatchObject({ sent: expect.any(Number) });
    expect((await writtenFor(h.db, draft.id)).order.status).toBe('pending');
    h.clock.advance(-60_000);
  });
});

describe('capture, void and refunds', () => {
  async function pendingOrder() {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 2 });
    const placed = await place(h.app, customer.token, draft.id, { payment: VISA });
    expect(placed.status).toBe(200);
    return { customer, order: placed.body, intentId: (await writtenFor(h.db, draft.id)).payments[0]!.authorizationId };
  }

  it('acceptance captures; with the provider down the capture is retried and never made twice (also when its answer was lost)', async () => {
    const staff = await pharmacistToken(h.app, DAILY);
    const { order, intentId } = await pendingOrder();
    h.spy.provider.faults.unavailable.add('capture');
    const down = await staffPost(h.app, staff, order.id, 'accept');
    expect(down.status).toBe(503);
    expect((await writtenFor(h.db, order.id)).order.status).toBe('pending');
    h.spy.provider.faults.unavailable.clear();
    // The provider captures, but its answer is lost on the way: the order stays pending, the retry gets the same capture.
    h.spy.provider.faults.captureAnswerLost = true;
    expect((await staffPost(h.app, staff, order.id, 'accept')).status).toBe(503);
    const accepted = await staffPost(h.app, staff, order.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'paid', payment: { state: 'captured', amount_cents: order.totals.amount_due_cents } });
    expect(await h.spy.provider.captureCount(intentId)).toBe(1);
    // The provider's "succeeded" event changes nothing more.
    await deliverEvents(h.app, events(intentId));
    expect(await h.spy.provider.captureCount(intentId)).toBe(1);
    expect((await writtenFor(h.db, order.id)).order.status).toBe('paid');
  });

  it('rejection voids the hold: nothing is charged', async () => {
    const staff = await pharmacistToken(h.app, DAILY);
    const { order, intentId } = await pendingOrder();
    const rejected = await staffPost(h.app, staff, order.id, 'reject', { reason: 'Nicht vorrätig.' });
    expect(rejected.body).toMatchObject({ status: 'rejected', payment: { state: 'released' } });
    expect(await h.spy.provider.captureCount(intentId)).toBe(0);
    expect((await h.spy.provider.retrieveIntent(intentId)).ok && (await h.spy.provider.retrieveIntent(intentId))).toMatchObject({ value: { status: 'canceled' } });
  });

  it('a partial refund (one line of two units) after acceptance keeps the order paid; the rest refunds the order; a retry never refunds twice', async () => {
    const staff = await pharmacistToken(h.app, DAILY);
    const { order, intentId } = await pendingOrder();
    expect((await staffPost(h.app, staff, order.id, 'accept')).status).toBe(200);
    const due = order.totals.amount_due_cents;
    const line = order.lines.find((candidate: { pzn: string }) => candidate.pzn === PLASTER)!;
    const unit = line.unit_price_cents as number;
    const part = await staffPost(h.app, staff, order.id, 'refund', { reason: 'Eine Packung war beschädigt.', lines: [{ pzn: PLASTER, quantity: 1 }] });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ status: 'paid', payment: { state: 'captured', refunded_cents: unit } });
    const rest = await staffPost(h.app, staff, order.id, 'refund', { reason: 'Rücksendung.' });
    expect(rest.body).toMatchObject({ status: 'refunded', payment: { state: 'refunded', refunded_cents: due } });
    expect(h.spy.calls.refund.filter((refund) => refund.authorizationId === intentId).map((refund) => refund.amountCents)).toEqual([unit, due - unit]);
    // Once refunded, no more refunds.
    expect((await staffPost(h.app, staff, order.id, 'refund', { reason: 'Nochmal.', lines: [{ pzn: PLASTER, quantity: 1 }] })).status).toBe(409);
  });

  it('a customer sees a declined card in their language (402), and the draft stays payable', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    const refused = await place(h.app, customer.token, draft.id, { payment: { card: { ...VISA.card, number: TEST_CARDS.declined } } }, newKey(), 'de');
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe('Die Zahlung ist fehlgeschlagen. Bitte verwenden Sie eine andere Karte oder wenden Sie sich an Ihren Kartenanbieter.');
    const status = await call<{ status: string }>(h.app, `/v1/user/orders/${draft.id}/status`, { token: customer.token });
    expect(status.body.status).toBe('awaiting_payment');
    expect((await place(h.app, customer.token, draft.id, { payment: VISA })).status).toBe(200);
  });
});
