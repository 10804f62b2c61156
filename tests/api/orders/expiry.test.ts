import { afterEach, describe, expect, it } from 'vitest';
import { expireDueOrders, resolveOrdersDeps } from '../../../src/features/orders';
import { call } from '../support/shopper';
import { DAILY, mailsTo, MINUTE, OPEN, pharmacistToken, place, PLASTER, readyDraft, setStock, staffGet, stockOf, updateDraft, useOrdersApp, VISA, writtenFor, type StaffOrder } from './harness';

const h = useOrdersApp();
afterEach(() => h.clock.set(OPEN));

async function pendingOrder(quantity = 2) {
  const { customer, draft } = await readyDraft(h.app, { [PLASTER]: quantity });
  const placed = await place(h.app, customer.token, draft.id, { payment: VISA });
  expect(placed.status).toBe(200);
  return { customer, order: placed.body };
}

describe('orders nobody finished', () => {
  it('an offer the pharmacy does not answer in time is released: authorization voided, stock back, customer told (seen on the next read)', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, order } = await pendingOrder(3);
    expect(order.expires_at).toBe(new Date(new Date(OPEN).getTime() + 30 * MINUTE).toISOString());
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(37);

    h.clock.advance(29 * MINUTE);
    expect((await call<{ status: string }>(h.app, `/v1/user/orders/${order.id}/status`, { token: customer.token })).body.status).toBe('pending');

    const releases = h.spy.calls.release.length;
    h.clock.advance(2 * MINUTE);
    const status = await call<{ status: string; purchase_state: string }>(h.app, `/v1/user/orders/${order.id}/status`, { token: customer.token });
    expect(status.body).toMatchObject({ status: 'rejected', purchase_state: 'PURCHASE_REJECTED' });
    expect(h.spy.calls.release.length - releases).toBe(1);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(40);
    const written = await writtenFor(h.db, order.id);
    expect(written.order).toMatchObject({ rejectedBy: 'timeout', expiresAt: null });
    expect(written.payments[0]?.state).toBe('released');
    expect(written.events.map((event) => [event.event, event.actor])).toEqual([
      ['authorize', 'customer'],
      ['reject', 'system'],
    ]);
    const [mail] = await mailsTo(h.db, customer.email);
    expect(mail?.text).toContain('The pharmacy could not confirm your order in time.');
  });

  it('the pharmacy cannot accept an offer after its answer deadline: nothing is captured and the offer is released', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { order } = await pendingOrder(1);
    const staff = await pharmacistToken(h.app, DAILY);
    const captures = h.spy.calls.capture.length;

    // The deadline passes while the offer is open on the pharmacist's screen; no read or sweep runs in between.
    h.clock.advance(30 * MINUTE);
    const accepted = await call(h.app, `/v1/pharmacy/orders/${order.id}/accept`, { token: staff, body: {} });
    expect(accepted.status).toBe(409);
    expect(accepted.body.code).toBe('INVALID_ORDER_TRANSITION');
    expect(h.spy.calls.capture.length).toBe(captures);
    expect((await writtenFor(h.db, order.id)).payments[0]?.state).toBe('authorized');

    const seen = await staffGet(h.app, staff, `/${order.id}`);
    expect(seen.body).toMatchObject({ status: 'rejected', rejected_by: 'timeout', actions: [] });
    expect((await writtenFor(h.db, order.id)).payments[0]?.state).toBe('released');
  });

  it('the sweep releases lapsed offers and drafts; the pharmacy list never shows a lapsed offer', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { order } = await pendingOrder(1);
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    const staff = await pharmacistToken(h.app, DAILY);
    h.clock.advance(31 * MINUTE);
    const swept = await expireDueOrders({ db: h.db, clock: h.clock, locale: 'en', deps: resolveOrdersDeps(h.clock, { gateway: h.spy.gateway }) });
    expect(swept.drafts).toBeGreaterThanOrEqual(1);
    expect(swept.offers).toBeGreaterThanOrEqual(1);
    expect((await writtenFor(h.db, draft.id)).order.status).toBe('expired');
    expect((await writtenFor(h.db, order.id)).order.status).toBe('rejected');

    // Without a sweep, reading the pharmacy's list releases what lapsed first.
    const second = await pendingOrder(1);
    h.clock.advance(31 * MINUTE);
    const list = await staffGet<{ orders: StaffOrder[] }>(h.app, staff, '?status=pending');
    expect(list.body.orders.map((o) => o.id)).not.toContain(second.order.id);
    expect((await writtenFor(h.db, second.order.id)).order.status).toBe('rejected');
    const late = await updateDraft(h.app, customer.token, draft.id, { tip_cents: 100 });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('INVALID_ORDER_TRANSITION');
  });

  it('an unpaid draft cannot be placed once it lapsed', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    h.clock.advance(31 * MINUTE);
    const refused = await place(h.app, customer.token, draft.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVALID_ORDER_TRANSITION');
    const seen = await call<{ status: string; label: { en: string } }>(h.app, `/v1/user/orders/${draft.id}`, { token: customer.token });
    expect(seen.body).toMatchObject({ status: 'expired', label: { en: 'Cancelled' } });
  });

  it('when the provider is down the offer stays pending and is released by a later sweep', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 40 });
    const { customer, order } = await pendingOrder(1);
    h.clock.advance(31 * MINUTE);
    h.spy.faults.releaseUnavailable = true;
    try {
      const status = await call<{ status: string }>(h.app, `/v1/user/orders/${order.id}/status`, { token: customer.token });
      expect(status.body.status).toBe('pending');
    } finally {
      h.spy.faults.releaseUnavailable = false;
    }
    const status = await call<{ status: string }>(h.app, `/v1/user/orders/${order.id}/status`, { token: customer.token });
    expect(status.body.status).toBe('rejected');
  });
});
