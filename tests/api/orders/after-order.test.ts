import { inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { closeFinishedOrders, resolveOrdersDeps } from '../../../src/features/orders';
import { products } from '../../../src/features/catalog/server/schema';
import { eq } from 'drizzle-orm';
import { call } from '../support/shopper';
import {
  cartOf,
  createDraft,
  DAILY,
  fillCart,
  newCustomer,
  OPEN,
  pharmacistToken,
  PICKUP_ONLY,
  place,
  PLASTER,
  readyDraft,
  setStock,
  staffGet,
  staffPost,
  useOrdersApp,
  VISA,
  VITAMIN,
  type Customer,
  type StaffOrder,
} from './harness';

/*
 * Issue 12, after the order: history paging (drafts neither listed nor counted), the detail's
 * history/invoice/rating, "Order again", ratings (own delivered orders, 1–5 stars, once),
 * pending-feedback, general feedback and the pharmacies' average ratings.
 */

const h = useOrdersApp();
afterEach(() => h.clock.set(OPEN));

async function placedOrder(items: Record<string, number> = { [PLASTER]: 2 }, customer?: Customer) {
  await setStock(h.db, DAILY, { [PLASTER]: 500, [VITAMIN]: 500 });
  const { customer: who, draft } = await readyDraft(h.app, items, {}, customer);
  const placed = await place(h.app, who.token, draft.id, { payment: VISA });
  if (placed.status !== 200) throw new Error(`placement failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { customer: who, order: placed.body };
}

async function advance(orderId: string, steps: readonly string[]) {
  const staff = await pharmacistToken(h.app, DAILY);
  for (const step of steps) {
    const answer = await staffPost(h.app, staff, orderId, step);
    if (answer.status !== 200) throw new Error(`${step} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

async function deliveredOrder(customer?: Customer, items?: Record<string, number>) {
  const placed = await placedOrder(items, customer);
  await advance(placed.order.id, ['accept', 'check', 'pack', 'pickup', 'deliver']);
  return placed;
}

const rate = (token: string, orderId: string, body: Record<string, unknown>, lang?: 'en' | 'de') =>
  call<{ order_id: string; stars: number; comment: string | null }>(h.app, `/v1/user/orders/${orderId}/feedback`, { token, body, ...(lang ? { lang } : {}) });
const pending = (token: string) => call<{ order: { id: string; order_number: string } | null }>(h.app, '/v1/user/orders/pending-feedback', { token });

interface Details {
  history: { status: string; label: { en: string; de: string }; at: string }[];
  invoice_available: boolean;
  rating: { stars: number; comment: string | null } | null;
  can_rate: boolean;
  rating_dismissed: boolean;
}
const details = (token: string, orderId: string) => call<Details>(h.app, `/v1/user/orders/${orderId}/details`, { token });

/** The text of every page's content stream (compressed with deflate). */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const latin = raw.toString('latin1');
  let text = '';
  for (const match of latin.matchAll(/\/Length (\d+)[^]*?stream\r?\n/g)) {
    const from = match.index! + match[0].length;
    try {
      text += inflateSync(raw.subarray(from, from + Number(match[1]))).toString('latin1');
    } catch {
      // not a deflated stream
    }
  }
  return text;
}

async function invoice(token: string, orderId: string, lang: 'en' | 'de' = 'en') {
  const response = await h.app.request(`/api/v1/user/orders/${orderId}/invoice`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('order history', () => {
  it('lists placed orders newest first, a page at a time, with the total; drafts are neither listed nor counted', async () => {
    const customer = await newCustomer(h.app);
    const first = await placedOrder({ [PLASTER]: 1 }, customer);
    h.clock.set(new Date(Date.parse(OPEN) + 60_000));
    const second = await placedOrder({ [PLASTER]: 3 }, customer);
    h.clock.set(new Date(Date.parse(OPEN) + 120_000));
    await fillCart(h.app, customer.token, { [PLASTER]: 1 });
    expect((await createDraft(h.app, customer.token)).status).toBe(201);

    const all = await call<{ orders: { id: string; item_count: number; total_cents: number; label: { en: string } }[]; total: number; offset: number }>(h.app, '/v1/user/orders', { token: customer.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body.orders.map((order) => order.id)).toEqual([second.order.id, first.order.id]);
    expect(all.body.orders[0]).toMatchObject({ item_count: 3, total_cents: second.order.totals.total_cents, label: { en: 'Order taken' } });

    const page2 = await call<{ orders: { id: string }[]; total: number; offset: number }>(h.app, '/v1/user/orders?limit=1&offset=1', { token: customer.token });
    expect(page2.body).toMatchObject({ total: 2, offset: 1 });
    expect(page2.body.orders.map((order) => order.id)).toEqual([first.order.id]);
    expect((await call(h.app, '/v1/user/orders?offset=-1', { token: customer.token })).status).toBe(400);
  });
});

describe('order detail extras', () => {
  it('shows the status history, the invoice once paid, and refuses drafts and other customers’ orders (404)', async () => {
    const { customer, order } = await placedOrder();
    const before = await details(customer.token, order.id);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ invoice_available: false, rating: null, can_rate: false });
    expect(before.body.history.map((entry) => entry.status)).toEqual(['pending']);
    expect(before.body.history[0]!.label).toEqual({ en: 'Order taken', de: 'Bestellung aufgenommen' });

    await advance(order.id, ['accept', 'check', 'pack']);
    const after = await details(customer.token, order.id);
    expect(after.body.history.map((entry) => entry.status)).toEqual(['pending', 'paid', 'packed']);
    expect(after.body.invoice_available).toBe(true);

    const stranger = await newCustomer(h.app);
    expect((await details(stranger.token, order.id)).body.code).toBe('ORDER_NOT_FOUND');
    expect((await details(stranger.token, order.id)).status).toBe(404);
    await fillCart(h.app, stranger.token, { [PLASTER]: 1 });
    const draft = await createDraft(h.app, stranger.token);
    expect((await details(stranger.token, draft.body.id)).status).toBe(404);
    expect((await call(h.app, `/v1/user/orders/${order.id}/details`)).status).toBe(401);
  });
});

describe('invoice PDF', () => {
  it('is a PDF named after the order number, in the request language, only for paid orders of the customer', async () => {
    const { customer, order } = await placedOrder({ [PLASTER]: 2, [VITAMIN]: 1 });
    const unpaid = await invoice(customer.token, order.id);
    expect(unpaid.status).toBe(409);
    await advance(order.id, ['accept']);

    const en = await invoice(customer.token, order.id, 'en');
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('application/pdf');
    expect(en.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${order.order_number}.pdf"`);
    expect(Buffer.from(en.bytes).toString('latin1').startsWith('%PDF-1.4')).toBe(true);
    const text = pdfText(en.bytes);
    expect(text).toContain('(Invoice)');
    expect(text).toContain(`(${order.order_number})`);
    expect(text).toContain('(19 % VAT on');
    expect(text).toContain('(7 % VAT on');

    const de = await invoice(customer.token, order.id, 'de');
    expect(de.headers.get('content-disposition')).toBe(`attachment; filename="Rechnung-${order.order_number}.pdf"`);
    const german = pdfText(de.bytes);
    expect(german).toContain('(Rechnung)');
    expect(german).toContain(`(${order.order_number})`);
    expect(german).toContain('(19 % MwSt. auf');

    const stranger = await newCustomer(h.app);
    const foreign = await invoice(stranger.token, order.id);
    expect(foreign.status).toBe(404);
    expect(JSON.parse(Buffer.from(foreign.bytes).toString('utf8'))).toMatchObject({ code: 'ORDER_NOT_FOUND' });
  });
});

describe('picking list and delivery note (issue 13)', () => {
  const packDocument = async (token: string, orderId: string, document: string, lang: 'en' | 'de' = 'en') => {
    const response = await h.app.request(`/api/v1/pharmacy/orders/${orderId}/documents/${document}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  it("prints the accepted order's items with PZN and quantity, and the delivery note whom to hand it to, for the order's pharmacy only", async () => {
    const { customer, order } = await placedOrder({ [PLASTER]: 2, [VITAMIN]: 1 });
    const staff = await pharmacistToken(h.app, DAILY);
    expect((await packDocument(staff, order.id, 'picking-list')).status).toBe(409);
    await advance(order.id, ['accept']);

    const picking = await packDocument(staff, order.id, 'picking-list', 'de');
    expect(picking.status).toBe(200);
    expect(picking.headers.get('content-type')).toBe('application/pdf');
    expect(picking.headers.get('content-disposition')).toBe(`attachment; filename="Kommissionierliste-${order.order_number}.pdf"`);
    const list = pdfText(picking.bytes);
    expect(list).toContain(`(Kommissionierliste ${order.order_number})`);
    expect(list).toContain(`(${PLASTER})`);
    expect(list).toContain(`(${VITAMIN})`);
    expect(list).toContain('(3 Artikel)');

    const note = pdfText((await packDocument(staff, order.id, 'delivery-note')).bytes);
    expect(note).toContain(`(Delivery note ${order.order_number})`);
    expect(note).toContain('(Invalidenstra');
    expect(note).toContain('(Hinterhof)');
    expect(note).toContain('(Received by \\(name, signature\\))');

    // Another pharmacy's staff, the customer and an unknown document: nothing to read.
    expect((await packDocument(await pharmacistToken(h.app, PICKUP_ONLY), order.id, 'picking-list')).status).toBe(404);
    expect((await packDocument(customer.token, order.id, 'picking-list')).status).toBe(403);
    expect((await packDocument(staff, order.id, 'invoice')).status).toBe(400);
  });
});

describe('order again', () => {
  it('puts the still available items into the cart and names those that are not', async () => {
    const { customer, order } = await placedOrder({ [PLASTER]: 2, [VITAMIN]: 1 });
    await setStock(h.db, DAILY, { [VITAMIN]: 0 });
    const again = await call<{ added: { pzn: string; quantity: number }[]; unavailable: { pzn: string; code: string; message: string }[]; cart_item_count: number }>(
      h.app,
      `/v1/user/orders/${order.id}/reorder`,
      { token: customer.token, body: {}, lang: 'de' },
    );
    expect(again.status).toBe(200);
    expect(again.body.added).toEqual([expect.objectContaining({ pzn: PLASTER, quantity: 2 })]);
    expect(again.body.unavailable).toEqual([expect.objectContaining({ pzn: VITAMIN, code: 'SOLD_OUT' })]);
    expect(again.body.unavailable[0]!.message).toMatch(/ausverkauft|Bestand/i);
    expect((await cartOf(h.app, customer.token)).map(({ pzn, quantity }) => ({ pzn, quantity }))).toEqual([{ pzn: PLASTER, quantity: 2 }]);

    // A product no longer sold is named too.
    await h.db.update(products).set({ active: false }).where(eq(products.pzn, PLASTER));
    try {
      await setStock(h.db, DAILY, { [VITAMIN]: 50 });
      const later = await call<{ added: { pzn: string }[]; unavailable: { pzn: string; code: string }[] }>(h.app, `/v1/user/orders/${order.id}/reorder`, { token: customer.token, body: {} });
      expect(later.body.unavailable).toEqual([expect.objectContaining({ pzn: PLASTER, code: 'PRODUCT_NOT_FOUND' })]);
      expect(later.body.added.map((line) => line.pzn)).toEqual([VITAMIN]);
    } finally {
      await h.db.update(products).set({ active: true }).where(eq(products.pzn, PLASTER));
    }

    const stranger = await newCustomer(h.app);
    const foreign = await call(h.app, `/v1/user/orders/${order.id}/reorder`, { token: stranger.token, body: {} });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('ORDER_NOT_FOUND');
    expect(await cartOf(h.app, stranger.token)).toEqual([]);
  });
});

describe('rating a delivered order', () => {
  it('is refused before delivery (409), out of range (400), for other customers (404); saved once, a second is 409', async () => {
    const { customer, order } = await placedOrder();
    const early = await rate(customer.token, order.id, { orderId: order.id, stars: 5 });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'ORDER_NOT_DELIVERED', message: 'You can rate an order once it has been delivered.' });
    await advance(order.id, ['accept', 'check', 'pack', 'pickup']);
    expect((await rate(customer.token, order.id, { stars: 4 })).body.code).toBe('ORDER_NOT_DELIVERED');
    await advance(order.id, ['deliver']);

    for (const stars of [0, 6, 3.5, -1]) {
      const refused = await rate(customer.token, order.id, { orderId: order.id, stars });
      expect(refused.status, `stars ${stars}`).toBe(400);
      expect(refused.body.code).toBe('RATING_OUT_OF_RANGE');
    }
    expect((await rate(customer.token, order.id, { stars: 4, comment: 'x'.repeat(1001) })).body.code).toBe('FEEDBACK_COMMENT_TOO_LONG');
    expect((await rate(customer.token, order.id, { comment: 'no stars' })).body.code).toBe('MISSING_PARAMS');
    expect((await rate(customer.token, order.id, { orderId: 'another-order', stars: 4 })).status).toBe(400);
    const de = await rate(customer.token, order.id, { stars: 9 }, 'de');
    expect(de.body.message).toBe('Bitte wählen Sie zwischen 1 und 5 Sternen.');

    const stranger = await newCustomer(h.app);
    const foreign = await rate(stranger.token, order.id, { orderId: order.id, stars: 1 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('ORDER_NOT_FOUND');
    expect((await rate(stranger.token, 'no-such-order', { stars: 1 })).status).toBe(404);

    const saved = await rate(customer.token, order.id, { orderId: order.id, stars: 4, comment: '  Schnell und freundlich  ' });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ order_id: order.id, stars: 4, comment: 'Schnell und freundlich' });
    const again = await rate(customer.token, order.id, { orderId: order.id, stars: 1 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('FEEDBACK_ALREADY_GIVEN');
    expect((await details(customer.token, order.id)).body).toMatchObject({ rating: { stars: 4, comment: 'Schnell und freundlich' }, can_rate: false });

    // Staff see the rating.
    const staff = await pharmacistToken(h.app, DAILY);
    expect((await staffGet<StaffOrder & { rating: unknown }>(h.app, staff, `/${order.id}`)).body.rating).toMatchObject({ stars: 4, comment: 'Schnell und freundlich' });
  });

  it('ends when the order closes', async () => {
    const { customer, order } = await deliveredOrder();
    // ORDER_CLOSE_AFTER_DAYS (14) after delivery the order closes; the login (30 days) still holds.
    h.clock.set(new Date(Date.parse(OPEN) + 15 * 24 * 60 * 60_000));
    await closeFinishedOrders({ db: h.db, clock: h.clock, locale: 'en', deps: resolveOrdersDeps(h.clock) });
    const late = await rate(customer.token, order.id, { stars: 5 });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('FEEDBACK_PERIOD_OVER');
  });
});

describe('pending feedback', () => {
  it('offers the latest delivered unrated order until it is rated or dismissed; never another customer’s', async () => {
    const customer = await newCustomer(h.app);
    expect((await pending(customer.token)).body).toEqual({ order: null });
    const older = await deliveredOrder(customer);
    h.clock.set(new Date(Date.parse(OPEN) + 10 * 60_000));
    const newer = await deliveredOrder(customer);
    expect((await pending(customer.token)).body.order).toMatchObject({ id: newer.order.id, order_number: newer.order.order_number });

    const stranger = await newCustomer(h.app);
    expect((await pending(stranger.token)).body).toEqual({ order: null });
    expect((await call(h.app, `/v1/user/orders/${newer.order.id}/feedback/dismiss`, { token: stranger.token, body: {} })).status).toBe(404);

    const dismissed = await call(h.app, `/v1/user/orders/${newer.order.id}/feedback/dismiss`, { token: customer.token, body: {} });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toEqual({ order_id: newer.order.id, dismissed: true });
    expect((await pending(customer.token)).body.order?.id).toBe(older.order.id);
    expect((await rate(customer.token, older.order.id, { stars: 5 })).status).toBe(201);
    expect((await pending(customer.token)).body).toEqual({ order: null });
    // A dismissed order can still be rated from its page.
    expect((await details(customer.token, newer.order.id)).body).toMatchObject({ can_rate: true, rating_dismissed: true });
    expect((await rate(customer.token, newer.order.id, { stars: 3 })).status).toBe(201);
    expect((await call(h.app, '/v1/user/orders/pending-feedback')).status).toBe(401);
  });
});

describe('general feedback', () => {
  it('stores a message of 1 to 2,000 characters', async () => {
    const customer = await newCustomer(h.app);
    const sent = await call<{ id: string }>(h.app, '/v1/user/feedback', { token: customer.token, body: { message: 'Bitte mehr Bio-Produkte.' } });
    expect(sent.status).toBe(201);
    expect(sent.body.id).toEqual(expect.any(String));
    expect((await call(h.app, '/v1/user/feedback', { token: customer.token, body: { message: '   ' } })).body.code).toBe('FEEDBACK_MESSAGE_REQUIRED');
    expect((await call(h.app, '/v1/user/feedback', { token: customer.token, body: { message: 'x'.repeat(2001) } })).body.code).toBe('FEEDBACK_MESSAGE_TOO_LONG');
    expect((await call(h.app, '/v1/user/feedback', { token: customer.token, body: {} })).body.code).toBe('MISSING_PARAMS');
    expect((await call(h.app, '/v1/user/feedback', { body: { message: 'hi' } })).status).toBe(401);
  });
});

describe('pharmacy ratings', () => {
  it('shows the average from five ratings on', async () => {
    const ratingOf = async () =>
      (await call<{ ratings: { pharmacy_id: string; count: number; average: number | null }[] }>(h.app, '/v1/pharmacy-ratings')).body.ratings.find((entry) => entry.pharmacy_id === DAILY);
    const before = (await ratingOf())?.count ?? 0;
    const stars = [5, 4, 5, 3, 4];
    for (const [index, value] of stars.entries()) {
      const { customer, order } = await deliveredOrder();
      expect((await rate(customer.token, order.id, { stars: value })).status).toBe(201);
      const now = await ratingOf();
      expect(now?.count).toBe(before + index + 1);
      if (before + index + 1 < 5) expect(now?.average).toBeNull();
    }
    expect((await ratingOf())?.average).toEqual(expect.any(Number));
  });
});
