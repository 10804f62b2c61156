import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../src/features/catalog';
import { toCheckoutLine } from '../../../src/features/checkout';
import { DEFAULT_COUPON_POLICY, evaluateCoupon, type CouponErrorCode } from '../../../src/features/coupons';
import { validateCouponRecords, type CouponCatalogFacts, type CouponDefinition } from '../../../src/features/coupons';

const NOW = new Date('2026-11-20T10:00:00Z');
const customer = { customerId: 'c1', ownReferralCode: null, orderCount: 0, pendingOrderCount: 0, redemptionsByCustomer: 0, referralRedemptions: 0 };

async function demo() {
  const catalog = await loadCatalog(path.resolve('catalog'));
  const facts: CouponCatalogFacts = {
    categorySlugs: new Set(catalog.categories.map((category) => category.slug)),
    products: new Map(catalog.products.map((product) => [product.pzn, { categorySlug: product.categorySlug, kind: product.kind }])),
  };
  const records = JSON.parse(await readFile(path.resolve('catalog/coupons.json'), 'utf8')) as unknown;
  return { catalog, result: validateCouponRecords(records, facts, DEFAULT_COUPON_POLICY) };
}

/** A cart of one in-scope, undiscounted non-medicine product, enough packs for the minimum order. */
async function tryCoupon(definition: CouponDefinition, orderCount = 0): Promise<{ ok: true } | { ok: false; code: CouponErrorCode }> {
  const { catalog } = await demo();
  const { coupon } = definition;
  const categories = coupon.scope?.categories ?? [];
  const product = catalog.products.find(
    (candidate) => candidate.kind === 'non-medicine' && candidate.wasPriceCents === undefined && (categories.length === 0 || categories.includes(candidate.categorySlug)),
  )!;
  const quantity = Math.max(1, Math.ceil((coupon.minOrderCents ?? 0) / product.priceCents));
  const result = evaluateCoupon({
    code: coupon.code,
    coupon,
    totalRedemptions: 0,
    customer: { ...customer, orderCount },
    lines: [toCheckoutLine({ ...product, wasPriceCents: product.wasPriceCents ?? null }, quantity)],
    now: NOW,
  });
  return result.ok ? { ok: true } : { ok: false, code: result.code };
}

describe('the demo coupons in catalog/coupons.json', () => {
  it('pass the import checks against the demo catalogue', async () => {
    const { result } = await demo();
    expect(result.problems).toEqual([]);
    expect(result.coupons.length).toBeGreaterThanOrEqual(5);
  });

  it('show every case: 5 € off from 20 €, a beauty percentage, a usage limit, an expired and a not-yet-valid coupon', async () => {
    const { result } = await demo();
    const byCode = new Map(result.coupons.map((definition) => [definition.coupon.code, definition]));
    expect(byCode.get('WELCOME5')!.coupon).toMatchObject({ discount: { kind: 'amount', amountCents: 500 }, minOrderCents: 2000 });
    expect(byCode.get('BEAUTY15')!.coupon).toMatchObject({ discount: { kind: 'percentage', percent: 15 }, scope: { categories: ['beauty'] } });
    expect(result.coupons.some((definition) => definition.coupon.usageLimit != null)).toBe(true);
    const outcomes = await Promise.all(result.coupons.map(async (definition) => [definition.coupon.code, await tryCoupon(definition, 5)] as const));
    const codes = outcomes.map(([, outcome]) => (outcome.ok ? 'ok' : outcome.code));
    expect(codes).toContain('COUPON_EXPIRED');
    expect(codes).toContain('COUPON_NOT_YET_VALID');
  });

  it('apply to non-medicine products (medicines are excluded by default) whenever they are valid', async () => {
    const { result } = await demo();
    for (const definition of result.coupons) {
      const { startsAt, expiresAt } = definition.coupon;
      if ((startsAt && startsAt > NOW) || (expiresAt && expiresAt <= NOW)) continue;
      expect(await tryCoupon(definition, definition.coupon.minOrderCount ?? 0), definition.coupon.code).toEqual({ ok: true });
    }
  });
});
