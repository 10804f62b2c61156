import { describe, expect, it } from 'vitest';
import { couponPolicyFromEnv } from '../../../src/features/coupons';
import { validateCouponRecords, type CouponCatalogFacts } from '../../../src/features/coupons';

const catalog: CouponCatalogFacts = {
  categorySlugs: new Set(['beauty', 'cold-and-flu']),
  products: new Map([
    ['11111110', { categorySlug: 'beauty', kind: 'non-medicine' as const }],
    ['22222220', { categorySlug: 'cold-and-flu', kind: 'pharmacy-only' as const }],
  ]),
};

const problemsOf = (records: unknown, policy = couponPolicyFromEnv({})) => validateCouponRecords(records, catalog, policy).problems;

describe('coupons.json records', () => {
  it('become coupons with Berlin dates: validFrom is the first day, validUntil the last', () => {
    const { coupons, problems } = validateCouponRecords(
      [{ code: ' summer 26 ', discount: { percent: 10 }, validFrom: '2026-07-01', validUntil: '2026-08-31', categories: ['beauty'], listed: false }],
      catalog,
    );
    expect(problems).toEqual([]);
    const [definition] = coupons;
    expect(definition!.listed).toBe(false);
    expect(definition!.coupon).toMatchObject({
      code: 'SUMMER26',
      type: 'PROMOTION',
      discount: { kind: 'percentage', percent: 10 },
      usageLimitPerCustomer: 1,
      scope: { categories: ['beauty'], pzns: [] },
      active: true,
    });
    // Midnight in Berlin summer time (UTC+2), on the first day and after the last.
    expect(definition!.coupon.startsAt!.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(definition!.coupon.expiresAt!.toISOString()).toBe('2026-08-31T22:00:00.000Z');
  });

  it('must be an array', () => {
    expect(problemsOf({ code: 'X' })).toEqual(['coupons.json: must be a JSON array of coupons']);
  });

  it.each([
    ['a code too short', { code: 'AB', discount: { amountCents: 100 } }, /code: must be 3–32/],
    ['a referral-shaped code', { code: 'REF-ABCDEFGH', discount: { amountCents: 100 } }, /reserved for referral codes/],
    ['no discount', { code: 'NONE' }, /discount/],
    ['a zero amount', { code: 'ZERO', discount: { amountCents: 0 } }, /discount/],
    ['percent over 100', { code: 'MUCH', discount: { percent: 101 } }, /discount/],
    ['a date that does not exist', { code: 'FEB', discount: { amountCents: 100 }, validUntil: '2026-02-30' }, /validUntil: is not a calendar date/],
    ['an end before the start', { code: 'BACK', discount: { amountCents: 100 }, validFrom: '2026-02-02', validUntil: '2026-02-01' }, /must not be before validFrom/],
    ['min above max order value', { code: 'MINMAX', discount: { amountCents: 100 }, minOrderCents: 5000, maxOrderCents: 1000 }, /maxOrderCents/],
    ['min above max order count', { code: 'COUNT', discount: { amountCents: 100 }, minOrderCount: 3, maxOrderCount: 1 }, /maxOrderCount/],
    ['an unknown field', { code: 'TYPO', discount: { amountCents: 100 }, minOrder: 2000 }, /record: Unrecognized key/i],
    ['a personal coupon (no customer in a file)', { code: 'MINE', type: 'PERSONAL', discount: { amountCents: 100 } }, /type/],
    ['an unknown category', { code: 'CAT', discount: { amountCents: 100 }, categories: ['toys'] }, /unknown category "toys"/],
    ['an unknown product', { code: 'PROD', discount: { amountCents: 100 }, pzns: ['33333330'] }, /unknown product "33333330"/],
    ['only medicines in scope', { code: 'MEDS', discount: { amountCents: 100 }, categories: ['cold-and-flu'] }, /can never apply/],
  ])('names %s', (_name, record, message) => {
    const problems = problemsOf([record]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^coupons\.json, record 1/);
    expect(problems[0]).toMatch(message);
  });

  it('finds duplicate codes after normalising', () => {
    expect(problemsOf([{ code: 'SAME', discount: { amountCents: 100 } }, { code: 'same', discount: { amountCents: 100 } }])).toEqual([
      'coupons.json, record 2 (code "same"): duplicate code "SAME" (first used by coupons.json, record 1 (code "SAME"))',
    ]);
  });

  it('allows a medicine scope once the operator lets coupons apply to pharmacy-only products', () => {
    const record = { code: 'MEDS', discount: { amountCents: 100 }, categories: ['cold-and-flu'] };
    expect(problemsOf([record], couponPolicyFromEnv({ COUPON_EXCLUDED_KINDS: 'none' }))).toEqual([]);
  });
});
