import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditWallet, walletBalance } from '../../../src/features/wallet';
import { withTransaction } from '../../../src/platform/db';
import { call } from '../support/shopper';
import {
  COMPLETE,
  createDraft,
  DAILY,
  fillCart,
  pharmacistToken,
  place,
  PLASTER,
  readyDraft,
  setStock,
  staffPost,
  stockOf,
  useOrdersApp,
  VISA,
  writtenFor,
  type App,
} from './harness';

const h = useOrdersApp();

/** The rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = async <T>(query: SQL): Promise<T[]> => ((await h.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every row of every table, as text: where a personal detail could hide. */
async function everyTableAsText(): Promise<Map<string, string>> {
  const tables = await rowsOf<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const contents = new Map<string, string>();
  for (const { table_name: table } of tables) contents.set(table, JSON.stringify(await rowsOf(sql.raw(`select * from "${table}"`))).toLowerCase());
  return contents;
}

async function tablesContaining(needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [table, text] of await everyTableAsText()) {
    for (const needle of needles) if (text.includes(needle.toLowerCase())) found.push(`${table}: ${needle}`);
  }
  return found;
}

/** A customer whose every personal detail is a string found nowhere else in the database. */
async function distinctiveCustomer(app: App) {
  const email = `wilhelmina.quastenberg.${Date.now().toString(36)}@example.de`;
  const password = 'correct-horse-battery';
  const registered = await call<{ token: string; user: { id: string } }>(app, '/v1/user/register', {
    body: { firstName: 'Wilhelmina', lastName: 'Quastenberg', email, birthDate: '1987-03-14', password, confirmPassword: password },
  });
  expect(registered.status).toBe(201);
  const token = registered.body.token;
  expect((await call(app, '/v1/user', { method: 'PUT', token, body: { phone: '0151 98765432' } })).status).toBe(200);
  const shipping = await call<{ id: string }>(app, '/v1/user/shipping/', {
    token,
    body: { street_address: 'Zwetschgenweg', house_number: '47 Z', room: 'Quergebäude links', postal_code: '10115', locality: 'Berlin', note: 'Bei Quastenberg klingeln' },
  });
  const billing = await call<{ id: string }>(app, '/v1/user/billing/', {
    token,
    body: { street_address: 'Pflaumenallee', house_number: '3 Y', room: null, postal_code: '10117', locality: 'Berlin', note: null },
  });
  expect([shipping.status, billing.status]).toEqual([201, 201]);
  const identifying = ['Wilhelmina', 'Quastenberg', email, '1987-03-14', '15198765432', 'Zwetschgenweg', '47 Z', 'Quergebäude', 'Pflaumenallee', '3 Y'];
  return { token, email, userId: registered.body.user.id, shippingId: shipping.body.id, billingId: billing.body.id, identifying };
}

describe('account deletion (GDPR Art. 17)', () => {
  it('withdraws the open offer, removes drafts and keeps accepted orders for the books without anything personal', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 10 });
    const staff = await pharmacistToken(h.app, DAILY);
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    expect((await place(h.app, customer.token, draft.id)).status).toBe(200);
    for (const step of ['accept', 'check', 'pack', 'pickup', 'deliver']) expect((await staffPost(h.app, staff, draft.id, step)).status).toBe(200);
    const offer = await readyDraft(h.app, { [PLASTER]: 2 }, {}, customer);
    const offered = await place(h.app, customer.token, offer.draft.id);
    expect(offered.status).toBe(200);
    const unplaced = await readyDraft(h.app, { [PLASTER]: 1 }, {}, customer);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(7);
    const releases = h.spy.calls.release.length;

    expect((await call(h.app, '/v1/user', { method: 'DELETE', token: customer.token })).status).toBe(200);

    const delivered = await writtenFor(h.db, draft.id);
    expect(delivered.order).toMatchObject({ status: 'delivered', phone: null, safety: null, shippingAddress: null, meta: { sessionId: '', irClickId: null, locale: 'en' } });
    expect(delivered.order.totalCents).toBeGreaterThan(0);
    expect(delivered.lines).toHaveLength(1);

    // The offer nobody had accepted yet is withdrawn: reservation released, stock back, and the pharmacy can no longer take it.
    const withdrawn = await writtenFor(h.db, offer.draft.id);
    expect(withdrawn.order).toMatchObject({ status: 'cancelled', phone: null, shippingAddress: null });
    expect(withdrawn.payments[0]?.state).toBe('released');
    expect(h.spy.calls.release.length - releases).toBe(1);
    expect(withdrawn.events.map((event) => [event.event, event.actor])).toEqual([
      ['authorize', 'customer'],
      ['cancel', 'customer'],
    ]);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(9);
    const captures = h.spy.calls.capture.length;
    expect((await staffPost(h.app, staff, offer.draft.id, 'accept')).status).toBe(409);
    expect(h.spy.calls.capture.length).toBe(captures);

    await expect(writtenFor(h.db, unplaced.draft.id)).resolves.toMatchObject({ order: undefined });
  });

  it('leaves no identifying string in any table; an order on its way keeps its address only until it arrives', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const staff = await pharmacistToken(h.app, DAILY);
    const who = await distinctiveCustomer(h.app);
    await withTransaction(h.db, (tx) => creditWallet(tx, { userId: who.userId, cents: 300, kind: 'adjustment', orderId: null, now: h.clock.now() }));

    const order = async (extra: Record<string, unknown>, payment: Record<string, unknown> = { payment: VISA }) => {
      await fillCart(h.app, who.token, { [PLASTER]: 2 });
      const draft = await createDraft(h.app, who.token, { ...COMPLETE, phone: '0151 98765432', shipping_address_id: who.shippingId, billing_address_id: who.billingId, ...extra });
      expect(draft.status).toBe(201);
      const placed = await place(h.app, who.token, draft.body.id, payment);
      expect(placed.status).toBe(200);
      return placed.body.id;
    };
    const delivered = await order({});
    for (const step of ['accept', 'check', 'pack', 'pickup', 'deliver']) expect((await staffPost(h.app, staff, delivered, step)).status).toBe(200);
    const rejected = await order({});
    expect((await staffPost(h.app, staff, rejected, 'reject', { reason: 'Liebe Frau Quastenberg, leider nicht vorrätig.' })).status).toBe(200);
    const onItsWay = await order({}, { payment: { ...VISA, save_card: true } });
    for (const step of ['accept', 'check', 'pack', 'pickup']) expect((await staffPost(h.app, staff, onItsWay, step)).status).toBe(200);
    const open = await order({ wallet_cents: 300 });
    const cardToken = (await writtenFor(h.db, onItsWay)).payments[0]!.tokenRef!;
    expect(await tablesContaining([...who.identifying, cardToken])).not.toEqual([]);

    expect((await call(h.app, '/v1/user', { method: 'DELETE', token: who.token })).status).toBe(200);

    expect((await writtenFor(h.db, open)).order.status).toBe('cancelled');
    // The credit the withdrawn offer gave back lapses with the account.
    expect(await walletBalance(h.db, who.userId)).toBe(0);
    // The courier still needs to know where to go, whose bell to ring and whom to call.
    expect((await writtenFor(h.db, onItsWay)).order).toMatchObject({ status: 'in_transit', phone: '+4915198765432', shippingAddress: { street_address: 'Zwetschgenweg' } });
    // The address on its way names its recipient (the account's name, issue 11) until it arrives.
    expect((await tablesContaining(who.identifying)).sort()).toEqual(['orders: 15198765432', 'orders: 47 Z', 'orders: Quastenberg', 'orders: Quergebäude', 'orders: Wilhelmina', 'orders: Zwetschgenweg']);

    expect((await staffPost(h.app, staff, onItsWay, 'deliver')).status).toBe(200);
    expect(await tablesContaining([...who.identifying, cardToken])).toEqual([]);
    const [kept] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from orders where id in (${delivered}, ${rejected}, ${onItsWay}, ${open})`);
    expect(Number(kept?.n)).toBe(4);
  });
});
