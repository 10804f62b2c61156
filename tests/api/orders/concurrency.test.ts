import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orderLines, orders, payments } from '../../../src/features/orders/server/schema';
import { stock } from '../../../src/features/pharmacies/server/schema';
import { COMPLETE, createDraft, DAILY, fillCart, newCustomer, place, setStock, useOrdersApp, VISA, VITAMIN } from './harness';

const h = useOrdersApp();
const CUSTOMERS = 50;
const IN_STOCK = 5;

describe('stock under concurrency', () => {
  it('50 customers ordering the last 5 units at once: exactly 5 orders, stock 0 and never below, the 45 others told it sold out with nothing written', async () => {
    await setStock(h.db, DAILY, { [VITAMIN]: CUSTOMERS });
    const drafts: { token: string; id: string }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await newCustomer(h.app);
      await fillCart(h.app, customer.token, { [VITAMIN]: 1 });
      const draft = await createDraft(h.app, customer.token, COMPLETE);
      expect(draft.status).toBe(201);
      drafts.push({ token: customer.token, id: draft.body.id });
    }
    // The carts were filled while plenty was in stock; now only five are left.
    await setStock(h.db, DAILY, { [VITAMIN]: IN_STOCK });
    const authorizationsBefore = h.spy.calls.authorize.length;
    const releasesBefore = h.spy.calls.release.length;

    // A watcher samples the stock row while the orders race (on PostgreSQL they run side by side).
    const seen: number[] = [];
    let racing = true;
    const watcher = (async () => {
      while (racing) {
        const [sample] = await h.db.select({ quantity: stock.quantity }).from(stock).where(eq(stock.pzn, VITAMIN));
        seen.push(sample!.quantity);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const results = await Promise.all(drafts.map((draft) => place(h.app, draft.token, draft.id, { payment: VISA })));
    racing = false;
    await watcher;
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);

    const placed = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status !== 200);
    expect(placed).toHaveLength(IN_STOCK);
    expect(refused).toHaveLength(CUSTOMERS - IN_STOCK);
    for (const result of refused) {
      expect(result.status).toBe(409);
      expect(result.body.code).toBe('SOLD_OUT');
      expect(result.body.message).toBe('Product sold out or stock insufficient (items removed from the cart).');
    }

    const [row] = await h.db.select({ quantity: stock.quantity }).from(stock).where(eq(stock.pzn, VITAMIN));
    expect(row?.quantity).toBe(0);

    const ids = drafts.map((draft) => draft.id);
    const statuses = await h.db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids));
    expect(statuses.filter((order) => order.status === 'pending')).toHaveLength(IN_STOCK);
    expect(statuses.filter((order) => order.status === 'awaiting_payment')).toHaveLength(CUSTOMERS - IN_STOCK);
    // One payment row and history entry per successful order, none for the others; every customer's
    // hold was made at the provider before placing, and those of the refused orders were voided.
    expect(await h.db.select().from(payments).where(inArray(payments.orderId, ids))).toHaveLength(IN_STOCK);
    expect(await h.db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids))).toHaveLength(IN_STOCK);
    expect(await h.db.select().from(orderLines).where(inArray(orderLines.orderId, ids))).toHaveLength(IN_STOCK);
    expect(h.spy.calls.authorize.length - authorizationsBefore).toBe(CUSTOMERS);
    expect(h.spy.calls.release.length - releasesBefore).toBe(CUSTOMERS - IN_STOCK);
    const kept = new Set((await h.db.select({ id: payments.authorizationId }).from(payments).where(inArray(payments.orderId, ids))).map((row) => row.id));
    expect(h.spy.calls.release.slice(releasesBefore).filter((id) => kept.has(id))).toEqual([]);
  }, 120_000);
});
