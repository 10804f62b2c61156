import { describe, expect, it } from 'vitest';
import { realtimeBus, topicOf, type RealtimeEvent } from '../../../src/platform/realtime';
import { call } from '../support/shopper';
import { mailsTo, newCustomer, pharmacistToken, staffPost } from '../orders/harness';
import { deliverySetup, packedOrder as packed, useDeliveryApp } from './harness';

/*
 * Courier deliveries (issue 12): the handover at the staff page, the courier's steps, positions
 * only for the courier's own running deliveries, and the customer's §7 delivery-coordinates only
 * while their order is in transit.
 */

const h = useDeliveryApp();
const setup = () => deliverySetup(h);
const packedOrder = (staff: string, locale?: 'en' | 'de') => packed(h, staff, locale);

const coordinates = (token: string, orderId: string) => call<{ courier: { lat: number; lng: number; at: string } | null; pharmacy: { lat: number }; destination: { lat: number; lng: number }; path: unknown[] }>(h.app, `/v1/user/orders/${orderId}/delivery-coordinates`, { token });
const position = (token: string, orderId: string, body: unknown) => call(h.app, `/v1/courier/deliveries/${orderId}/positions`, { token, body });

describe('courier deliveries', () => {
  it('staff see the couriers of their city only, and hand a packed order to one: in transit, in the courier app', async () => {
    const { staff, couriers, rider, other } = await setup();
    expect(couriers.map((c) => c.name)).toEqual(['Demo-Bote Berlin 1', 'Demo-Bote Berlin 2']);
    const { orderId } = await packedOrder(staff);

    const hamburg = await call<{ couriers: { id: string }[] }>(h.app, '/v1/pharmacy/couriers', { token: await pharmacistToken(h.app, 'apotheke-hafen') });
    expect((await staffPost(h.app, staff, orderId, 'handover', { courier_id: hamburg.body.couriers[0]!.id })).body.code).toBe('COURIER_NOT_AVAILABLE');
    const handed = await staffPost(h.app, staff, orderId, 'handover', { courier_id: couriers[0]!.id });
    expect(handed.status).toBe(200);
    expect(handed.body.status).toBe('in_transit');
    expect((await staffPost(h.app, staff, orderId, 'handover', { courier_id: couriers[0]!.id })).status).toBe(409);

    const mine = await call<{ deliveries: { order_id: string; state: string; destination: { lat: number } }[] }>(h.app, '/v1/courier/deliveries', { token: rider });
    expect(mine.body.deliveries.map((d) => [d.order_id, d.state])).toEqual([[orderId, 'assigned']]);
    const theirs = await call<{ deliveries: unknown[] }>(h.app, '/v1/courier/deliveries', { token: other });
    expect(theirs.body.deliveries).toEqual([]);
    // Customers and staff are not couriers.
    expect((await call(h.app, '/v1/courier/deliveries', { token: staff })).status).toBe(403);
  });

  it('positions: only the courier\'s own running delivery (404 otherwise), bad coordinates 400; the customer sees them live and through delivery-coordinates', async () => {
    const { staff, couriers, rider, other } = await setup();
    const { customer, orderId } = await packedOrder(staff);
    // Not in transit yet: nothing to show.
    expect((await coordinates(customer.token, orderId)).status).toBe(404);
    await staffPost(h.app, staff, orderId, 'handover', { courier_id: couriers[0]!.id });

    // Handed over, not started: no positions yet, coordinates without a courier.
    expect((await position(rider, orderId, { lat: 52.53, lng: 13.4 })).status).toBe(404);
    const waiting = await coordinates(customer.token, orderId);
    expect(waiting.status).toBe(200);
    expect(waiting.body.courier).toBeNull();

    expect((await call(h.app, `/v1/courier/deliveries/${orderId}/start`, { token: other, body: {} })).status).toBe(404);
    expect((await call(h.app, `/v1/courier/deliveries/${orderId}/start`, { token: rider, body: {} })).status).toBe(200);

    for (const bad of [{ lat: 91, lng: 13 }, { lat: 52, lng: -181 }, { lat: '52', lng: 13 }, { lat: 52 }, {}]) {
      const refused = await position(rider, orderId, bad);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('INVALID_COORDINATES');
    }
    // Another courier, another order, an unknown id: it does not exist for them.
    expect((await position(other, orderId, { lat: 52.53, lng: 13.4 })).status).toBe(404);
    expect((await position(rider, 'no-such-order', { lat: 52.53, lng: 13.4 })).status).toBe(404);
    expect((await position(customer.token, orderId, { lat: 52.53, lng: 13.4 })).status).toBe(403);

    const received: RealtimeEvent[] = [];
    const stop = await realtimeBus().subscribe(topicOf('order', orderId), (event) => void received.push(event));
    try {
      expect((await position(rider, orderId, { lat: 52.531, lng: 13.401 })).status).toBe(200);
      h.clock.advance(5_000);
      expect((await position(rider, orderId, { lat: 52.532, lng: 13.402, accuracy: 8 })).status).toBe(200);
      // On PostgreSQL events arrive through NOTIFY, a moment after the answer.
      await expect.poll(() => received.filter((e) => e.type === 'delivery.position').length).toBe(2);
    } finally {
      stop();
    }
    expect(received.filter((e) => e.type === 'delivery.position').map((e) => e.data)).toEqual([
      expect.objectContaining({ order_id: orderId, lat: 52.531, lng: 13.401 }),
      expect.objectContaining({ order_id: orderId, lat: 52.532, lng: 13.402 }),
    ]);

    const live = await coordinates(customer.token, orderId);
    expect(live.status).toBe(200);
    expect(live.body.courier).toEqual({ lat: 52.532, lng: 13.402, at: h.clock.now().toISOString() });
    expect(live.body.path).toHaveLength(2);
    expect(live.body.destination.lat).toBeGreaterThan(52);

    // Another customer: the order does not exist for them.
    const stranger = await newCustomer(h.app);
    expect((await coordinates(stranger.token, orderId)).status).toBe(404);

    // Delivered (to a neighbour is not an option), then positions and coordinates end.
    expect((await call(h.app, `/v1/courier/deliveries/${orderId}/delivered`, { token: rider, body: { received_by: 'neighbour' } })).status).toBe(400);
    expect((await call(h.app, `/v1/courier/deliveries/${orderId}/delivered`, { token: other, body: { received_by: 'customer' } })).status).toBe(404);
    expect((await call(h.app, `/v1/courier/deliveries/${orderId}/delivered`, { token: rider, body: { received_by: 'adult_at_address' } })).status).toBe(200);
    expect((await position(rider, orderId, { lat: 52.533, lng: 13.403 })).status).toBe(404);
    expect((await coordinates(customer.token, orderId)).status).toBe(404);
    const order = await call<{ status: string; history: { event: string; actor: string }[] }>(h.app, `/v1/user/orders/${orderId}`, { token: customer.token });
    expect(order.body.status).toBe('delivered');
  });

  it('nobody home: the order is back at the pharmacy (packed), the customer is told in their language, and it can go out again', async () => {
    const { staff, couriers, rider } = await setup();
    const { customer, orderId } = await packedOrder(staff, 'de');
    await staffPost(h.app, staff, orderId, 'handover', { courier_id: couriers[0]!.id });
    // Not started: nothing to bring back yet.
    expect((await call(h.app, `/v1/courier/deliveries/${orderId}/nobody-home`, { token: rider, body: {} })).status).toBe(404);
    await call(h.app, `/v1/courier/deliveries/${orderId}/start`, { token: rider, body: {} });
    await position(rider, orderId, { lat: 52.531, lng: 13.401 });
    expect((await call(h.app, `/v1/courier/deliveries/${orderId}/nobody-home`, { token: rider, body: {} })).status).toBe(200);

    const order = await call<{ status: string; picked_up_at: string | null }>(h.app, `/v1/user/orders/${orderId}`, { token: customer.token });
    expect(order.body.status).toBe('packed');
    expect(order.body.picked_up_at).not.toBeNull();
    expect((await coordinates(customer.token, orderId)).status).toBe(404);
    const mails = await mailsTo(h.db, customer.email);
    expect(mails.map((m) => m.subject)).toContain(`Wir haben Sie nicht angetroffen: Ihre Bestellung ${(await call<{ order_number: string }>(h.app, `/v1/user/orders/${orderId}`, { token: customer.token })).body.order_number} ist zurück in der Apotheke`);
    const left = await call<{ deliveries: { order_id: string }[] }>(h.app, '/v1/courier/deliveries', { token: rider });
    expect(left.body.deliveries.map((d) => d.order_id)).not.toContain(orderId);

    // A second try with the other courier.
    expect((await staffPost(h.app, staff, orderId, 'handover', { courier_id: couriers[1]!.id })).body.status).toBe('in_transit');
  });
});
