import { describe, expect, it } from 'vitest';
import { realtimeBus, topicOf, type RealtimeEvent } from '../../../src/platform/realtime';
import { call } from '../support/shopper';
import { DAILY, mailsTo, MINUTE, newCustomer, staffGet, staffPost, type StaffOrder } from '../orders/harness';
import { bringBack, deliverySetup, packedOrder, useDeliveryApp } from './harness';

/*
 * "Nobody home" self-service (issue 12): after the courier brought the parcel back, the customer
 * chooses a new courier window or pickup at the counter on their order page; the pharmacy's board
 * sees the order ready for a courier again or waiting for pickup, both live.
 */

// Tuesday 2026-06-16 10:00 in Berlin (the harness's default): the fixture pharmacy is open 08:00–22:00.
const h = useDeliveryApp();

interface Slot {
  start: string;
  end: string;
  date: string;
  from: string;
  to: string;
}
interface Missed {
  order_id: string;
  state: 'none' | 'open' | 'courier' | 'pickup';
  missed_at: string | null;
  options: { slots: Slot[]; pickup: boolean } | null;
  slot: Slot | null;
  pickup_code: string | null;
  rebooked_at: string | null;
}
interface CustomerOrder {
  status: string;
  order_number: string;
  delivery: { option: string; method: string; timing: string | null; slot_start: string | null; slot_end: string | null };
}

const missed = (token: string, orderId: string) => call<Missed>(h.app, `/v1/user/orders/${orderId}/missed-delivery`, { token });
const choose = (token: string, orderId: string, body: unknown) => call<Missed & { code?: string }>(h.app, `/v1/user/orders/${orderId}/missed-delivery`, { token, body });
const orderOf = (token: string, orderId: string) => call<CustomerOrder>(h.app, `/v1/user/orders/${orderId}`, { token });

/** A courier order the courier brought back (nobody home); the customer, in `locale`. */
async function missedOrder(locale?: 'en' | 'de') {
  const { staff, couriers, rider } = await deliverySetup(h);
  const order = await packedOrder(h, staff, locale);
  await bringBack(h, staff, couriers[0]!.id, rider, order.orderId);
  return { ...order, staff, couriers, rider };
}

describe('nobody home: the customer chooses a new time or pickup', () => {
  it('offers today\'s and tomorrow\'s courier windows and pickup, only to the order\'s customer; the e-mail links to the choice', async () => {
    const { customer, orderId, orderNumber } = await missedOrder();
    const view = await missed(customer.token, orderId);
    expect(view.status).toBe(200);
    expect(view.body.state).toBe('open');
    expect(view.body.missed_at).toBe(h.clock.now().toISOString());
    expect(view.body.options?.pickup).toBe(true);
    const slots = view.body.options!.slots;
    // From now + the 60-minute lead, on the hour: 11:00 today is the first window; tomorrow's follow.
    expect(slots[0]).toMatchObject({ date: '2026-06-16', from: '11:00', to: '12:00' });
    expect(slots.some((slot) => slot.date === '2026-06-17')).toBe(true);

    const mail = (await mailsTo(h.db, customer.email)).find((m) => m.subject?.includes(orderNumber) && m.subject?.startsWith('We missed you'));
    expect(mail?.text).toContain(`/shop/orders/view/?id=${orderId}`);
    expect(mail?.text).toContain('choose a new delivery time');

    const stranger = await newCustomer(h.app);
    expect((await missed(stranger.token, orderId)).status).toBe(404);
    const refused = await choose(stranger.token, orderId, { method: 'pickup' });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('ORDER_NOT_FOUND');
    expect((await missed(customer.token, 'no-such-order')).status).toBe(404);
    expect((await call(h.app, `/v1/user/orders/${orderId}/missed-delivery`)).status).toBe(401);
  });

  it('a new courier window: the order stays packed with the new window, the board can hand it to a courier again, live and by e-mail', async () => {
    const { customer, orderId, orderNumber, staff, couriers } = await missedOrder();
    const slot = (await missed(customer.token, orderId)).body.options!.slots[2]!;

    const customerEvents: RealtimeEvent[] = [];
    const boardEvents: RealtimeEvent[] = [];
    const stopCustomer = await realtimeBus().subscribe(topicOf('order', orderId), (event) => void customerEvents.push(event));
    const stopBoard = await realtimeBus().subscribe(topicOf('pharmacy', DAILY), (event) => void boardEvents.push(event));
    try {
      const chosen = await choose(customer.token, orderId, { method: 'courier', slot_start: slot.start });
      expect(chosen.status).toBe(200);
      expect(chosen.body).toMatchObject({ state: 'courier', slot, pickup_code: null, options: null, rebooked_at: h.clock.now().toISOString() });
      // On PostgreSQL events arrive through NOTIFY, a moment after the answer.
      await expect.poll(() => customerEvents.filter((e) => e.type === 'order.status').length).toBe(1);
      await expect.poll(() => boardEvents.filter((e) => (e.data as { order_id: string }).order_id === orderId).length).toBe(1);
    } finally {
      stopCustomer();
      stopBoard();
    }
    expect(customerEvents[0]!.data).toEqual({ order_id: orderId, status: 'packed' });

    const order = await orderOf(customer.token, orderId);
    expect(order.body.status).toBe('packed');
    expect(order.body.delivery).toMatchObject({ option: 'later_today', method: 'courier', timing: 'slot', slot_start: slot.start, slot_end: slot.end });

    const board = await staffGet<StaffOrder>(h.app, staff, `/${orderId}`);
    expect(board.body.actions).toContain('pickup');
    expect(board.body.history.at(-1)).toMatchObject({ event: 'reschedule', actor: 'customer', from: 'packed', to: 'packed' });

    const mail = (await mailsTo(h.db, customer.email)).find((m) => m.subject === `New delivery time for your order ${orderNumber}`);
    expect(mail?.text).toContain(`${slot.from}–${slot.to}`);

    // Chosen once: a second choice is refused, and the view says what was chosen.
    const again = await choose(customer.token, orderId, { method: 'pickup' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DELIVERY_NOT_MISSED');
    expect((await missed(customer.token, orderId)).body.state).toBe('courier');

    // The pharmacy sends it out again: nothing to choose any more.
    expect((await staffPost(h.app, staff, orderId, 'handover', { courier_id: couriers[1]!.id })).body.status).toBe('in_transit');
    expect((await missed(customer.token, orderId)).body).toMatchObject({ state: 'none', options: null });
  });

  it('pickup: the order waits at the counter with its pickup code (German e-mail), and the pharmacy hands it over there', async () => {
    const { customer, orderId, orderNumber, staff } = await missedOrder('de');
    const chosen = await choose(customer.token, orderId, { method: 'pickup' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ state: 'pickup', pickup_code: orderNumber, slot: null });

    const order = await orderOf(customer.token, orderId);
    expect(order.body.status).toBe('packed');
    expect(order.body.delivery).toMatchObject({ option: 'pickup', method: 'pickup', slot_start: null });

    const board = await staffGet<StaffOrder>(h.app, staff, `/${orderId}`);
    expect(board.body.actions).toContain('deliver');
    expect(board.body.actions).not.toContain('pickup');

    const mail = (await mailsTo(h.db, customer.email)).find((m) => m.subject?.startsWith(`Ihre Bestellung ${orderNumber} liegt in der`));
    expect(mail?.text).toContain(`Ihr Abholcode: ${orderNumber}`);

    expect((await staffPost(h.app, staff, orderId, 'deliver')).body.status).toBe('delivered');
    expect((await missed(customer.token, orderId)).body.state).toBe('none');
  });

  it('refuses orders not brought back (409 DELIVERY_NOT_MISSED), windows no longer offered (409 DELIVERY_SLOT_UNAVAILABLE) and a courier choice without a window (400)', async () => {
    const { staff, couriers, other } = await deliverySetup(h);

    // Packed, never handed to a courier; then in transit.
    const fresh = await packedOrder(h, staff);
    expect((await missed(fresh.customer.token, fresh.orderId)).body).toMatchObject({ state: 'none', options: null, missed_at: null });
    const notYet = await choose(fresh.customer.token, fresh.orderId, { method: 'pickup' });
    expect(notYet.status).toBe(409);
    expect(notYet.body.code).toBe('DELIVERY_NOT_MISSED');
    await staffPost(h.app, staff, fresh.orderId, 'handover', { courier_id: couriers[0]!.id });
    expect((await choose(fresh.customer.token, fresh.orderId, { method: 'pickup' })).body.code).toBe('DELIVERY_NOT_MISSED');

    const back = await packedOrder(h, staff);
    await bringBack(h, staff, couriers[1]!.id, other, back.orderId);
    const first = (await missed(back.customer.token, back.orderId)).body.options!.slots[0]!;

    expect((await choose(back.customer.token, back.orderId, { method: 'courier' })).body.code).toBe('DELIVERY_TIME_REQUIRED');
    expect((await choose(back.customer.token, back.orderId, { method: 'courier' })).status).toBe(400);
    expect((await choose(back.customer.token, back.orderId, { method: 'drone' })).status).toBe(400);
    // Not one of the offered windows (half past), and a window whose lead time has passed meanwhile.
    const offGrid = await choose(back.customer.token, back.orderId, { method: 'courier', slot_start: new Date(new Date(first.start).getTime() + 30 * MINUTE).toISOString() });
    expect(offGrid.status).toBe(409);
    expect(offGrid.body.code).toBe('DELIVERY_SLOT_UNAVAILABLE');
    h.clock.advance(30 * MINUTE);
    try {
      const late = await choose(back.customer.token, back.orderId, { method: 'courier', slot_start: first.start });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('DELIVERY_SLOT_UNAVAILABLE');
      // Nothing was chosen: the customer can still pick another.
      const view = await missed(back.customer.token, back.orderId);
      expect(view.body.state).toBe('open');
      expect(view.body.options!.slots[0]!.start).not.toBe(first.start);
      expect((await staffGet<StaffOrder>(h.app, staff, `/${back.orderId}`)).body.history.map((e) => e.event)).not.toContain('reschedule');
    } finally {
      h.clock.advance(-30 * MINUTE);
    }
  });
});
