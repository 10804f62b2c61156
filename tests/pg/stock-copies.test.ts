import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOW_STOCK_THRESHOLD, stock } from '../../src/features/pharmacies';
import { openDb, type DbHandle } from '../../src/platform/db/client';
import { COMMIT_LISTENER_APPLICATION_NAME } from '../../src/platform/db/commit-listener-pg';
import type { TestDb } from '../api/support/test-db';
import { getJson, testApi } from '../api/support/api';
import { PHARMACY, seedPharmacies } from '../api/support/fixtures';
import { createPgTestDb } from './support';

/*
 * Each process keeps pharmacies' stock in memory on PostgreSQL too. Here "this process" answers
 * availability and "another process" (its own pool) changes stock: every answer after a change
 * has committed shows it, at once, also while and after this process's listening session is cut.
 */

type Items = { items: { pzn: string; status: string; quantity?: number }[] };
const PZN = '10019621';

let testDb: TestDb;
let other: DbHandle;
beforeAll(async () => {
  testDb = await createPgTestDb();
  other = await openDb({ databaseUrl: testDb.url });
  await seedPharmacies(testDb.db);
  await testDb.db.insert(stock).values({ pharmacyId: PHARMACY.daily, pzn: PZN, quantity: 50 });
}, 60_000);
afterAll(async () => {
  await other?.close();
  await testDb?.close();
});

const setElsewhere = (quantity: number) =>
  other.db.update(stock).set({ quantity }).where(and(eq(stock.pharmacyId, PHARMACY.daily), eq(stock.pzn, PZN)));

async function listenerPids(): Promise<number[]> {
  const result = await testDb.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${COMMIT_LISTENER_APPLICATION_NAME}`);
  return (result as unknown as { rows: { pid: number }[] }).rows.map((row) => row.pid);
}

describe('availability from stock kept in memory, on PostgreSQL', () => {
  it('shows a change another process committed at once, also after its listening session was cut', async () => {
    const app = testApi(testDb);
    const item = async () => (await getJson<Items>(app, `/api/shop/v1/pharmacies/${PHARMACY.daily}/availability?pzn=${PZN}`)).body.items[0];

    expect(await item()).toEqual({ pzn: PZN, status: 'in_stock' });
    await setElsewhere(2);
    expect(await item()).toEqual({ pzn: PZN, status: 'low', quantity: 2 });
    await setElsewhere(0);
    expect(await item()).toEqual({ pzn: PZN, status: 'sold_out' });

    // One listening session for this process (the other process never asked for availability).
    const [listening] = await listenerPids();
    expect(listening).toBeDefined();
    const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await testDb.db.execute(sql`select pg_terminate_backend(${listening!})`);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(String(warn.mock.calls[0]![0])).toContain('commit LISTEN connection lost');
    warn.mockRestore();
    // Changed while nobody here listened.
    await setElsewhere(LOW_STOCK_THRESHOLD + 1);
    expect(await item()).toEqual({ pzn: PZN, status: 'in_stock' });

    // Listening again, on a new session, and told of the next change.
    const after = await listenerPids();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(listening);
    await setElsewhere(1);
    expect(await item()).toEqual({ pzn: PZN, status: 'low', quantity: 1 });
  });
});
