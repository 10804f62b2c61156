import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../../src/platform/db/client';
import { createRealtimeBus, MAX_EVENT_DATA_BYTES, realtimeEvents, RealtimeEventTooLargeError, type RealtimeEvent } from '../../../src/platform/realtime';
import { eventBounds, eventsAfter } from '../../../src/platform/realtime/event-log';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openDb({ pgliteDir: 'memory://', databaseUrl: undefined });
  await handle.migrate();
}, 60_000);
afterAll(() => handle?.close());

describe('the in-memory bus (one process, PGlite)', () => {
  it('hands a published event to the topic\'s subscribers at once, with increasing ids, and keeps it for resuming', async () => {
    const bus = createRealtimeBus();
    expect(bus.mode).toBe('memory');
    const received: RealtimeEvent[] = [];
    const stop = await bus.subscribe('order:o1', (event) => received.push(event));
    const first = await bus.publish(handle.db, 'order:o1', 'order.status', { order_id: 'o1', status: 'paid' });
    const second = await bus.publish(handle.db, 'order:o1', 'order.status', { order_id: 'o1', status: 'packed' });
    await bus.publish(handle.db, 'order:o2', 'order.status', { order_id: 'o2', status: 'paid' });

    expect(received.map((event) => event.data.status)).toEqual(['paid', 'packed']);
    expect(received[0]).toEqual(first);
    expect(first).toMatchObject({ topic: 'order:o1', type: 'order.status', data: { order_id: 'o1', status: 'paid' } });
    expect(second.id).toBeGreaterThan(first.id);
    expect(new Date(first.at).toISOString()).toBe(first.at);
    expect((await eventsAfter(handle.db, 'order:o1', first.id, 10)).map((event) => event.id)).toEqual([second.id]);

    stop();
    await bus.publish(handle.db, 'order:o1', 'order.status', { order_id: 'o1', status: 'in_transit' });
    expect(received).toHaveLength(2);
    expect(bus.subscriptions()).toBe(0);
  });

  it('refuses what would not fit a notification, and stores nothing then', async () => {
    const bus = createRealtimeBus();
    const before = await eventBounds(handle.db);
    const tooBig = { note: 'x'.repeat(MAX_EVENT_DATA_BYTES) };
    await expect(bus.publish(handle.db, 'user:u1', 'profile.changed', tooBig)).rejects.toBeInstanceOf(RealtimeEventTooLargeError);
    await expect(bus.publish(handle.db, 'user:u1', 'Not A Type', {})).rejects.toBeInstanceOf(RangeError);
    expect(await eventBounds(handle.db)).toEqual(before);
  });

  it('reports the newest and oldest kept event for resuming', async () => {
    await handle.db.delete(realtimeEvents);
    expect(await eventBounds(handle.db)).toEqual({ newest: 0, oldest: null });
    const bus = createRealtimeBus();
    const a = await bus.publish(handle.db, 'user:u2', 'note', {});
    const b = await bus.publish(handle.db, 'user:u3', 'note', {});
    expect(await eventBounds(handle.db)).toEqual({ newest: b.id, oldest: a.id });
  });
});
