import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApi } from '../../../src/app/api';
import { DEMO_MANAGER_PASSWORD, DEMO_OPERATOR, demoManagerEmail, seedDemoBackOffice } from '../../../src/features/accounts';
import { analyticsEvents } from '../../../src/features/analytics/server/schema';
import { orderRatings, orders } from '../../../src/features/orders/server/schema';
import { PHARMACY } from '../support/fixtures';
import { call } from '../support/shopper';
import { DAILY, MINUTE, newCustomer, OPEN, pharmacistToken, place, PLASTER, readyDraft, setStock, staffPost, useOrdersApp, VISA } from '../orders/harness';

/*
 * Issues 13 and 10 in the back office: "today at a glance" from orders placed, accepted, rejected
 * and rated at known times (the injected clock), the operator's analytics report from stored events,
 * the catalogue upload; every route scoped on the server.
 */

const h = useOrdersApp();
const OTHER = PHARMACY.late;

async function login(email: string, password: string): Promise<string> {
  const answer = await call<{ token: string }>(h.app, '/v1/user/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`login failed for ${email}: ${answer.status}`);
  return answer.body.token;
}

async function placedOrder() {
  const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 2 });
  const placed = await place(h.app, customer.token, draft.id, { payment: VISA });
  if (placed.status !== 200) throw new Error(`placement failed: ${placed.status}`);
  return placed.body as { id: string };
}

let managerDaily: string;
let managerOther: string;
let operator: string;

interface Dashboard {
  date: string;
  pharmacy_id: string | null;
  orders: { total: number; by_hour: number[] };
  acceptance: { accepted: number; median_seconds: number | null };
  rejections: { reason: string; timeout: boolean; count: number }[];
  revenue_by_vat: { rate: number; gross_cents: number; vat_cents: number }[];
  ratings: { count: number; average: number | null; by_stars: number[] };
}

beforeAll(async () => {
  await seedDemoBackOffice(h.db, [DAILY, OTHER]);
  managerDaily = await login(demoManagerEmail(DAILY), DEMO_MANAGER_PASSWORD);
  managerOther = await login(demoManagerEmail(OTHER), DEMO_MANAGER_PASSWORD);
  operator = await login(DEMO_OPERATOR.email, DEMO_OPERATOR.password);
});

describe('today at a glance', () => {
  it('counts the day in Berlin: orders by hour, median time to accept, rejections by reason, revenue by VAT rate, ratings', async () => {
    h.clock.set(OPEN); // 10:00 in Berlin
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const first = await placedOrder();
    h.clock.advance(2 * MINUTE);
    expect((await staffPost(h.app, managerDaily, first.id, 'accept')).status).toBe(200);
    h.clock.advance(3 * MINUTE);
    const second = await placedOrder();
    h.clock.advance(4 * MINUTE);
    expect((await staffPost(h.app, managerDaily, second.id, 'accept')).status).toBe(200);
    h.clock.set('2026-06-16T10:30:00Z'); // 12:30
    const third = await placedOrder();
    expect((await staffPost(h.app, managerDaily, third.id, 'reject', { reason: 'Nicht vorrätig' })).status).toBe(200);
    const fourth = await placedOrder();
    expect((await staffPost(h.app, managerDaily, fourth.id, 'reject', { reason: ' nicht  vorrätig ' })).status).toBe(200);
    await h.db.insert(orderRatings).values({ orderId: first.id, userId: 'someone', pharmacyId: DAILY, stars: 4, comment: null, createdAt: h.clock.now() });

    const answer = await call<Dashboard>(h.app, '/v1/pharmacy/dashboard', { token: managerDaily });
    expect(answer.status).toBe(200);
    const day = answer.body;
    expect(day.date).toBe('2026-06-16');
    expect(day.pharmacy_id).toBe(DAILY);
    expect(day.orders.total).toBe(4);
    expect(day.orders.by_hour[10]).toBe(2);
    expect(day.orders.by_hour[12]).toBe(2);
    expect(day.acceptance).toEqual({ accepted: 2, median_seconds: 180 });
    expect(day.rejections).toEqual([{ reason: 'Nicht vorrätig', timeout: false, count: 2 }]);
    const vat = await h.db.select({ vat: orders.vat }).from(orders).where(eq(orders.id, first.id));
    const gross19 = 2 * vat[0]!.vat.filter((row) => row.rate === 19).reduce((sum, row) => sum + row.grossCents, 0);
    expect(day.revenue_by_vat.find((row) => row.rate === 19)?.gross_cents).toBe(gross19);
    expect(day.ratings).toEqual({ count: 1, average: 4, by_stars: [0, 0, 0, 1, 0] });

    // The operator sees every pharmacy, or one; the other pharmacy had nothing today.
    const all = await call<Dashboard>(h.app, '/v1/pharmacy/dashboard', { token: operator });
    expect(all.body).toMatchObject({ pharmacy_id: null, orders: { total: 4 } });
    const other = await call<Dashboard>(h.app, `/v1/pharmacy/dashboard?pharmacy=${OTHER}`, { token: operator });
    expect(other.body).toMatchObject({ pharmacy_id: OTHER, orders: { total: 0 }, acceptance: { accepted: 0, median_seconds: null }, rejections: [], revenue_by_vat: [] });

    // The next Berlin day starts empty (00:30 on the 17th is 22:30 UTC on the 16th).
    h.clock.set('2026-06-16T22:30:00Z');
    const tomorrow = await call<Dashboard>(h.app, '/v1/pharmacy/dashboard', { token: managerDaily });
    expect(tomorrow.body).toMatchObject({ date: '2026-06-17', orders: { total: 0 }, ratings: { count: 0, average: null } });
    h.clock.set(OPEN);
  });

  it('is scoped on the server: another pharmacy 404, pharmacists and customers 403', async () => {
    const wrong = await call(h.app, `/v1/pharmacy/dashboard?pharmacy=${DAILY}`, { token: managerOther });
    expect(wrong.status).toBe(404);
    expect(wrong.body.code).toBe('PHARMACY_NOT_FOUND');
    expect((await call(h.app, '/v1/pharmacy/dashboard?pharmacy=nope', { token: operator })).status).toBe(404);
    const pharmacist = await pharmacistToken(h.app, DAILY);
    const customer = await newCustomer(h.app);
    for (const token of [pharmacist, customer.token]) {
      const refused = await call(h.app, '/v1/pharmacy/dashboard', { token });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    expect((await call(h.app, '/v1/pharmacy/dashboard')).status).toBe(401);
  });
});

describe('analytics report (operators)', () => {
  it('counts sessions per Berlin day along the funnel, searches without results and the top products', async () => {
    h.clock.set(OPEN);
    const at = (iso: string) => new Date(iso);
    const event = (sessionId: string, type: string, occurredAt: string, props: Record<string, string | number> = {}) => ({ sessionId, type, path: '/shop/', props, occurredAt: at(occurredAt), receivedAt: at(occurredAt) });
    await h.db.insert(analyticsEvents).values([
      // The 15th: two visits, one looks at the plaster.
      event('s1', 'page_view', '2026-06-15T09:00:00Z'),
      event('s2', 'page_view', '2026-06-15T09:10:00Z'),
      event('s2', 'product_view', '2026-06-15T09:11:00Z', { pzn: PLASTER }),
      // 00:30 on the 16th in Berlin (22:30 UTC on the 15th): the 16th. Visit, view, cart, checkout, purchase.
      event('s3', 'page_view', '2026-06-15T22:30:00Z'),
      event('s3', 'page_view', '2026-06-15T22:31:00Z'),
      event('s3', 'product_view', '2026-06-15T22:32:00Z', { pzn: PLASTER }),
      event('s3', 'add_to_cart', '2026-06-15T22:33:00Z', { pzn: PLASTER, quantity: 1 }),
      event('s3', 'checkout_step', '2026-06-15T22:34:00Z', { step: 'start' }),
      event('s3', 'purchase', '2026-06-15T22:35:00Z', { amount_cents: 998 }),
      event('s4', 'page_view', '2026-06-16T07:00:00Z'),
      event('s4', 'search', '2026-06-16T07:01:00Z', { results: 0, query: 'Zauberpflaster' }),
      event('s4', 'search', '2026-06-16T07:02:00Z', { results: 0, query: 'zauberpflaster ' }),
      event('s4', 'search', '2026-06-16T07:03:00Z', { results: 3 }),
      // Outside the period (tomorrow).
      event('s5', 'page_view', '2026-06-16T23:00:00Z'),
    ]);
    const report = await call<{
      from: string;
      to: string;
      funnel: { date: string; steps: Record<string, number> }[];
      totals: Record<string, number>;
      zero_result_searches: { query: string; count: number }[];
      top_products: { pzn: string; name: string | null; views: number; added_to_cart: number }[];
    }>(h.app, '/v1/pharmacy/analytics?days=2', { token: operator });
    expect(report.status).toBe(200);
    expect(report.body.from).toBe('2026-06-15');
    expect(report.body.to).toBe('2026-06-16');
    expect(report.body.funnel).toEqual([
      { date: '2026-06-15', steps: { visits: 2, product_views: 1, add_to_cart: 0, checkout: 0, purchase: 0 } },
      { date: '2026-06-16', steps: { visits: 2, product_views: 1, add_to_cart: 1, checkout: 1, purchase: 1 } },
    ]);
    expect(report.body.totals).toEqual({ visits: 4, product_views: 2, add_to_cart: 1, checkout: 1, purchase: 1 });
    expect(report.body.zero_result_searches).toEqual([{ query: 'zauberpflaster', count: 2 }]);
    expect(report.body.top_products).toEqual([{ pzn: PLASTER, name: expect.any(String), views: 2, added_to_cart: 1 }]);
  });

  it('is for operators only (managers, pharmacists, customers 403)', async () => {
    const customer = await newCustomer(h.app);
    for (const token of [managerDaily, await pharmacistToken(h.app, DAILY), customer.token]) {
      for (const route of [
        { method: 'GET' as const, path: '/v1/pharmacy/analytics' },
        { method: 'POST' as const, path: '/v1/pharmacy/catalog/import', body: { path: 'stock.csv', file_text: 'x', dry_run: true } },
      ]) {
        const answer = await call(h.app, route.path, { token, method: route.method, ...(route.body ? { body: route.body } : {}) });
        expect(answer.status, `${route.method} ${route.path}`).toBe(403);
      }
    }
  });
});

describe('operator tools', () => {
  describe('catalogue upload', () => {
    let dir: string;
    let app: ReturnType<typeof buildApi>;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'apobote-catalog-test-'));
      await cp(path.resolve('catalog'), dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}images`) });
      app = buildApi({ getDb: async () => h.db, clock: h.clock, adminToken: undefined, catalogDir: dir });
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('a wrong file changes nothing and answers the validation report of catalog:import', async () => {
      const before = await readFile(path.join(dir, 'stock.csv'), 'utf8');
      const bad = await app.request('/api/v1/pharmacy/catalog/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}`, 'accept-language': 'de' },
        body: JSON.stringify({ path: 'stock.csv', file_text: 'pharmacyId,pzn,quantity\nnowhere,00000000,-1\n' }),
      });
      expect(bad.status).toBe(400);
      const body = (await bad.json()) as { code: string; message: string; imported: boolean; problems: string[] };
      expect(body.code).toBe('CATALOG_INVALID');
      expect(body.message).toContain('nichts geändert');
      expect(body.imported).toBe(false);
      expect(body.problems.length).toBeGreaterThan(0);
      expect(body.problems.every((problem) => problem.startsWith('stock.csv'))).toBe(true);
      expect(await readFile(path.join(dir, 'stock.csv'), 'utf8')).toBe(before);

      const outside = await app.request('/api/v1/pharmacy/catalog/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` },
        body: JSON.stringify({ path: '../package.json', file_text: '{}' }),
      });
      expect(outside.status).toBe(400);
    });

    it('a valid file passes a dry run without changing anything', async () => {
      const content = await readFile(path.join(dir, 'categories.json'), 'utf8');
      const answer = await app.request('/api/v1/pharmacy/catalog/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${operator}` },
        body: JSON.stringify({ path: 'categories.json', file_text: content, dry_run: true }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ imported: false, problems: [], report: null });
    });
  });
});
