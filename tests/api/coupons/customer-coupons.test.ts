import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditWallet } from '../../../src/features/wallet';
import { validThrough } from '../../../src/features/coupons';
import { loadCouponForCheckout, redeemCoupon, restoreCouponRedemption } from '../../../src/features/coupons';
import { couponSeen, coupons, referralCodes } from '../../../src/features/coupons/server/schema';
import { testApi, WEEKDAY_MORNING } from '../support/api';
import { seedCatalog } from '../support/fixtures';
import { call } from '../support/shopper';
import { createTestDb, type TestDb } from '../support/test-db';
import { inTx, insertCoupon, orderId, shopper } from './harness';

let testDb: TestDb;
let app: ReturnType<typeof testApi>;
const now = new Date(WEEKDAY_MORNING);

interface CouponItem {
  code: string;
  type: string;
  title: { en: string; de: string } | null;
  description: { en: string; de: string };
  discount_kind: string;
  amount_cents: number | null;
  percent: number | null;
  valid_from: string | null;
  valid_until: string | null;
  min_order_cents: number | null;
  max_order_count: number | null;
  uses_left: number;
  seen: boolean;
}
type CouponList = { items: CouponItem[]; referral: { code: string; discount_cents: number; reward_cents: number; min_order_cents: number; terms: { en: string; de: string } } };

const list = (token: string, lang?: 'en' | 'de') => call<CouponList>(app, '/v1/user/coupons', { token, lang });
const unseen = (token: string) => call<{ items: CouponItem[]; count: number }>(app, '/v1/user/unseen-coupons', { token });
const markSeen = (token: string, body: unknown) => call<{ status: boolean; marked: number }>(app, '/v1/user/mark-seen', { token, body });
const codes = (items: CouponItem[]) => items.map((item) => item.code);
/** Intl puts a no-break space between amount and €. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  app = testApi(testDb);
  // Shared by every test: what any customer sees.
  await insertCoupon(
    testDb.db,
    { code: 'WELCOME5', minOrderCents: 2000, expiresAt: validThrough('2026-12-31') },
    { title: { en: 'Welcome', de: 'Willkommen' } },
  );
  await insertCoupon(testDb.db, { code: 'VITA15', discount: { kind: 'percentage', percent: 15 }, scope: { categories: ['vitamins'] }, maxOrderCount: 0 });
  await insertCoupon(testDb.db, { code: 'LATER', startsAt: new Date('2026-07-01T00:00:00+02:00'), expiresAt: validThrough('2026-07-31') });
  await insertCoupon(testDb.db, { code: 'GONE', expiresAt: validThrough('2026-06-15') });
  await insertCoupon(testDb.db, { code: 'HIDDEN' }, { listed: false });
  await insertCoupon(testDb.db, { code: 'OFF', active: false });
  await insertCoupon(testDb.db, { code: 'SOLDOUT', usageLimit: 3 }, { timesRedeemed: 3 });
});
afterAll(() => testDb?.close());

describe('customer coupons', () => {
  it('need a login', async () => {
    for (const path of ['/v1/user/coupons', '/v1/user/unseen-coupons', '/v1/user/referral']) {
      const answer = await call(app, path);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('UNAUTHORIZED');
    }
    expect((await call(app, '/v1/user/mark-seen', { body: { status: true } })).status).toBe(401);
  });

  it('lists usable promotions with their terms; expired, withdrawn, unlisted and used-up ones are left out', async () => {
    const customer = await shopper(app);
    const answer = await list(customer.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // Soonest expiry first; no expiry last.
    expect(codes(answer.body.items)).toEqual(['LATER', 'WELCOME5', 'VITA15']);
    const welcome = answer.body.items.find((item) => item.code === 'WELCOME5')!;
    expect(welcome).toMatchObject({
      type: 'PROMOTION',
      title: { en: 'Welcome', de: 'Willkommen' },
      discount_kind: 'amount',
      amount_cents: 500,
      percent: null,
      valid_from: null,
      valid_until: '2026-12-31',
      min_order_cents: 2000,
      uses_left: 1,
      seen: false,
    });
    expect(welcome.description.en).toBe('€5.00 off your order. From an order value of €20.00. Valid until 31 Dec 2026. Not valid on medicines or discounted items.');
    expect(plain(welcome.description.de)).toBe('5,00 € Rabatt auf Ihre Bestellung. Ab einem Bestellwert von 20,00 €. Gültig bis zum 31.12.2026. Nicht für Arzneimittel und reduzierte Artikel.');
    const vita = answer.body.items.find((item) => item.code === 'VITA15')!;
    expect(vita).toMatchObject({ discount_kind: 'percentage', percent: 15, amount_cents: null, max_order_count: 0 });
    expect(vita.description.en).toContain('15 % off products in Vitamins.');
    expect(vita.description.en).toContain('For your first order only.');
    expect(vita.description.de).toContain('15 % Rabatt auf Produkte aus Vitamine.');
    expect(answer.body.items.find((item) => item.code === 'LATER')).toMatchObject({ valid_from: '2026-07-01', valid_until: '2026-07-31' });
  });

  it("shows a customer their personal coupons and no one else's", async () => {
    const owner = await shopper(app);
    const other = await shopper(app);
    await insertCoupon(testDb.db, { code: 'FORYOU', type: 'PERSONAL', customerId: owner.id });
    expect(codes((await list(owner.token)).body.items)).toContain('FORYOU');
    expect(codes((await list(other.token)).body.items)).not.toContain('FORYOU');
    expect(codes((await unseen(other.token)).body.items)).not.toContain('FORYOU');
  });

  it('drops a coupon once the customer has used it up, and shows it again when the order is given back', async () => {
    const customer = await shopper(app);
    const loaded = await loadCouponForCheckout(testDb.db, { code: 'WELCOME5', userId: customer.id, now, orderCount: 0 });
    if (!loaded.ok) throw new Error('WELCOME5 not found');
    const order = orderId();
    await inTx(testDb.db, (tx) => redeemCoupon(tx, { couponId: loaded.couponId, userId: customer.id, orderId: order, now }));
    expect(codes((await list(customer.token)).body.items)).not.toContain('WELCOME5');
    await restoreCouponRedemption(testDb.db, { orderId: order, now });
    expect(codes((await list(customer.token)).body.items)).toContain('WELCOME5');
  });

  it('keeps coupons unseen until the customer marks them seen; new coupons are unseen again', async () => {
    const customer = await shopper(app);
    const first = await unseen(customer.token);
    expect(first.body).toMatchObject({ count: 3 });
    expect(codes(first.body.items).sort()).toEqual(['LATER', 'VITA15', 'WELCOME5']);

    const marked = await markSeen(customer.token, { status: true });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ status: true, marked: 3 });
    expect((await unseen(customer.token)).body).toEqual({ items: [], count: 0 });
    expect((await list(customer.token)).body.items.every((item) => item.seen)).toBe(true);
    expect((await markSeen(customer.token, { status: true })).body).toEqual({ status: true, marked: 0 });

    await insertCoupon(testDb.db, { code: 'FRESH', type: 'PERSONAL', customerId: customer.id });
    expect(codes((await unseen(customer.token)).body.items)).toEqual(['FRESH']);
    // Another customer's seen state is their own.
    expect((await unseen((await shopper(app)).token)).body.count).toBe(3);
  });

  it('accepts only {"status": true} as mark-seen payload', async () => {
    const customer = await shopper(app);
    for (const body of [{ status: false }, {}, { status: 'true' }, []]) {
      const answer = await markSeen(customer.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('BAD_REQUEST');
    }
    expect((await unseen(customer.token)).body.count).toBe(3);
    const german = await call(app, '/v1/user/mark-seen', { token: customer.token, body: { status: false }, lang: 'de' });
    expect(german.body.message).toBe('Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.');
  });
});

describe('referral', () => {
  it('gives every customer one code, shown with the coupons and on the referral screen', async () => {
    const customer = await shopper(app);
    const listed = (await list(customer.token)).body.referral;
    expect(listed).toMatchObject({ discount_cents: 1000, reward_cents: 1000, min_order_cents: 2000 });
    expect(listed.code).toMatch(/^REF-[2-9A-HJKMNP-Z]{8}$/);
    expect(plain(listed.terms.de)).toContain('Ihre Freundin oder Ihr Freund erhält 10,00 € Rabatt auf die erste Bestellung ab einem Bestellwert von 20,00 €.');
    expect((await list(customer.token)).body.referral.code).toBe(listed.code);
    const screen = await call<Record<string, unknown>>(app, '/v1/user/referral', { token: customer.token });
    expect(screen.status).toBe(200);
    expect(screen.body).toMatchObject({ code: listed.code, friends_count: 0, rewards_count: 0, rewards_cents: 0 });
    expect((await call<{ referral: { code: string } }>(app, '/v1/user/coupons', { token: (await shopper(app)).token })).body.referral.code).not.toBe(listed.code);
  });

  it('counts friends who ordered with the code and the rewards credited for delivered orders', async () => {
    const referrer = await shopper(app);
    const code = (await call<{ code: string }>(app, '/v1/user/referral', { token: referrer.token })).body.code;
    for (const friend of [await shopper(app), await shopper(app)]) {
      const loaded = await loadCouponForCheckout(testDb.db, { code, userId: friend.id, now, orderCount: 0 });
      if (!loaded.ok) throw new Error('code not found');
      const order = orderId();
      await inTx(testDb.db, (tx) => redeemCoupon(tx, { couponId: loaded.couponId, userId: friend.id, orderId: order, now }));
      await inTx(testDb.db, (tx) => creditWallet(tx, { userId: referrer.id, cents: 1000, kind: 'referral_reward', orderId: order, now }));
    }
    const screen = await call<Record<string, unknown>>(app, '/v1/user/referral', { token: referrer.token });
    expect(screen.body).toMatchObject({ code, friends_count: 2, rewards_count: 2, rewards_cents: 2000 });
  });
});

describe('account erasure', () => {
  it('removes the seen state, withdraws personal coupons and the referral code', async () => {
    const customer = await shopper(app);
    await insertCoupon(testDb.db, { code: 'MINEONLY', type: 'PERSONAL', customerId: customer.id });
    await markSeen(customer.token, { status: true });
    await call(app, '/v1/user/referral', { token: customer.token });
    expect((await call(app, '/v1/user', { method: 'DELETE', token: customer.token })).status).toBe(200);
    expect(await testDb.db.select().from(couponSeen).where(eq(couponSeen.userId, customer.id))).toEqual([]);
    expect((await testDb.db.select().from(coupons).where(eq(coupons.code, 'MINEONLY')))[0]!.active).toBe(false);
    expect((await testDb.db.select().from(referralCodes).where(eq(referralCodes.userId, customer.id)))[0]!.active).toBe(false);
  });
});
