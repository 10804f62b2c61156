import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createRealtimeBus, type RealtimeEvent } from '../../src/platform/realtime';
import { LISTENER_APPLICATION_NAME } from '../../src/platform/realtime/pg-listener';
import type { TestDb } from '../api/support/test-db';
import { createPgTestDb } from './support';

/*
 * The LISTEN connection on PostgreSQL: events published from any connection reach this process's
 * subscribers, and when the connection drops it reconnects and delivers what was published meanwhile.
 */

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createPgTestDb();
}, 60_000);
afterAll(() => testDb?.close());

async function listenerPids(): Promise<number[]> {
  const result = await testDb.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`);
  return (result as unknown as { rows: { pid: number }[] }).rows.map((row) => row.pid);
}

describe('the PostgreSQL bus', () => {
  it('delivers through NOTIFY, once, and catches up after its connection was cut', async () => {
    const bus = createRealtimeBus({ databaseUrl: testDb.url });
    const publisher = createRealtimeBus({ databaseUrl: testDb.url });
    expect(bus.mode).toBe('postgres');
    const received: RealtimeEvent[] = [];
    const stop = await bus.subscribe('order:o1', (event) => received.push(event));

    // Published by another "process" (its own bus): only NOTIFY can bring it here.
    const first = await publisher.publish(testDb.db, 'order:o1', 'order.status', { order_id: 'o1', status: 'paid' });
    await vi.waitFor(() => expect(received.map((event) => event.id)).toEqual([first.id]));
    expect(received[0]).toEqual(first);

    const [before] = await listenerPids();
    expect(before).toBeDefined();
    const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await testDb.db.execute(sql`select pg_terminate_backend(${before!})`);
    // Published while nobody here is listening.
    const missed = await publisher.publish(testDb.db, 'order:o1', 'order.status', { order_id: 'o1', status: 'packed' });
    await vi.waitFor(() => expect(received.map((event) => event.id)).toEqual([first.id, missed.id]), { timeout: 10_000 });
    expect(warn.mock.calls.map(([line]) => String(line))).toEqual(expect.arrayContaining([expect.stringContaining('realtime LISTEN connection lost')]));
    warn.mockRestore();
    const after = await listenerPids();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);

    // Live again after the reconnect.
    const third = await publisher.publish(testDb.db, 'order:o1', 'order.status', { order_id: 'o1', status: 'in_transit' });
    await vi.waitFor(() => expect(received.map((event) => event.id)).toEqual([first.id, missed.id, third.id]));
    stop();
    await Promise.all([bus.close(), publisher.close()]);
    await vi.waitFor(async () => expect(await listenerPids()).toEqual([]));
  });
});
