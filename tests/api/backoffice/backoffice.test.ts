import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeBus, realtimeBus, setRealtimeBus, topicOf, type RealtimeBus } from '../../../src/platform/realtime';
import { DEMO_MANAGER_PASSWORD, DEMO_OPERATOR, demoManagerEmail, seedDemoBackOffice } from '../../../src/features/accounts';
import { users } from '../../../src/features/accounts/server/schema';
import { deleteOutboxFor } from '../../../src/platform/mail/outbox';
import { PHARMACY } from '../support/fixtures';
import { call } from '../support/shopper';
import { COMPLETE, createDraft, DAILY, OPEN, fillCart, mailsTo, newCustomer, pharmacistToken, place, PLASTER, readyDraft, setStock, staffPost, stockOf, useOrdersApp, VISA, VITAMIN, type Customer } from '../orders/harness';

/*
 * Issue 13, the back office: every call scoped on the server (another pharmacy's orders, stock,
 * settings and staff answer 404; customers 403), the stock upload all or nothing, single-line
 * refunds, closures that leave only pre-orders, and staff invitations, role changes, deactivation.
 */

const h = useOrdersApp();
// "Nobody watching" counts the subscribers of this process's bus: the bus of this file's database
// (on PostgreSQL its LISTEN connection must reach that database), handed back at the end.
let bus: RealtimeBus | null = null;
let previous: RealtimeBus | null = null;
beforeAll(() => {
  previous = realtimeBus();
  bus = createRealtimeBus({ databaseUrl: h.testDb.url });
  setRealtimeBus(bus);
});
afterAll(async () => {
  if (previous) setRealtimeBus(previous);
  await bus?.close();
});
const OTHER = PHARMACY.late;

async function login(email: string, password: string): Promise<string> {
  const answer = await call<{ token: string }>(h.app, '/v1/user/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login failed for ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

async function placedOrder(items: Record<string, number> = { [PLASTER]: 2 }, customer?: Customer) {
  const { customer: who, draft } = await readyDraft(h.app, items, {}, customer);
  const placed = await place(h.app, who.token, draft.id, { payment: VISA });
  if (placed.status !== 200) throw new Error(`placement failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { customer: who, order: placed.body };
}

let managerA: string;
let managerB: string;
let operator: string;

beforeAll(async () => {
  await seedDemoBackOffice(h.db, [DAILY, OTHER]);
  managerA = await login(demoManagerEmail(OTHER), DEMO_MANAGER_PASSWORD);
  managerB = await login(demoManagerEmail(DAILY), DEMO_MANAGER_PASSWORD);
  operator = await login(DEMO_OPERATOR.email, DEMO_OPERATOR.password);
});

describe('role scoping on every back-office route', () => {
  it("staff of pharmacy A get 404 for pharmacy B's orders, stock, settings and staff; customers 403", async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const { customer, order } = await placedOrder();
    const pharmacistA = await pharmacistToken(h.app, OTHER);
    const id = order.id;
    const routes: { method: 'GET' | 'POST' | 'PUT'; path: string; body?: unknown }[] = [
      { method: 'GET', path: `/v1/pharmacy/orders?pharmacy=${DAILY}` },
      { method: 'GET', path: `/v1/pharmacy/orders/${id}` },
      ...['accept', 'check', 'pack', 'pickup', 'deliver'].map((action) => ({ method: 'POST' as const, path: `/v1/pharmacy/orders/${id}/${action}`, body: {} })),
      { method: 'POST', path: `/v1/pharmacy/orders/${id}/reject`, body: { reason: 'x' } },
      { method: 'POST', path: `/v1/pharmacy/orders/${id}/refund`, body: { reason: 'x', lines: [{ pzn: PLASTER, quantity: 1 }] } },
      { method: 'GET', path: `/v1/pharmacy/stock?pharmacy=${DAILY}` },
      { method: 'PUT', path: `/v1/pharmacy/stock/${PLASTER}?pharmacy=${DAILY}`, body: { quantity: 0 } },
      { method: 'POST', path: `/v1/pharmacy/stock/csv?pharmacy=${DAILY}`, body: { csv: `pzn,quantity\n${PLASTER},1` } },
      { method: 'GET', path: `/v1/pharmacy/settings?pharmacy=${DAILY}` },
      { method: 'PUT', path: `/v1/pharmacy/settings?pharmacy=${DAILY}`, body: { closed_until: null } },
      { method: 'GET', path: `/v1/pharmacy/staff?pharmacy=${DAILY}` },
    ];
    for (const token of [pharmacistA, managerA]) {
      for (const route of routes) {
        const answer = await call(h.app, route.path, { token, method: route.method, ...(route.body !== undefined ? { body: route.body } : {}) });
        expect(answer.status, `${route.method} ${route.path}`).toBe(404);
        expect(['ORDER_NOT_FOUND', 'PHARMACY_NOT_FOUND']).toContain(answer.body.code);
      }
    }
    for (const route of [...routes, { method: 'GET' as const, path: '/v1/pharmacy/me' }, { method: 'POST' as const, path: '/v1/pharmacy/staff/invite', body: { email: 'x@example.org', first_name: 'X', role: 'pharmacist', pharmacy_id: DAILY } }]) {
      const answer = await call(h.app, route.path, { token: customer.token, method: route.method, ...(route.body !== undefined ? { body: route.body } : {}) });
      expect(answer.status, `customer ${route.method} ${route.path}`).toBe(403);
      expect(answer.body.code).toBe('FORBIDDEN');
    }
    // Nothing moved: the offer still waits, the stock is as it was.
    expect((await staffPost(h.app, managerB, id, 'accept')).body.status).toBe('paid');
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(48);
  });

  it('pharmacists read their stock and settings but only managers and operators change them (403)', async () => {
    const pharmacist = await pharmacistToken(h.app, DAILY);
    expect((await call(h.app, '/v1/pharmacy/stock', { token: pharmacist })).status).toBe(200);
    expect((await call(h.app, '/v1/pharmacy/settings', { token: pharmacist })).status).toBe(200);
    expect((await call(h.app, `/v1/pharmacy/stock/${PLASTER}`, { token: pharmacist, method: 'PUT', body: { quantity: 3 } })).status).toBe(403);
    expect((await call(h.app, '/v1/pharmacy/settings', { token: pharmacist, method: 'PUT', body: { closed_until: null } })).status).toBe(403);
    expect((await call(h.app, '/v1/pharmacy/staff', { token: pharmacist })).status).toBe(403);
    // The operator works every pharmacy, naming it.
    const me = await call<{ role: string; pharmacy_id: string | null }>(h.app, '/v1/pharmacy/me', { token: operator });
    expect(me.body).toMatchObject({ role: 'operator', pharmacy_id: null });
    expect((await call(h.app, `/v1/pharmacy/settings?pharmacy=${OTHER}`, { token: operator })).status).toBe(200);
    expect((await call(h.app, '/v1/pharmacy/settings', { token: operator })).status).toBe(400);
    expect((await call(h.app, '/v1/pharmacy/settings?pharmacy=nope', { token: operator })).status).toBe(404);
  });
});

describe('stock', () => {
  it('searches by name or PZN and sets a quantity or sold out; availability sees it at once', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 7 });
    const byPzn = await call<{ items: { pzn: string; quantity: number }[] }>(h.app, `/v1/pharmacy/stock?q=${PLASTER.slice(0, 6)}`, { token: managerB });
    expect(byPzn.body.items.find((item) => item.pzn === PLASTER)?.quantity).toBe(7);
    const set = await call<{ quantity: number }>(h.app, `/v1/pharmacy/stock/${PLASTER}`, { token: managerB, method: 'PUT', body: { quantity: 0 } });
    expect(set.body.quantity).toBe(0);
    const availability = await call<{ items: { pzn: string; status: string }[] }>(h.app, `/shop/v1/pharmacies/${DAILY}/availability?pzn=${PLASTER}`);
    expect(availability.body.items).toEqual([expect.objectContaining({ pzn: PLASTER, status: 'sold_out' })]);
    await call(h.app, `/v1/pharmacy/stock/${PLASTER}`, { token: managerB, method: 'PUT', body: { quantity: 40 } });
    const again = await call<{ items: { pzn: string; status: string }[] }>(h.app, `/shop/v1/pharmacies/${DAILY}/availability?pzn=${PLASTER}`);
    expect(again.body.items).toEqual([expect.objectContaining({ pzn: PLASTER, status: 'in_stock' })]);
  });

  it('a CSV with a bad row changes nothing and reports every problem by row; a good one applies all rows', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 5, [VITAMIN]: 5 });
    const bad = await call<{ code: string; applied: boolean; errors: { row: number; problem: string }[] }>(h.app, '/v1/pharmacy/stock/csv', {
      token: managerB,
      body: { csv: `pzn,quantity\n${PLASTER},12\n${VITAMIN},-3\n1234567X,4\n${PLASTER},1\n` },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('STOCK_CSV_INVALID');
    expect(bad.body.applied).toBe(false);
    expect(bad.body.errors.map((error) => [error.row, error.problem])).toEqual([
      [3, 'QUANTITY_INVALID'],
      [4, 'PZN_INVALID'],
      [5, 'PZN_DUPLICATE'],
    ]);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(5);
    expect(await stockOf(h.db, DAILY, VITAMIN)).toBe(5);

    const good = await call<{ applied: boolean; rows: number }>(h.app, '/v1/pharmacy/stock/csv', { token: managerB, body: { csv: `${PLASTER};12\r\n${VITAMIN};0\r\n` } });
    expect(good.body).toEqual({ applied: true, rows: 2, errors: [] });
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(12);
    expect(await stockOf(h.db, DAILY, VITAMIN)).toBe(0);
  });
});

describe('refund after acceptance', () => {
  it('refunds one line: its money back through the payment seam, its stock back, the customer e-mailed; the order goes on', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20, [VITAMIN]: 20 });
    const { customer, order } = await placedOrder({ [PLASTER]: 2, [VITAMIN]: 1 });
    expect((await staffPost(h.app, managerB, order.id, 'accept')).status).toBe(200);
    const plaster = order.lines.find((line) => line.pzn === PLASTER)!;
    const refunds = h.spy.calls.refund.length;

    const tooMany = await staffPost(h.app, managerB, order.id, 'refund', { reason: 'Beschädigt', lines: [{ pzn: PLASTER, quantity: 3 }] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('REFUND_INVALID');

    const partial = await staffPost(h.app, managerB, order.id, 'refund', { reason: 'Beschädigt', lines: [{ pzn: PLASTER, quantity: 1 }] });
    expect(partial.status).toBe(200);
    expect(partial.body.status).toBe('paid');
    expect((partial.body as unknown as { refunded_lines: unknown[] }).refunded_lines).toEqual([{ pzn: PLASTER, quantity: 1, cents: plaster.unit_price_cents }]);
    expect(h.spy.calls.refund.slice(refunds)).toEqual([expect.objectContaining({ amountCents: plaster.unit_price_cents })]);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(19);
    const [mail] = await mailsTo(h.db, customer.email);
    expect(mail?.subject).toBe(`Part of your order ${order.order_number} has been refunded`);

    // The rest later: only what is left goes back, and only the units still sold return to stock.
    const whole = await staffPost(h.app, managerB, order.id, 'refund', { reason: 'Nicht lieferbar' });
    expect(whole.body.status).toBe('refunded');
    const charged = order.totals.amount_due_cents;
    expect(h.spy.calls.refund.slice(refunds).reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(charged);
    expect(await stockOf(h.db, DAILY, PLASTER)).toBe(20);
    expect(await stockOf(h.db, DAILY, VITAMIN)).toBe(20);
    // The e-mail names the rest that went back now, not the whole amount a second time.
    const last = (await mailsTo(h.db, customer.email)).find((entry) => entry.subject === `Your order ${order.order_number} has been refunded`);
    const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
    expect(last?.text).toContain(`The remaining ${euros(charged - plaster.unit_price_cents)} has been refunded`);
    expect(last?.text).toContain(`Together with the ${euros(plaster.unit_price_cents)} refunded before`);
  });
});

describe('closures', () => {
  it('a temporary closure makes the pharmacy closed: only pre-orders (no "as soon as possible") until it ends', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const until = new Date(h.clock.now().getTime() + 2 * 60 * 60_000).toISOString();
    const closed = await call<{ closed_until: string }>(h.app, '/v1/pharmacy/settings', { token: managerB, method: 'PUT', body: { closed_until: until } });
    expect(closed.status).toBe(200);
    expect(closed.body.closed_until).toBe(until);
    try {
      const pharmacy = await call<{ openNow: boolean; closedUntil: string }>(h.app, `/shop/v1/pharmacies/${DAILY}`);
      expect(pharmacy.body).toMatchObject({ openNow: false, closedUntil: until });

      const customer = await newCustomer(h.app);
      await fillCart(h.app, customer.token, { [PLASTER]: 1 });
      const asap = await createDraft(h.app, customer.token);
      expect(asap.body.delivery_options?.open_now).toBe(false);
      expect(asap.body.delivery_options?.courier?.asap).toBe(false);
      const placed = await place(h.app, customer.token, asap.body.id);
      expect(placed.status).toBe(422);
      expect(placed.body.code).toBe('PHARMACY_CLOSED');
      // A slot after the closure is a pre-order, and it can be placed.
      const slot = asap.body.delivery_options?.courier?.today[0];
      expect(slot && Date.parse(slot.start) >= Date.parse(until)).toBe(true);
      const later = await createDraft(h.app, customer.token, { ...COMPLETE, delivery: { option: 'later_today', slot_start: slot!.start } });
      expect(later.status).toBe(201);
      const preOrder = await place(h.app, customer.token, later.body.id);
      expect(preOrder.status, JSON.stringify(preOrder.body)).toBe(200);
    } finally {
      await call(h.app, '/v1/pharmacy/settings', { token: managerB, method: 'PUT', body: { closed_until: null } });
    }
  });
});

describe('staff', () => {
  it('an operator invites a pharmacist (one-time link), changes the role (sessions end) and deactivates them', async () => {
    const invited = await call<{ id: string; invited: boolean; role: string }>(h.app, '/v1/pharmacy/staff/invite', {
      token: operator,
      body: { email: 'neu@apotheke-mitte.example', first_name: 'Nina', last_name: 'Neu', role: 'pharmacist', pharmacy_id: DAILY },
    });
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({ invited: true, role: 'pharmacist' });
    const [mail] = await mailsTo(h.db, 'neu@apotheke-mitte.example');
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(mail!.text).toContain('/pharmacy/invite/#token=');

    expect((await call(h.app, '/v1/staff-invites/accept', { body: { token, password: 'kurz', confirm_password: 'kurz' } })).body.code).toBe('INVALID_PASSWORD_LENGTH');
    expect((await call(h.app, '/v1/staff-invites/accept', { body: { token, password: 'sicheres-passwort', confirm_password: 'sicheres-passwort' } })).status).toBe(200);
    expect((await call(h.app, '/v1/staff-invites/accept', { body: { token, password: 'noch-eins-123', confirm_password: 'noch-eins-123' } })).body.code).toBe('CODE_EXPIRED_INVALID_OR_USED');
    const nina = await login('neu@apotheke-mitte.example', 'sicheres-passwort');
    expect((await call(h.app, '/v1/pharmacy/me', { token: nina })).body).toMatchObject({ role: 'pharmacist', pharmacy_id: DAILY });

    // Managers see their own pharmacy's staff only; another pharmacy's member is 404 to them.
    const listed = await call<{ staff: { email: string }[] }>(h.app, '/v1/pharmacy/staff', { token: managerB });
    expect(listed.body.staff.map((member) => member.email)).toContain('neu@apotheke-mitte.example');
    expect((await call(h.app, `/v1/pharmacy/staff/${invited.body.id}/deactivate`, { token: managerA, body: {} })).status).toBe(404);
    expect((await call(h.app, `/v1/pharmacy/staff/${invited.body.id}/role`, { token: managerB, method: 'PUT', body: { role: 'manager' } })).status).toBe(403);

    const promoted = await call(h.app, `/v1/pharmacy/staff/${invited.body.id}/role`, { token: operator, method: 'PUT', body: { role: 'manager' } });
    expect(promoted.body).toMatchObject({ role: 'manager', pharmacy_id: DAILY });
    expect((await call(h.app, '/v1/pharmacy/me', { token: nina })).status).toBe(401);
    const again = await login('neu@apotheke-mitte.example', 'sicheres-passwort');
    expect((await call(h.app, '/v1/pharmacy/me', { token: again })).body).toMatchObject({ role: 'manager' });

    // A confirmed phone number logs her in by SMS code, until she is deactivated.
    const phone = '+491705550177';
    await h.db.update(users).set({ phone, phoneVerifiedAt: new Date(OPEN) }).where(eq(users.id, invited.body.id));
    const phoneLogin = async () => {
      await deleteOutboxFor(h.db, phone);
      expect((await call(h.app, '/v1/user/phone/request-code', { body: { phone } })).status).toBe(202);
      const code = /\d{6}/.exec((await mailsTo(h.db, phone))[0]!.text)![0];
      return call<{ token?: string; code?: string }>(h.app, '/v1/user/phone/verify-code', { body: { phone, code } });
    };
    expect((await phoneLogin()).status).toBe(200);

    expect((await call(h.app, `/v1/pharmacy/staff/${invited.body.id}/deactivate`, { token: operator, body: {} })).body).toMatchObject({ deactivated: true });
    expect((await call(h.app, '/v1/pharmacy/me', { token: again })).status).toBe(401);
    expect((await call(h.app, '/v1/user/login', { body: { email: 'neu@apotheke-mitte.example', password: 'sicheres-passwort' } })).status).not.toBe(200);
    // No other way back in: not by SMS code, and no reset code that would set a new password.
    expect((await phoneLogin()).body.code).toBe('USER_NOT_FOUND');
    expect((await call(h.app, '/v1/user/forgot-password', { method: 'PUT', body: { email: 'neu@apotheke-mitte.example' } })).body.code).toBe('ACCOUNT_NOT_FOUND');
  });
});

describe('nobody watching', () => {
  it('a new offer while nobody of the pharmacy has the back office open is told by e-mail and SMS; not while someone watches', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const mailbox = `${DAILY}@example.org`;
    const before = (await mailsTo(h.db, mailbox)).length;
    const { order } = await placedOrder({ [PLASTER]: 1 });
    const alerts = (await mailsTo(h.db, mailbox)).slice(0, (await mailsTo(h.db, mailbox)).length - before);
    expect(alerts.map((mail) => mail.subject)).toEqual([`Neue Bestellung ${order.order_number} wartet: Niemand hat das Backoffice geöffnet`]);
    // Health data stays in the shop: no customer, no items.
    expect(alerts[0]!.text).not.toContain(order.lines[0]!.name);
    const sms = await mailsTo(h.db, '+493012345678');
    expect(sms.some((entry) => entry.text.includes(order.order_number))).toBe(true);

    const stop = await realtimeBus().subscribe(topicOf('pharmacy', DAILY), () => undefined);
    try {
      const count = (await mailsTo(h.db, mailbox)).length;
      await placedOrder({ [PLASTER]: 1 });
      expect((await mailsTo(h.db, mailbox)).length).toBe(count);
    } finally {
      stop();
    }
  });
});
