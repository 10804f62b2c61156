import { describe, expect, it, vi } from 'vitest';
import { MAX_EVENT_DATA_BYTES, RealtimeEventTooLargeError, realtimeEvents } from '../../../src/platform/realtime';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { call } from '../support/shopper';
import { DAILY, newCustomer, pharmacistToken, staffPost } from '../orders/harness';
import { getStream, placedOrder, requestTicket, subscribe, ticketFor, useRealtimeApp } from './harness';

const HEARTBEAT_MS = 40;
const h = useRealtimeApp({ maxStreamsPerUser: 2, heartbeatMs: HEARTBEAT_MS });

type Message = { id: number; topic: string; type: string; data: { order_id: string; status: string }; at: string };
const parse = (data: string) => JSON.parse(data) as Message;

/** A placed order its customer followed until the pharmacy accepted it, then closed the stream (a tab that went away). */
async function followedUntilAccepted() {
  const { customer, order } = await placedOrder(h.app);
  const topic = `order:${order.id}`;
  const staff = await pharmacistToken(h.app, DAILY);
  const first = await subscribe(h.app, customer.token, topic);
  await staffPost(h.app, staff, order.id, 'accept');
  const seen = await first.reader.nextEvent();
  await first.reader.close();
  return { customer, order, topic, staff, seen };
}

describe('GET /api/v1/realtime/stream', () => {
  it("delivers an order's status changes live: ready first, then each change with its event id", async () => {
    const { customer, order } = await placedOrder(h.app);
    const topic = `order:${order.id}`;
    const stream = await subscribe(h.app, customer.token, topic);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // no-transform: the shop server's compression must not buffer the stream.
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.ready.data).toEqual({ topic, resumed: false });

    const staff = await pharmacistToken(h.app, DAILY);
    expect((await staffPost(h.app, staff, order.id, 'accept')).status).toBe(200);
    const accepted = await stream.reader.nextEvent();
    const event = parse(accepted.data);
    expect(event).toMatchObject({ topic, type: 'order.status', data: { order_id: order.id, status: 'paid' } });
    expect(accepted.id).toBe(String(event.id));
    expect(event.id).toBeGreaterThan(Number(stream.ready.id));

    // The check keeps the status: the customer's stream hears nothing of it.
    expect((await staffPost(h.app, staff, order.id, 'check')).status).toBe(200);
    expect((await staffPost(h.app, staff, order.id, 'pack')).status).toBe(200);
    const packed = parse((await stream.reader.nextEvent()).data);
    expect(packed.data.status).toBe('packed');
    expect(packed.id).toBeGreaterThan(event.id);
    await stream.reader.close();
  });

  it("tells the customer's order page and the pharmacy's board of a change together: one stored event each, in that order", async () => {
    const { customer, order } = await placedOrder(h.app);
    const staff = await pharmacistToken(h.app, DAILY);
    const customerStream = await subscribe(h.app, customer.token, `order:${order.id}`);
    const board = await subscribe(h.app, staff, `pharmacy:${DAILY}`);
    expect((await staffPost(h.app, staff, order.id, 'accept')).status).toBe(200);
    const forCustomer = parse((await customerStream.reader.nextEvent()).data);
    const forBoard = parse((await board.reader.nextEvent()).data);
    expect(forCustomer).toMatchObject({ topic: `order:${order.id}`, type: 'order.status', data: { order_id: order.id, status: 'paid' } });
    expect(forBoard).toMatchObject({ topic: `pharmacy:${DAILY}`, type: 'pharmacy.order', data: { order_id: order.id, status: 'paid' } });
    // Stored by one statement: consecutive ids, the customer's first.
    expect(forBoard.id).toBe(forCustomer.id + 1);
    await customerStream.reader.close();
    await board.reader.close();
  });

  it('stores none of several events when one of them is too large to announce', async () => {
    const before = await h.db.select().from(realtimeEvents);
    await expect(
      h.bus.publishAll(h.db, [
        { topic: 'order:00000000-0000-4000-8000-000000000001', type: 'order.status', data: { status: 'paid' } },
        { topic: 'pharmacy:daily', type: 'pharmacy.order', data: { note: 'x'.repeat(MAX_EVENT_DATA_BYTES) } },
      ]),
    ).rejects.toBeInstanceOf(RealtimeEventTooLargeError);
    expect(await h.db.select().from(realtimeEvents)).toHaveLength(before.length);
  });

  it('never sends a topic’s events to subscribers of another', async () => {
    const first = await placedOrder(h.app);
    const second = await placedOrder(h.app);
    const stream = await subscribe(h.app, first.customer.token, `order:${first.order.id}`);
    const staff = await pharmacistToken(h.app, DAILY);
    await staffPost(h.app, staff, second.order.id, 'accept');
    await staffPost(h.app, staff, first.order.id, 'accept');
    const received = parse((await stream.reader.nextEvent()).data);
    expect(received.data.order_id).toBe(first.order.id);
    await stream.reader.close();
  });

  it('opens one stream per ticket: a used, unknown, expired or logged-out ticket is refused (401)', async () => {
    const customer = await newCustomer(h.app);
    const topic = `user:${customer.userId}`;
    const { stream_url } = await ticketFor(h.app, customer.token, topic);
    const first = await getStream(h.app, stream_url);
    expect(first.status).toBe(200);
    const again = await getStream(h.app, stream_url);
    expect(again.status).toBe(401);
    expect((await again.json()).code).toBe('UNAUTHORIZED');
    await first.body?.cancel();

    expect((await getStream(h.app, '/api/v1/realtime/stream?ticket=not-a-ticket')).status).toBe(401);
    expect((await getStream(h.app, '/api/v1/realtime/stream')).status).toBe(400);

    const late = await ticketFor(h.app, customer.token, topic);
    h.clock.advance(61_000);
    expect((await getStream(h.app, late.stream_url)).status).toBe(401);

    const loggedOut = await ticketFor(h.app, customer.token, topic);
    expect((await call(h.app, '/v1/user/logout', { token: customer.token, method: 'POST' })).status).toBe(200);
    expect((await getStream(h.app, loggedOut.stream_url)).status).toBe(401);
  });

  it('resumes after a reconnect: what was missed since the last event id comes first, then ready (resumed)', async () => {
    const { customer, order, topic, staff, seen } = await followedUntilAccepted();

    // Offline meanwhile: packed and handed to the courier.
    await staffPost(h.app, staff, order.id, 'check');
    await staffPost(h.app, staff, order.id, 'pack');
    await staffPost(h.app, staff, order.id, 'pickup');

    for (const header of [false, true]) {
      const resumed = await subscribe(h.app, customer.token, topic, { lastEventId: Number(seen.id), header });
      expect(resumed.replayed.map((event) => (event.data as Message).data.status)).toEqual(['packed', 'in_transit']);
      expect(resumed.ready.data.resumed).toBe(true);
      expect(Number(resumed.ready.id)).toBeGreaterThanOrEqual(Number(resumed.replayed[1]!.id));
      await resumed.reader.close();
    }

    // Resuming from the newest id replays nothing and is complete.
    const fresh = await subscribe(h.app, customer.token, topic);
    await fresh.reader.close();
    const current = await subscribe(h.app, customer.token, topic, { lastEventId: Number(fresh.ready.id) });
    expect(current.replayed).toEqual([]);
    expect(current.ready.data.resumed).toBe(true);
    await current.reader.close();
  });

  it('asks the client to re-read the state when the gap can no longer be replayed', async () => {
    const { customer, order, topic, staff, seen } = await followedUntilAccepted();
    await staffPost(h.app, staff, order.id, 'check');
    await staffPost(h.app, staff, order.id, 'pack');
    // The retention ran out meanwhile: every event so far is pruned.
    await h.db.delete(realtimeEvents);

    const stale = await subscribe(h.app, customer.token, topic, { lastEventId: Number(seen.id) });
    expect(stale.replayed).toEqual([]);
    expect(stale.ready.data.resumed).toBe(false);
    await stale.reader.close();
  });

  it('caps open streams per user (429 STREAM_LIMIT_REACHED); a closed stream frees its place', async () => {
    const customer = await newCustomer(h.app);
    const topic = `user:${customer.userId}`;
    const spare = await ticketFor(h.app, customer.token, topic);
    const one = await subscribe(h.app, customer.token, topic);
    const two = await subscribe(h.app, customer.token, topic);

    const refusedTicket = await requestTicket(h.app, customer.token, topic, 'de');
    expect(refusedTicket.status).toBe(429);
    expect(refusedTicket.body).toEqual({ code: 'STREAM_LIMIT_REACHED', message: errorMessages.de.STREAM_LIMIT_REACHED });
    // A ticket bought before the limit was reached still meets it when the stream opens.
    const refusedStream = await getStream(h.app, spare.stream_url);
    expect(refusedStream.status).toBe(429);
    expect((await refusedStream.json()).code).toBe('STREAM_LIMIT_REACHED');
    // Another user is not affected.
    const other = await newCustomer(h.app);
    const theirs = await subscribe(h.app, other.token, `user:${other.userId}`);

    await one.reader.close();
    await vi.waitFor(() => expect(h.bus.subscriptions(topic as `user:${string}`)).toBe(1));
    const three = await subscribe(h.app, customer.token, topic);
    expect(three.ready.data.topic).toBe(topic);
    await Promise.all([two.reader.close(), three.reader.close(), theirs.reader.close()]);
    await vi.waitFor(() => expect(h.bus.subscriptions()).toBe(0));
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const customer = await newCustomer(h.app);
    const stream = await subscribe(h.app, customer.token, `user:${customer.userId}`);
    const item = await stream.reader.next();
    expect(item).toEqual({ kind: 'comment', text: 'keep-alive' });
    await stream.reader.close();
  });
});

