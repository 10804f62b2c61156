import { beforeAll, describe, expect, it } from 'vitest';
import { resolveOrdersDeps, type OrdersContext } from '../../../src/features/orders/server/deps';
import { prefetchQuote, buildQuote } from '../../../src/features/orders/server/quote';
import { findOrder } from '../../../src/features/orders/server/repo';
import { cartLines } from '../../../src/features/cart';
import { withTransaction } from '../../../src/platform/db';
import { DAILY, PLASTER, VITAMIN, fillCart, setStock, readyDraft, updateDraft, useOrdersApp } from './harness';

/*
 * The placement reads the quote's rows before its transaction (QuotePrefetch) and trusts them only
 * while they are still what the locked order and the cart point to. A customer who changes the
 * cart, the address or the pharmacy in another tab between that read and the lock must get the
 * quote of what they have now, never the one of a moment before.
 */
describe('placement quote read ahead of its transaction', () => {
  const h = useOrdersApp();
  beforeAll(() => setStock(h.db, DAILY, { [PLASTER]: 50, [VITAMIN]: 50 }));
  const context = (): OrdersContext => ({ db: h.db, clock: h.clock, locale: 'en', deps: resolveOrdersDeps(h.clock, { env: { ...process.env, APOBOTE_MODE: 'demo' } }) });

  async function readAhead(userId: string, orderId: string) {
    const order = await findOrder(h.db, orderId, { userId });
    if (!order) throw new Error('draft not found');
    return prefetchQuote(h.db, order, await cartLines(h.db, userId));
  }

  const quoteUnderLock = (userId: string, orderId: string, prefetched: Awaited<ReturnType<typeof readAhead>>) =>
    withTransaction(h.db, async (tx) => {
      const order = await findOrder(tx, orderId, { userId }, { lock: true });
      return buildQuote(tx, context(), order!, null, 'placement', undefined, prefetched);
    });

  it('a line added after the read is quoted at its catalogue price, not left out', async () => {
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 2 });
    const ahead = await readAhead(customer.userId, draft.id);
    await fillCart(h.app, customer.token, { [VITAMIN]: 1 });

    const quote = await quoteUnderLock(customer.userId, draft.id, ahead);
    expect(quote.issues).toEqual([]);
    expect(quote.lines.map((line) => [line.pzn, line.quantity])).toEqual([
      [PLASTER, 2],
      [VITAMIN, 1],
    ]);
    expect(quote.totals.subtotalCents).toBe(3 * 499);
  });

  it('an address chosen after the read is the one quoted', async () => {
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    const ahead = await readAhead(customer.userId, draft.id);
    // A second address of this customer, written through the API as another tab would.
    const added = await fetchAddress(customer.token, { street_address: 'Chausseestraße', house_number: '5', room: null, postal_code: '10115', locality: 'Berlin', note: null });
    expect((await updateDraft(h.app, customer.token, draft.id, { shipping_address_id: added })).status).toBe(200);

    const quote = await quoteUnderLock(customer.userId, draft.id, ahead);
    expect(quote.shipping?.id).toBe(added);
    expect(quote.shipping?.street_address).toBe('Chausseestraße');
  });

  it('credit asked for after the read is checked against the balance under the lock', async () => {
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    const ahead = await readAhead(customer.userId, draft.id);
    // Read ahead, the order asked for no credit; now it asks for some the customer does not have.
    expect((await updateDraft(h.app, customer.token, draft.id, { wallet_cents: 100 })).status).toBe(200);

    const quote = await quoteUnderLock(customer.userId, draft.id, { ...ahead, walletBalanceCents: 10_000 });
    expect(quote.issues.map((issue) => issue.code)).toContain('WALLET_INSUFFICIENT');
  });

  async function fetchAddress(token: string, body: Record<string, unknown>): Promise<string> {
    const response = await h.app.request('/api/v1/user/shipping/', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }
});
