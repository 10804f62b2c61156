import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureReferralCode } from '../../../src/features/coupons';
import { coupons } from '../../../src/features/coupons/server/schema';
import { savedCards } from '../../../src/features/cards/server/schema';
import { creditWallet, walletBalance } from '../../../src/features/wallet';
import { withTransaction } from '../../../src/platform/db';
import { PHARMACY } from '../support/fixtures';
import { call } from '../support/shopper';
import {
  createDraft,
  DAILY,
  fillCart,
  mailsTo,
  newCustomer,
  pharmacistToken,
  PICKUP_ONLY,
  place,
  PLASTER,
  readyDraft,
  setLocale,
  setStock,
  staffGet,
  staffPost,
  stockOf,
  useOrdersApp,
  VISA,
  type StaffOrder,
} from './harness';

const h = useOrdersApp();

async function placedOrder(items: Record<string, number> = { [PLASTER]: 2 }, extra: Record<string, unknown> = {}) {
  const { customer, draft } = await readyDraft(h.app, items, extra);
  const placed = await place(h.app, customer.token, draft.id, { payment: VISA });
  if (placed.status !== 200) throw new Error(`placement failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { customer, order: placed.body };
}

async function giveCredit(userId: string, cents: number) {
  await withTransaction(h.db, (tx) => creditWallet(tx, { userId, cents, kind: 'adjustment', orderId: null, now: h.clock.now() }));
}

describe('pharmacy staff API (role pharmacist, own pharmacy only)', () => {
  it('is for pharmacists only (403), and another pharmacy\'s order does not exist for them (404)', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const { customer, order } = await placedOrder();
    const asCustomer = await staffGet(h.app, customer.token);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.code).toBe('FORBIDDEN');
    expect((await staffPost(h.app, customer.token, order.id, 'accept')).status).toBe(403);

    const otherStaff = await pharmacistToken(h.app, PHARMACY.late);
    for (const action of ['accept', 'check', 'pack', 'pickup', 'deliver']) {
      const refused = await staffPost(h.app, otherStaff, order.id, action);
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('ORDER_NOT_FOUND');
    }
    expect((await staffPost(h.app, otherStaff, order.id, 'reject', { reason: 'x' })).status).toBe(404);
    expect((await staffGet(h.app, otherStaff, `/${order.id}`)).status).toBe(404);
    const theirList = await staffGet<{ orders: StaffOrder[] }>(h.app, otherStaff);
    expect(theirList.body.orders.map((o) => o.id)).not.toContain(order.id);
  });

  it('lists incoming offers with what the pharmacist needs: items, safety answers, phone, consent, next actions', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const { order } = await placedOrder();
    const staff = await pharmacistToken(h.app, DAILY);
    const list = await staffGet<{ orders: StaffOrder[] }>(h.app, staff, '?status=pending');
    expect(list.status).toBe(200);
    const listed = list.body.orders.find((o) => o.id === order.id);
    expect(listed).toMatchObject({
      status: 'pending',
      actions: ['accept', 'reject'],
      customer: { first_name: 'Erika', phone: '+4915123456789' },
      consent_pharmacy_data: true,
      safety: { pregnant: false, underage: false, nursing: false, for_someone_else: false, consulted_by_pharmacy: false },
    });
    expect(listed?.lines[0]).toMatchObject({ pzn: PLASTER, quantity: 2 });
    expect(list.body.orders.every((o) => o.status === 'pending')).toBe(true);
    expect((await staffGet(h.app, staff, '?status=bogus')).status).toBe(400);
  });

  it('accept captures the payment (paid); then packed, picked up, delivered, each only in its turn (409 otherwise), with e-mails', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const { customer, order } = await placedOrder();
    const staff = await pharmacistToken(h.app, DAILY);
    expect((await staffPost(h.app, staff, order.id, 'pack')).body.code).toBe('INVALID_ORDER_TRANSITION');

    const captures = h.spy.calls.capture.length;
    const accepted = await staffPost(h.app, staff, order.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'paid', label: { en: 'Paid' }, purchase_state: 'PURCHASE_FULFILLED', payment: { state: 'captured', amount_cents: order.totals.amount_due_cents } });
    expect(h.spy.calls.capture.length - captures).toBe(1);
    expect((await staffPost(h.app, staff, order.id, 'accept')).status).toBe(409);
    expect((await staffPost(h.app, staff, order.id, 'reject', { reason: 'zu spät' })).status).toBe(409);

    // Packing needs the pharmaceutical check first, a step of its own (the status stays paid).
    expect((await staffPost(h.app, staff, order.id, 'pack')).body.code).toBe('CHECK_REQUIRED');
    const checked = await staffPost(h.app, staff, order.id, 'check');
    expect(checked.body).toMatchObject({ status: 'paid', actions: ['pack'] });
    expect((await staffPost(h.app, staff, order.id, 'check')).status).toBe(409);
    expect((await staffPost(h.app, staff, order.id, 'pack')).body.status).toBe('packed');
    // A courier order leaves through the courier, not over the counter.
    expect((await staffPost(h.app, staff, order.id, 'deliver')).status).toBe(409);
    expect((await staffPost(h.app, staff, order.id, 'pickup')).body.status).toBe('in_transit');
    const status = await call<{ status: string; tracking_stage: string }>(h.app, `/v1/user/orders/${order.id}/status`, { token: customer.token });
    expect(status.body).toMatchObject({ status: 'in_transit', tracking_stage: 'picked_up' });
    const delivered = await staffPost(h.app, staff, order.id, 'deliver');
    expect(delivered.body).toMatchObject({ status: 'delivered', actions: [] });
    expect(delivered.body.history.map((event) => event.event)).toEqual(['authorize', 'accept', 'check', 'pack', 'pickup', 'deliver']);
    expect((await staffPost(h.app, staff, order.id, 'deliver')).status).toBe(409);

    const subjects = (await mailsTo(h.db, customer.email)).map((mail) => mail.subject).filter((subject) => subject?.includes(order.order_number));
    expect(subjects).toEqual([
      `Your order ${order.order_number} has been delivered`,
      `Apotheke Mitte has accepted your order ${order.order_number}`,
      `We have received your order ${order.order_number}`,
    ]);
  });

  it('a self-pickup order is handed over at the counter: packed, then delivered (no courier)', async () => {
    await setStock(h.db, PICKUP_ONLY, { [PLASTER]: 10 });
    const customer = await newCustomer(h.app);
    await fillCart(h.app, customer.token, { [PLASTER]: 1 }, PICKUP_ONLY);
    const draft = await createDraft(h.app, customer.token, { delivery: { option: 'pickup' }, safety: { pregnant: false, underage: false, nursing: false, for_someone_else: false, consulted_by_pharmacy: true }, consent_pharmacy_data: true, phone: '0151 23456789' });
    const placed = await place(h.app, customer.token, draft.body.id);
    expect(placed.status).toBe(200);
    const staff = await pharmacistToken(h.app, PICKUP_ONLY);
    await staffPost(h.app, staff, placed.body.id, 'accept');
    await staffPost(h.app, staff, placed.body.id, 'check');
    const packed = await staffPost(h.app, staff, placed.body.id, 'pack');
    expect(packed.body.actions).toEqual(['deliver']);
    expect((await staffPost(h.app, staff, placed.body.id, 'pickup')).status).toBe(409);
    expect((await staffPost(h.app, staff, placed.body.id, 'deliver')).body.status).toBe('delivered');
    const [mail] = await mailsTo(h.db, customer.email);
    expect(mail?.subject).toBe(`You have collected your order ${placed.body.order_number}`);
  });

  it('reject releases the full amount (items, fee, tip), puts the stock back, gives back coupon and credit, and tells the customer in their language', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const code = `SOMMER${Date.now().toString(36).toUpperCase()}`;
    await h.db.insert(coupons).values({ id: randomUUID(), code, type: 'PROMOTION', discountKind: 'amount', amountCents: 500, usageLimit: 1 });
    const customer = await newCustomer(h.app);
    await setLocale(h.db, customer.userId, 'de');
    await giveCredit(customer.userId, 300);
    const { draft } = await readyDraft(h.app, { [PLASTER]: 4 }, { coupon_code: code, wallet_cents: 300, tip_cents: 100 }, customer);
    // 4 × 4,99 = 19,96 − 5,00 coupon + 2,90 fee + 1,00 tip = 18,86; 3,00 credit: 15,86 to the card.
    expect(draft.totals).toMatchObject({ subtotal_cents: 1996, coupon_discount_cents: 500, delivery_fee_cents: 290, tip_cents: 100, total_cents: 1886, wallet_cents: 300, amount_due_cents: 1586 });
    expect(draft.coupon).toMatchObject({ code, ok: true, discount_cents: 500 });
    const stockBefore = await stockOf(h.db, DAILY, PLASTER);
    const placed = await place(h.app, customer.token, draft.id);
    expect(placed.status).toBe(200);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(stockBefore - 4);
    expect(await walletBalance(h.db, customer.userId)).toBe(0);

    // The coupon's single use is taken while the offer stands.
    const other = await newCustomer(h.app);
    await fillCart(h.app, other.token, { [PLASTER]: 5 });
    const blocked = await createDraft(h.app, other.token, { coupon_code: code });
    expect(blocked.body.coupon?.error?.code).toBe('COUPON_USAGE_LIMIT_REACHED');

    const staff = await pharmacistToken(h.app, DAILY);
    const noReason = await staffPost(h.app, staff, placed.body.id, 'reject', {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.code).toBe('MISSING_PARAMS');
    const releases = h.spy.calls.release.length;
    const rejected = await staffPost(h.app, staff, placed.body.id, 'reject', { reason: 'Leider nicht vorrätig.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      label: { en: 'Refunded', de: 'Erstattet' },
      purchase_state: 'PURCHASE_REJECTED',
      rejection_reason: 'Leider nicht vorrätig.',
      rejected_by: 'pharmacy',
      payment: { state: 'released', amount_cents: 1586 },
    });
    expect(h.spy.calls.release.length - releases).toBe(1);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(stockBefore);
    expect(await walletBalance(h.db, customer.userId)).toBe(300);
    const usable = await createDraft(h.app, other.token, { coupon_code: code });
    expect(usable.body.coupon).toMatchObject({ ok: true, discount_cents: 500 });
    expect((await staffPost(h.app, staff, placed.body.id, 'accept')).body.code).toBe('INVALID_ORDER_TRANSITION');

    const seen = await call<{ status: string; rejection_reason: string }>(h.app, `/v1/user/orders/${placed.body.id}`, { token: customer.token });
    expect(seen.body).toMatchObject({ status: 'rejected', rejection_reason: 'Leider nicht vorrätig.' });
    const [mail] = await mailsTo(h.db, customer.email);
    expect(mail?.subject).toBe(`Ihre Bestellung ${placed.body.order_number} konnte nicht angenommen werden: volle Erstattung`);
    expect(mail?.text).toContain('Begründung der Apotheke: Leider nicht vorrätig.');
    expect(mail?.text).toContain('Die Reservierung von 15,86');
    expect(mail?.text).toContain('Das eingesetzte Guthaben von 3,00');
    expect(mail?.text).toContain(`Sie können Ihren Gutschein ${code} wieder einlösen.`);
  });

  it('a delivered referral order credits the referrer once', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const referrer = await newCustomer(h.app);
    const code = await ensureReferralCode(h.db, referrer.userId, { now: h.clock.now() });
    const { order } = await placedOrder({ [PLASTER]: 5 }, { coupon_code: code });
    expect(order.totals.coupon_discount_cents).toBe(1000);
    const staff = await pharmacistToken(h.app, DAILY);
    for (const action of ['accept', 'check', 'pack', 'pickup']) expect((await staffPost(h.app, staff, order.id, action)).status).toBe(200);
    expect(await walletBalance(h.db, referrer.userId)).toBe(0);
    expect((await staffPost(h.app, staff, order.id, 'deliver')).status).toBe(200);
    expect(await walletBalance(h.db, referrer.userId)).toBe(1000);
    expect((await staffPost(h.app, staff, order.id, 'deliver')).status).toBe(409);
    expect(await walletBalance(h.db, referrer.userId)).toBe(1000);
  });

  it('a failed capture changes nothing: the offer stays pending and can be accepted later', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const { order } = await placedOrder();
    const staff = await pharmacistToken(h.app, DAILY);
    h.spy.faults.captureUnavailable = true;
    try {
      const failed = await staffPost(h.app, staff, order.id, 'accept');
      expect(failed.status).toBe(503);
      expect(failed.body.code).toBe('PAYMENT_UNAVAILABLE');
    } finally {
      h.spy.faults.captureUnavailable = false;
    }
    expect((await staffGet(h.app, staff, `/${order.id}`)).body.status).toBe('pending');
    expect((await staffPost(h.app, staff, order.id, 'accept')).body.status).toBe('paid');
  });
});

describe("one customer never sees or changes another's orders, addresses or cards (404)", () => {
  it('answers 404 for every read and change', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const a = await placedOrder({ [PLASTER]: 1 });
    const b = await newCustomer(h.app);
    for (const path of [`/v1/user/orders/${a.order.id}`, `/v1/user/orders/${a.order.id}/status`, `/v1/user/orders/orderId/${a.order.order_number}`]) {
      const answer = await call(h.app, path, { token: b.token });
      expect(answer.status, path).toBe(404);
      expect(answer.body.code).toBe('ORDER_NOT_FOUND');
    }
    expect((await call(h.app, `/v2/user/orders/${a.order.id}`, { method: 'PUT', token: b.token, body: { meta: { sessionId: 's', irClickId: null, locale: 'en' } } })).status).toBe(404);
    expect((await place(h.app, b.token, a.order.id)).status).toBe(404);
    const list = await call<{ orders: { id: string }[] }>(h.app, '/v1/user/orders', { token: b.token });
    expect(list.body.orders).toEqual([]);

    const address = { street_address: 'Invalidenstraße', house_number: '11', room: null, postal_code: '10115', locality: 'Berlin', note: null };
    expect((await call(h.app, `/v1/user/shipping/${a.customer.addressId}`, { method: 'PUT', token: b.token, body: address })).status).toBe(404);
    expect((await call(h.app, `/v1/user/shipping/${a.customer.addressId}`, { method: 'DELETE', token: b.token })).status).toBe(404);

    const saved = await readyDraft(h.app, { [PLASTER]: 1 }, {}, a.customer);
    await place(h.app, a.customer.token, saved.draft.id, { payment: { ...VISA, save_card: true } });
    const [card] = await h.db.select().from(savedCards).where(eq(savedCards.userId, a.customer.userId));
    expect((await call(h.app, `/v1/user/cards/${card!.id}`, { method: 'DELETE', token: b.token })).status).toBe(404);

    // The owner still sees everything.
    const own = await call<{ orders: { id: string; status: string }[] }>(h.app, '/v1/user/orders', { token: a.customer.token });
    expect(own.body.orders.map((o) => o.id)).toContain(a.order.id);
    const byNumber = await call<{ id: string }>(h.app, `/v1/user/orders/orderId/${a.order.order_number.toLowerCase().replace('-', '')}`, { token: a.customer.token });
    expect(byNumber.body.id).toBe(a.order.id);
  });
});
