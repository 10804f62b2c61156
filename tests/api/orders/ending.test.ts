import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeFinishedOrders, resolveOrdersDeps } from '../../../src/features/orders';
import { coupons } from '../../../src/features/coupons/server/schema';
import { creditWallet, walletBalance } from '../../../src/features/wallet';
import { withTransaction } from '../../../src/platform/db';
import { formatPrice } from '../../../src/platform/i18n/format';
import { PHARMACY } from '../support/fixtures';
import { call } from '../support/shopper';
import {
  createDraft,
  DAILY,
  fillCart,
  mailsTo,
  newCustomer,
  OPEN,
  pharmacistToken,
  place,
  PLASTER,
  readyDraft,
  setLocale,
  setStock,
  staffPost,
  stockOf,
  useOrdersApp,
  VISA,
  writtenFor,
  type Customer,
  type OrderBody,
} from './harness';

const h = useOrdersApp();
afterEach(() => h.clock.set(OPEN));

const DAY = 24 * 60 * 60_000;

async function placedOrder(items: Record<string, number> = { [PLASTER]: 2 }, extra: Record<string, unknown> = {}, customer?: Customer) {
  const { customer: who, draft } = await readyDraft(h.app, items, extra, customer);
  const placed = await place(h.app, who.token, draft.id, { payment: VISA });
  if (placed.status !== 200) throw new Error(`placement failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { customer: who, order: placed.body };
}

const giveCredit = (userId: string, cents: number) =>
  withTransaction(h.db, (tx) => creditWallet(tx, { userId, cents, kind: 'adjustment', orderId: null, now: h.clock.now() }));

async function oneUseCoupon(): Promise<string> {
  const code = `ENDE${randomUUID().slice(0, 8).toUpperCase()}`;
  await h.db.insert(coupons).values({ id: randomUUID(), code, type: 'PROMOTION', discountKind: 'amount', amountCents: 500, usageLimit: 1 });
  return code;
}

const cancel = (token: string, orderId: string, lang?: 'en' | 'de') => call<OrderBody>(h.app, `/v2/user/orders/${orderId}/cancel`, { token, body: {}, ...(lang ? { lang } : {}) });

describe('the customer withdraws an order before the pharmacy accepts it', () => {
  it('releases the reservation, puts stock, coupon and credit back and tells the customer in their language', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 30 });
    const code = await oneUseCoupon();
    const customer = await newCustomer(h.app);
    await setLocale(h.db, customer.userId, 'de');
    await giveCredit(customer.userId, 300);
    const { order } = await placedOrder({ [PLASTER]: 5 }, { coupon_code: code, wallet_cents: 300 }, customer);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(25);
    const releases = h.spy.calls.release.length;

    const cancelled = await cancel(customer.token, order.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: order.id, status: 'cancelled', label: { en: 'Cancelled' }, purchase_state: 'PURCHASE_REJECTED', payment: { state: 'released' } });
    expect(h.spy.calls.release.length - releases).toBe(1);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(30);
    expect(await walletBalance(h.db, customer.userId)).toBe(300);
    const other = await newCustomer(h.app);
    await fillCart(h.app, other.token, { [PLASTER]: 5 });
    expect((await createDraft(h.app, other.token, { coupon_code: code })).body.coupon).toMatchObject({ ok: true });
    const written = await writtenFor(h.db, order.id);
    expect(written.order.cancelledAt).toEqual(h.clock.now());
    expect(written.events.map((event) => [event.event, event.actor, event.actorId])).toEqual([
      ['authorize', 'customer', customer.userId],
      ['cancel', 'customer', customer.userId],
    ]);

    const [mail] = await mailsTo(h.db, customer.email);
    expect(mail?.subject).toBe(`Sie haben Ihre Bestellung ${order.order_number} zurückgezogen`);
    expect(mail?.text).toContain('bevor die Apotheke sie angenommen hat');
    expect(mail?.text).toContain('wurde aufgehoben, es wird nichts belastet');
    expect(mail?.text).toContain('Das eingesetzte Guthaben von 3,00');
    expect(mail?.text).toContain(`Sie können Ihren Gutschein ${code} wieder einlösen.`);
  });

  it('is for the order’s owner only, and only until the pharmacy answers', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 30 });
    const { customer, order } = await placedOrder();
    const stranger = await newCustomer(h.app);
    const foreign = await cancel(stranger.token, order.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    const staff = await pharmacistToken(h.app, DAILY);
    expect((await cancel(staff, order.id)).status).toBe(404);
    expect((await writtenFor(h.db, order.id)).order.status).toBe('pending');

    expect((await staffPost(h.app, staff, order.id, 'accept')).status).toBe(200);
    const late = await cancel(customer.token, order.id, 'de');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'INVALID_ORDER_TRANSITION', message: 'Diese Bestellung kann in ihrem aktuellen Zustand nicht geändert werden.' });
    expect((await writtenFor(h.db, order.id)).order.status).toBe('paid');
  });

  it('changes nothing while the payment provider cannot release the reservation', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 30 });
    const { customer, order } = await placedOrder();
    h.spy.faults.releaseUnavailable = true;
    try {
      const refused = await cancel(customer.token, order.id);
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('PAYMENT_UNAVAILABLE');
    } finally {
      h.spy.faults.releaseUnavailable = false;
    }
    expect((await writtenFor(h.db, order.id)).order.status).toBe('pending');
    expect((await cancel(customer.token, order.id)).body.status).toBe('cancelled');
  });
});

describe('the pharmacy refunds an accepted order', () => {
  it('before it left the pharmacy: money back to the card, stock, coupon and credit back, the customer told why', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 30 });
    const code = await oneUseCoupon();
    const customer = await newCustomer(h.app);
    await giveCredit(customer.userId, 300);
    const { order } = await placedOrder({ [PLASTER]: 5 }, { coupon_code: code, wallet_cents: 300 }, customer);
    const staff = await pharmacistToken(h.app, DAILY);
    expect((await staffPost(h.app, staff, order.id, 'accept')).status).toBe(200);
    expect((await staffPost(h.app, staff, order.id, 'check')).status).toBe(200);
    expect((await staffPost(h.app, staff, order.id, 'pack')).status).toBe(200);
    const noReason = await staffPost(h.app, staff, order.id, 'refund', {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('MISSING_PARAMS');

    const refunds = h.spy.calls.refund.length;
    const refunded = await staffPost(h.app, staff, order.id, 'refund', { reason: 'Die Packung ist beschädigt.' });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'refunded', refund_reason: 'Die Packung ist beschädigt.', payment: { state: 'refunded', amount_cents: order.totals.amount_due_cents } });
    expect(h.spy.calls.refund.slice(refunds)).toEqual([{ authorizationId: expect.any(String), amountCents: order.totals.amount_due_cents }]);
    expect(refunded.body.history.at(-1)).toMatchObject({ event: 'refund', actor: 'pharmacist', note: 'Die Packung ist beschädigt.' });
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(30);
    expect(await walletBalance(h.db, customer.userId)).toBe(300);
    expect((await writtenFor(h.db, order.id)).order.refundedAt).toEqual(h.clock.now());

    const seen = await call<OrderBody & { refund_reason: string }>(h.app, `/v1/user/orders/${order.id}`, { token: customer.token });
    expect(seen.body).toMatchObject({ status: 'refunded', refund_reason: 'Die Packung ist beschädigt.' });
    const [mail] = await mailsTo(h.db, customer.email);
    expect(mail?.subject).toBe(`Your order ${order.order_number} has been refunded`);
    expect(mail?.text).toContain('The pharmacy’s reason: Die Packung ist beschädigt.');
    expect(mail?.text).toContain('has been refunded to your card');
    expect(mail?.text).toContain(`The credit of ${formatPrice(300, 'en')} you used is back in your wallet.`);
    expect(mail?.text).toContain(`You can use your coupon ${code} again.`);
    expect((await staffPost(h.app, staff, order.id, 'refund', { reason: 'again' })).status).toBe(409);
  });

  it('after delivery (a return): the money goes back, the goods do not go back on the shelf and the coupon stays used', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 30 });
    const code = await oneUseCoupon();
    const { customer, order } = await placedOrder({ [PLASTER]: 5 }, { coupon_code: code });
    const staff = await pharmacistToken(h.app, DAILY);
    for (const step of ['accept', 'check', 'pack', 'pickup', 'deliver']) expect((await staffPost(h.app, staff, order.id, step)).status).toBe(200);

    const refunded = await staffPost(h.app, staff, order.id, 'refund', { reason: 'Zurückgegeben.' });
    expect(refunded.body).toMatchObject({ status: 'refunded', payment: { state: 'refunded' } });
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(25);
    const [mail] = await mailsTo(h.db, customer.email);
    expect(mail?.text).toContain('has been refunded to your card');
    expect(mail?.text).not.toContain(code);
  });

  it('only after acceptance, and only for the pharmacy’s own orders', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 30 });
    const { customer, order } = await placedOrder();
    const staff = await pharmacistToken(h.app, DAILY);
    expect((await staffPost(h.app, staff, order.id, 'refund', { reason: 'x' })).body.code).toBe('INVALID_ORDER_TRANSITION');
    expect((await staffPost(h.app, staff, order.id, 'accept')).status).toBe(200);
    expect((await staffPost(h.app, await pharmacistToken(h.app, PHARMACY.late), order.id, 'refund', { reason: 'x' })).status).toBe(404);
    expect((await staffPost(h.app, customer.token, order.id, 'refund', { reason: 'x' })).status).toBe(403);
    expect((await writtenFor(h.db, order.id)).order.status).toBe('paid');
  });
});

describe('finished orders close and are archived', () => {
  it('close once the withdrawal period after delivery is over, then leave the current list for the archive', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 30 });
    const { customer, order } = await placedOrder();
    const staff = await pharmacistToken(h.app, DAILY);
    for (const step of ['accept', 'check', 'pack', 'pickup', 'deliver']) expect((await staffPost(h.app, staff, order.id, step)).status).toBe(200);
    const ctx = { db: h.db, clock: h.clock, locale: 'en' as const, deps: resolveOrdersDeps(h.clock, { gateway: h.spy.gateway }) };
    // Months pass: the customer signs in again to look at their orders.
    const list = async (query = '') => {
      const login = await call<{ token: string }>(h.app, '/v1/user/login', { body: { email: customer.email, password: 'correct-horse-battery' } });
      return (await call<{ orders: { id: string; status: string }[] }>(h.app, `/v1/user/orders${query}`, { token: login.body.token })).body.orders;
    };

    h.clock.advance(14 * DAY - 1);
    await closeFinishedOrders(ctx);
    expect((await writtenFor(h.db, order.id)).order.status).toBe('delivered');

    h.clock.advance(1);
    await closeFinishedOrders(ctx);
    expect((await writtenFor(h.db, order.id)).order.status).toBe('closed');
    expect((await list()).find((entry) => entry.id === order.id)?.status).toBe('closed');
    // Nothing more happens to a closed order: no return through the shop.
    expect((await staffPost(h.app, staff, order.id, 'refund', { reason: 'late' })).status).toBe(409);

    h.clock.advance(76 * DAY - 1);
    await closeFinishedOrders(ctx);
    expect((await writtenFor(h.db, order.id)).order.status).toBe('closed');
    h.clock.advance(1);
    await closeFinishedOrders(ctx);
    const archived = await writtenFor(h.db, order.id);
    expect(archived.order.status).toBe('archived');
    expect(archived.events.slice(-2).map((event) => [event.event, event.actor])).toEqual([
      ['close', 'system'],
      ['archive', 'system'],
    ]);
    expect((await list()).map((entry) => entry.id)).not.toContain(order.id);
    expect(await list('?archived=true')).toEqual([expect.objectContaining({ id: order.id, status: 'archived' })]);
  });
});
