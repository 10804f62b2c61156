import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutLine } from '../../../src/features/checkout';
import { evaluateCoupon, validThrough, type CouponErrorCode } from '../../../src/features/coupons';
import {
  ensureReferralCode,
  loadCouponForCheckout,
  redeemCoupon,
  referrerForOrderCoupon,
  restoreCouponRedemption,
} from '../../../src/features/coupons';
import { couponRedemptions, coupons } from '../../../src/features/coupons/server/schema';
import { testApi, WEEKDAY_MORNING } from '../support/api';
import { seedCatalog } from '../support/fixtures';
import { call } from '../support/shopper';
import { createTestDb, type TestDb } from '../support/test-db';
import { inTx, insertCoupon, orderId, shopper, type Shopper } from './harness';

let testDb: TestDb;
let app: ReturnType<typeof testApi>;
const now = new Date(WEEKDAY_MORNING);

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  app = testApi(testDb);
});
afterAll(() => testDb?.close());

const line = (overrides: Partial<CheckoutLine> = {}): CheckoutLine => ({
  pzn: '04773414',
  unitPriceCents: 2500,
  quantity: 1,
  vatRate: 19,
  categorySlug: 'first-aid',
  kind: 'non-medicine',
  discounted: false,
  collectInPersonOnly: false,
  ...overrides,
});

/** Loads the coupon as the orders feature will, then applies the checkout rules to a cart. */
async function check(customer: Shopper, code: string, lines: CheckoutLine[] = [line()], counts = { orderCount: 0, pendingOrderCount: 0 }) {
  const loaded = await loadCouponForCheckout(testDb.db, { code, userId: customer.id, now, ...counts });
  if (!loaded.ok) return { ok: false as const, code: loaded.code as CouponErrorCode };
  const result = evaluateCoupon({ code, coupon: loaded.coupon, totalRedemptions: loaded.totalRedemptions, customer: loaded.facts, lines, now });
  return result.ok ? { ok: true as const, discountCents: result.value.discountCents } : { ok: false as const, code: result.code };
}

const redeem = (couponId: string, customer: Shopper, order = orderId()) =>
  inTx(testDb.db, (tx) => redeemCoupon(tx, { couponId, userId: customer.id, orderId: order, now }));

describe('loadCouponForCheckout', () => {
  it('answers unknown codes with COUPON_UNKNOWN, referral-shaped ones with COUPON_REFERRAL_INVALID', async () => {
    const customer = await shopper(app);
    expect(await loadCouponForCheckout(testDb.db, { code: 'NOPE', userId: customer.id, now, orderCount: 0 })).toEqual({ ok: false, code: 'COUPON_UNKNOWN' });
    expect(await loadCouponForCheckout(testDb.db, { code: '  ', userId: customer.id, now, orderCount: 0 })).toEqual({ ok: false, code: 'COUPON_UNKNOWN' });
    expect(await loadCouponForCheckout(testDb.db, { code: 'REF-ABCDEFGH', userId: customer.id, now, orderCount: 0 })).toEqual({
      ok: false,
      code: 'COUPON_REFERRAL_INVALID',
    });
  });

  it('finds a promotion however the customer types it, with the facts the rules need', async () => {
    const customer = await shopper(app);
    const id = await insertCoupon(testDb.db, { code: 'TYPED5', minOrderCents: 2000 });
    const loaded = await loadCouponForCheckout(testDb.db, { code: ' typed 5 ', userId: customer.id, now, orderCount: 3, pendingOrderCount: 1 });
    expect(loaded).toMatchObject({
      ok: true,
      couponId: id,
      coupon: { code: 'TYPED5', type: 'PROMOTION', discount: { kind: 'amount', amountCents: 500 }, minOrderCents: 2000 },
      facts: { customerId: customer.id, orderCount: 3, pendingOrderCount: 1, redemptionsByCustomer: 0, referralRedemptions: 0, ownReferralCode: null },
      totalRedemptions: 0,
    });
    expect((await check(customer, 'typed5')).ok).toBe(true);
  });

  it("treats another customer's personal coupon and a withdrawn coupon as unknown", async () => {
    const owner = await shopper(app);
    const other = await shopper(app);
    await insertCoupon(testDb.db, { code: 'ONLYYOU', type: 'PERSONAL', customerId: owner.id });
    await insertCoupon(testDb.db, { code: 'WITHDRAWN', active: false });
    expect(await loadCouponForCheckout(testDb.db, { code: 'ONLYYOU', userId: other.id, now, orderCount: 0 })).toEqual({ ok: false, code: 'COUPON_UNKNOWN' });
    expect(await loadCouponForCheckout(testDb.db, { code: 'WITHDRAWN', userId: owner.id, now, orderCount: 0 })).toEqual({ ok: false, code: 'COUPON_UNKNOWN' });
    expect(await check(owner, 'ONLYYOU')).toEqual({ ok: true, discountCents: 500 });
  });

  it("turns another customer's referral code into their REFERRAL coupon: 10 € off the first order", async () => {
    const referrer = await shopper(app);
    const friend = await shopper(app);
    const code = await ensureReferralCode(testDb.db, referrer.id, { now });
    const loaded = await loadCouponForCheckout(testDb.db, { code: code.toLowerCase(), userId: friend.id, now, orderCount: 0 });
    expect(loaded).toMatchObject({ ok: true, coupon: { code, type: 'REFERRAL', referrerId: referrer.id, discount: { amountCents: 1000 }, active: true } });
    expect(await check(friend, code)).toEqual({ ok: true, discountCents: 1000 });
  });

  it('recognises the customer’s own referral code so the rules can say so', async () => {
    const customer = await shopper(app);
    const code = await ensureReferralCode(testDb.db, customer.id, { now });
    const loaded = await loadCouponForCheckout(testDb.db, { code, userId: customer.id, now, orderCount: 0 });
    expect(loaded).toMatchObject({ ok: true, facts: { ownReferralCode: code } });
    expect(await check(customer, code)).toEqual({ ok: false, code: 'COUPON_OWN_REFERRAL' });
  });
});

describe('every coupon error of spec §8, from stored coupons', () => {
  it.each<[string, CouponErrorCode, Record<string, unknown>, CheckoutLine[]?, { orderCount: number; pendingOrderCount: number }?]>([
    ['expired', 'COUPON_EXPIRED', { expiresAt: validThrough('2026-06-15') }],
    ['not valid before a date', 'COUPON_NOT_YET_VALID', { startsAt: new Date('2026-07-01T00:00:00+02:00') }],
    ['minimum order value', 'COUPON_MIN_ORDER_VALUE', { minOrderCents: 3000 }],
    ['maximum order value', 'COUPON_MAX_ORDER_VALUE', { maxOrderCents: 2000 }],
    ['order count not reached', 'COUPON_ORDER_COUNT_NOT_REACHED', { minOrderCount: 2 }, undefined, { orderCount: 1, pendingOrderCount: 0 }],
    ['order count exceeded', 'COUPON_ORDER_COUNT_EXCEEDED', { maxOrderCount: 0 }, undefined, { orderCount: 1, pendingOrderCount: 0 }],
    ['category mismatch', 'COUPON_CATEGORY_MISMATCH', { scope: { categories: ['vitamins'] } }],
    ['product mismatch', 'COUPON_PRODUCT_MISMATCH', { scope: { pzns: ['00838973'] } }],
    ['discounted items', 'COUPON_DISCOUNTED_ITEMS', {}, [line({ discounted: true })]],
    ['medicines excluded', 'COUPON_ITEMS_EXCLUDED', {}, [line({ kind: 'pharmacy-only' })]],
  ])('%s → %s', async (_name, expected, fields, lines, counts) => {
    const customer = await shopper(app);
    const code = `E${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    await insertCoupon(testDb.db, { code, ...fields });
    expect(await check(customer, code, lines, counts)).toEqual({ ok: false, code: expected });
  });

  it('already used, and usage limit reached', async () => {
    const customer = await shopper(app);
    const other = await shopper(app);
    const id = await insertCoupon(testDb.db, { code: 'ONCEEACH', usageLimit: 2 });
    expect(await redeem(id, customer)).toEqual({ ok: true });
    expect(await check(customer, 'ONCEEACH')).toEqual({ ok: false, code: 'COUPON_ALREADY_USED' });
    expect(await redeem(id, other)).toEqual({ ok: true });
    expect(await check(await shopper(app), 'ONCEEACH')).toEqual({ ok: false, code: 'COUPON_USAGE_LIMIT_REACHED' });
  });

  it('referral: incorrect or no longer active, first order only, one referral per customer', async () => {
    const referrer = await shopper(app);
    const second = await shopper(app);
    const friend = await shopper(app);
    const code = await ensureReferralCode(testDb.db, referrer.id, { now });
    const otherCode = await ensureReferralCode(testDb.db, second.id, { now });
    expect(await check(friend, code, [line()], { orderCount: 1, pendingOrderCount: 0 })).toEqual({ ok: false, code: 'COUPON_REFERRAL_FIRST_ORDER_ONLY' });
    expect(await check(friend, code, [line()], { orderCount: 0, pendingOrderCount: 1 })).toEqual({ ok: false, code: 'COUPON_REFERRAL_FIRST_ORDER_ONLY' });

    const loaded = await loadCouponForCheckout(testDb.db, { code, userId: friend.id, now, orderCount: 0 });
    if (!loaded.ok) throw new Error('referral code not found');
    expect(await redeem(loaded.couponId, friend)).toEqual({ ok: true });
    // The friend now has a (pending) order with a referral; a second code is refused.
    expect(await check(friend, otherCode)).toEqual({ ok: false, code: 'COUPON_ALREADY_USED' });

    // The referrer deletes their account: the code is no longer active.
    expect((await call(app, '/v1/user', { method: 'DELETE', token: referrer.token })).status).toBe(200);
    expect(await check(await shopper(app), code)).toEqual({ ok: false, code: 'COUPON_REFERRAL_INVALID' });
  });
});

describe('redeemCoupon', () => {
  it('never exceeds the usage limit under concurrent orders (exactly N succeed)', async () => {
    const limit = 10;
    const id = await insertCoupon(testDb.db, { code: 'RUSH10', usageLimit: limit });
    const customers = await Promise.all(Array.from({ length: 30 }, () => shopper(app)));
    const results = await Promise.all(customers.map((customer) => redeem(id, customer)));
    expect(results.filter((result) => result.ok)).toHaveLength(limit);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.code === 'COUPON_USAGE_LIMIT_REACHED')).toBe(true);
    const [row] = await testDb.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row!.timesRedeemed).toBe(limit);
    expect(await testDb.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, id))).toHaveLength(limit);
  });

  it('never exceeds the per-customer limit when one customer places many orders at once', async () => {
    const id = await insertCoupon(testDb.db, { code: 'TWICE', usageLimitPerCustomer: 2 });
    const customer = await shopper(app);
    const results = await Promise.all(Array.from({ length: 12 }, () => redeem(id, customer)));
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.code === 'COUPON_ALREADY_USED')).toBe(true);
    const [row] = await testDb.db.select().from(coupons).where(eq(coupons.id, id));
    // Refused attempts give their provisional count back.
    expect(row!.timesRedeemed).toBe(2);
  });

  it('lets a customer hold only one referral redemption, even with two codes at once', async () => {
    const [a, b, friend] = await Promise.all([shopper(app), shopper(app), shopper(app)]);
    const ids = await Promise.all(
      [a, b].map(async (referrer) => {
        const loaded = await loadCouponForCheckout(testDb.db, { code: await ensureReferralCode(testDb.db, referrer.id, { now }), userId: friend.id, now, orderCount: 0 });
        if (!loaded.ok) throw new Error('referral code not found');
        return loaded.couponId;
      }),
    );
    const results = await Promise.all([...ids, ...ids].map((id) => redeem(id, friend)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it('refuses the own referral code and codes of erased or unknown coupons', async () => {
    const customer = await shopper(app);
    const own = await loadCouponForCheckout(testDb.db, { code: await ensureReferralCode(testDb.db, customer.id, { now }), userId: customer.id, now, orderCount: 0 });
    if (!own.ok) throw new Error('own code not found');
    expect(await redeem(own.couponId, customer)).toEqual({ ok: false, code: 'COUPON_OWN_REFERRAL' });
    expect(await redeem('no-such-coupon', customer)).toEqual({ ok: false, code: 'COUPON_UNKNOWN' });
  });

  it('is idempotent per order, and a restored use can be used again', async () => {
    const id = await insertCoupon(testDb.db, { code: 'AGAIN', usageLimit: 1 });
    const customer = await shopper(app);
    const order = orderId();
    expect(await redeem(id, customer, order)).toEqual({ ok: true });
    expect(await redeem(id, customer, order)).toEqual({ ok: true });
    expect(await redeem(id, await shopper(app))).toEqual({ ok: false, code: 'COUPON_USAGE_LIMIT_REACHED' });

    expect(await inTx(testDb.db, (tx) => restoreCouponRedemption(tx, { orderId: order, now }))).toEqual({ restored: true });
    expect(await inTx(testDb.db, (tx) => restoreCouponRedemption(tx, { orderId: order, now }))).toEqual({ restored: false });
    const [row] = await testDb.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row!.timesRedeemed).toBe(0);
    expect(await check(customer, 'AGAIN')).toEqual({ ok: true, discountCents: 500 });
    expect(await redeem(id, customer)).toEqual({ ok: true });
  });

  it('rolls back with the caller’s transaction', async () => {
    const id = await insertCoupon(testDb.db, { code: 'ROLLBACK', usageLimit: 1 });
    const customer = await shopper(app);
    await expect(
      inTx(testDb.db, async (tx) => {
        await redeemCoupon(tx, { couponId: id, userId: customer.id, orderId: orderId(), now });
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect(await redeem(id, customer)).toEqual({ ok: true });
  });
});

describe('referrerForOrderCoupon', () => {
  it('names the referrer of an order placed with a referral code, and nobody otherwise', async () => {
    const [referrer, friend] = await Promise.all([shopper(app), shopper(app)]);
    const loaded = await loadCouponForCheckout(testDb.db, { code: await ensureReferralCode(testDb.db, referrer.id, { now }), userId: friend.id, now, orderCount: 0 });
    if (!loaded.ok) throw new Error('referral code not found');
    const order = orderId();
    expect(await redeem(loaded.couponId, friend, order)).toEqual({ ok: true });
    expect(await referrerForOrderCoupon(testDb.db, { orderId: order })).toBe(referrer.id);

    const promo = orderId();
    await redeem(await insertCoupon(testDb.db, { code: 'NOREF' }), friend, promo);
    expect(await referrerForOrderCoupon(testDb.db, { orderId: promo })).toBeNull();
    expect(await referrerForOrderCoupon(testDb.db, { orderId: 'no-coupon' })).toBeNull();

    await restoreCouponRedemption(testDb.db, { orderId: order, now });
    expect(await referrerForOrderCoupon(testDb.db, { orderId: order })).toBeNull();
  });
});

describe('ensureReferralCode', () => {
  it('gives every customer one readable code, the same on every call, even concurrently', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => shopper(app)));
    const codes = await Promise.all(customers.flatMap((customer) => [ensureReferralCode(testDb.db, customer.id, { now }), ensureReferralCode(testDb.db, customer.id, { now })]));
    for (let i = 0; i < customers.length; i++) expect(codes[2 * i]).toBe(codes[2 * i + 1]);
    const distinct = new Set(codes);
    expect(distinct.size).toBe(customers.length);
    for (const code of distinct) expect(code).toMatch(/^REF-[2-9A-HJKMNP-Z]{8}$/);
  });

  it('draws again when a code is taken', async () => {
    const [first, second] = await Promise.all([shopper(app), shopper(app)]);
    const taken = await ensureReferralCode(testDb.db, first.id, { now, generate: () => 'REF-TAKEN222' });
    const draws = ['REF-TAKEN222', 'REF-FRESH333'];
    const code = await ensureReferralCode(testDb.db, second.id, { now, generate: () => draws.shift()! });
    expect(taken).toBe('REF-TAKEN222');
    expect(code).toBe('REF-FRESH333');
  });
});
