import { describe, expect, it } from 'vitest';
import { couponPolicyFromEnv, DEFAULT_COUPON_POLICY, lastValidDate, validThrough, type Coupon } from '../../../src/features/coupons/model/coupon';
import { COUPON_ERROR_CODES, evaluateCoupon, type CouponEvaluationInput, type CustomerCouponFacts } from '../../../src/features/coupons/model/coupon-rules';
import { referralCoupon } from '../../../src/features/coupons/model/referral';
import { isErrorCode } from '../../../src/platform/http/error-codes';
import { checkoutLine } from '../checkout/fixtures';

const NOW = new Date('2026-06-16T10:00:00Z');
const customer: CustomerCouponFacts = { customerId: 'cust-1', ownReferralCode: 'REF-AAAA2222', orderCount: 0, pendingOrderCount: 0, redemptionsByCustomer: 0, referralRedemptions: 0 };
const tenOff: Coupon = { code: 'SPRING10', type: 'PROMOTION', discount: { kind: 'amount', amountCents: 1000 } };
const beauty = checkoutLine('10019621', 3000);

function evaluate(overrides: Partial<CouponEvaluationInput> & { coupon?: Coupon | null } = {}) {
  return evaluateCoupon({ code: overrides.coupon?.code ?? tenOff.code, coupon: tenOff, totalRedemptions: 0, customer, lines: [beauty], now: NOW, ...overrides });
}
const withCoupon = (changes: Partial<Coupon>, rest: Partial<CouponEvaluationInput> = {}) => evaluate({ coupon: { ...tenOff, ...changes }, ...rest });
const codeOf = (result: ReturnType<typeof evaluateCoupon>) => (result.ok ? 'OK' : result.code);

describe('evaluateCoupon: amounts', () => {
  it('takes a fixed amount off the eligible lines', () => {
    const result = evaluate();
    expect(result).toEqual({
      ok: true,
      value: { code: 'SPRING10', type: 'PROMOTION', referrerId: null, discountCents: 1000, eligibleSubtotalCents: 3000, lines: [{ pzn: '10019621', discountCents: 1000 }], ineligible: [] },
    });
  });

  it('never discounts more than the eligible lines are worth', () => {
    const result = evaluate({ lines: [checkoutLine('10019621', 650)] });
    expect(result.ok && result.value.discountCents).toBe(650);
  });

  it('rounds a percentage half up and spreads it over the lines in proportion', () => {
    const percent = { discount: { kind: 'percentage', percent: 15 } } as const;
    const result = withCoupon(percent, { lines: [checkoutLine('10019621', 615, { quantity: 2 })] }); // 15 % of 12.30 € = 1.845 €
    expect(result.ok && result.value.discountCents).toBe(185);
    const split = withCoupon(percent, { lines: [checkoutLine('10019621', 1070, { vatRate: 7 }), checkoutLine('04877800', 2000)] });
    expect(split.ok && split.value).toMatchObject({ discountCents: 461, lines: [{ pzn: '10019621', discountCents: 161 }, { pzn: '04877800', discountCents: 300 }] });
  });

  it('applies to eligible lines only and says why the others were left out', () => {
    const lines = [
      checkoutLine('10019621', 2000),
      checkoutLine('04877800', 1500, { kind: 'pharmacy-only', categorySlug: 'cold-flu' }),
      checkoutLine('04773414', 900, { discounted: true }),
    ];
    const result = withCoupon({ discount: { kind: 'percentage', percent: 10 } }, { lines });
    expect(result.ok && result.value).toMatchObject({
      discountCents: 200,
      eligibleSubtotalCents: 2000,
      lines: [{ pzn: '10019621', discountCents: 200 }],
      ineligible: [
        { pzn: '04877800', reason: 'excluded' },
        { pzn: '04773414', reason: 'discounted' },
      ],
    });
  });
});

describe('evaluateCoupon: is the code real and the customer’s to use', () => {
  it('does not know missing, withdrawn or other customers’ personal codes', () => {
    expect(codeOf(evaluate({ coupon: null, code: 'NOPE' }))).toBe('COUPON_UNKNOWN');
    expect(codeOf(evaluate({ code: '   ' }))).toBe('COUPON_UNKNOWN');
    expect(codeOf(withCoupon({ active: false }))).toBe('COUPON_UNKNOWN');
    expect(codeOf(withCoupon({ type: 'PERSONAL', customerId: 'someone-else' }))).toBe('COUPON_UNKNOWN');
    expect(codeOf(withCoupon({ type: 'PERSONAL', customerId: 'cust-1' }))).toBe('OK');
  });

  it('compares codes without case or blanks', () => {
    expect(codeOf(evaluate({ code: ' spring 10 ' }))).toBe('OK');
  });

  it('calls an unknown referral-shaped code incorrect rather than unknown', () => {
    expect(codeOf(evaluate({ coupon: null, code: 'ref-7kx2m9pq' }))).toBe('COUPON_REFERRAL_INVALID');
  });

  it('reports an empty cart', () => {
    expect(codeOf(evaluate({ lines: [] }))).toBe('CART_EMPTY');
  });
});

describe('evaluateCoupon: dates', () => {
  it('is valid from its start instant on', () => {
    const startsAt = new Date('2026-06-16T10:00:00Z');
    expect(codeOf(withCoupon({ startsAt }))).toBe('OK');
    const early = withCoupon({ startsAt }, { now: new Date(startsAt.getTime() - 1) });
    expect(early).toEqual({ ok: false, code: 'COUPON_NOT_YET_VALID', detail: { startsAt: '2026-06-16T10:00:00.000Z' } });
  });

  it('is valid through the whole Berlin day of its valid-until date', () => {
    const expiresAt = validThrough('2026-12-31');
    expect(expiresAt.toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(validThrough('2026-07-31').toISOString()).toBe('2026-07-31T22:00:00.000Z');
    expect(lastValidDate(expiresAt)).toBe('2026-12-31');
    expect(codeOf(withCoupon({ expiresAt }, { now: new Date('2026-12-31T22:59:59.999Z') }))).toBe('OK');
    expect(withCoupon({ expiresAt }, { now: new Date('2026-12-31T23:00:00Z') })).toEqual({
      ok: false,
      code: 'COUPON_EXPIRED',
      detail: { expiresAt: '2026-12-31T23:00:00.000Z' },
    });
  });
});

describe('evaluateCoupon: usage limits', () => {
  it('is used once per customer unless the coupon allows more', () => {
    expect(codeOf(evaluate({ customer: { ...customer, redemptionsByCustomer: 1 } }))).toBe('COUPON_ALREADY_USED');
    expect(codeOf(withCoupon({ usageLimitPerCustomer: 3 }, { customer: { ...customer, redemptionsByCustomer: 2 } }))).toBe('OK');
    expect(codeOf(withCoupon({ usageLimitPerCustomer: 3 }, { customer: { ...customer, redemptionsByCustomer: 3 } }))).toBe('COUPON_ALREADY_USED');
  });

  it('stops at the total usage limit', () => {
    expect(codeOf(withCoupon({ usageLimit: 100 }, { totalRedemptions: 99 }))).toBe('OK');
    expect(codeOf(withCoupon({ usageLimit: 100 }, { totalRedemptions: 100 }))).toBe('COUPON_USAGE_LIMIT_REACHED');
  });
});

describe('evaluateCoupon: order counts', () => {
  it('needs the minimum number of earlier orders', () => {
    const fromThirdOrder = { minOrderCount: 2 };
    expect(withCoupon(fromThirdOrder, { customer: { ...customer, orderCount: 1 } })).toEqual({ ok: false, code: 'COUPON_ORDER_COUNT_NOT_REACHED', detail: { minOrderCount: 2 } });
    expect(codeOf(withCoupon(fromThirdOrder, { customer: { ...customer, orderCount: 2 } }))).toBe('OK');
  });

  it('allows at most the maximum number of earlier orders', () => {
    const firstOrderOnly = { maxOrderCount: 0 };
    expect(codeOf(withCoupon(firstOrderOnly))).toBe('OK');
    expect(withCoupon(firstOrderOnly, { customer: { ...customer, orderCount: 1 } })).toEqual({ ok: false, code: 'COUPON_ORDER_COUNT_EXCEEDED', detail: { maxOrderCount: 0 } });
  });
});

describe('evaluateCoupon: order value', () => {
  it('needs the minimum order value, 19.99 € against 20.00 €', () => {
    const min = { minOrderCents: 2000 };
    expect(withCoupon(min, { lines: [checkoutLine('10019621', 1999)] })).toEqual({
      ok: false,
      code: 'COUPON_MIN_ORDER_VALUE',
      detail: { minOrderCents: 2000, missingCents: 1 },
    });
    expect(codeOf(withCoupon(min, { lines: [checkoutLine('10019621', 2000)] }))).toBe('OK');
  });

  it('allows at most the maximum order value', () => {
    const max = { maxOrderCents: 10000 };
    expect(codeOf(withCoupon(max, { lines: [checkoutLine('10019621', 10000)] }))).toBe('OK');
    expect(codeOf(withCoupon(max, { lines: [checkoutLine('10019621', 10001)] }))).toBe('COUPON_MAX_ORDER_VALUE');
  });

  it('measures the whole goods subtotal, although the discount covers eligible lines only', () => {
    const lines = [checkoutLine('10019621', 500), checkoutLine('04877800', 1500, { kind: 'pharmacy-only', categorySlug: 'cold-flu' })];
    const result = withCoupon({ minOrderCents: 2000 }, { lines });
    expect(result.ok && result.value.discountCents).toBe(500);
  });
});

describe('evaluateCoupon: which products', () => {
  it('refuses a category coupon without products of that category', () => {
    expect(codeOf(withCoupon({ scope: { categories: ['vitamins'] } }))).toBe('COUPON_CATEGORY_MISMATCH');
    expect(codeOf(withCoupon({ scope: { categories: ['beauty'] } }))).toBe('OK');
  });

  it('refuses a product coupon without that product, and counts a listed product whatever its category', () => {
    expect(codeOf(withCoupon({ scope: { pzns: ['00838973'] } }))).toBe('COUPON_PRODUCT_MISMATCH');
    const result = withCoupon({ scope: { categories: ['vitamins'], pzns: ['10019621'] } });
    expect(result.ok && result.value.discountCents).toBe(1000);
  });

  it('never discounts products with a struck "was" price', () => {
    expect(codeOf(evaluate({ lines: [checkoutLine('10019621', 3000, { discounted: true })] }))).toBe('COUPON_DISCOUNTED_ITEMS');
    expect(codeOf(withCoupon({ scope: { pzns: ['10019621'] } }, { lines: [checkoutLine('10019621', 3000, { discounted: true }), checkoutLine('04877800', 900)] }))).toBe(
      'COUPON_DISCOUNTED_ITEMS',
    );
  });

  it('excludes medicines by default and follows the operator’s policy', () => {
    const medicine = [checkoutLine('04877800', 3000, { kind: 'free-sale', categorySlug: 'cold-flu' })];
    expect(DEFAULT_COUPON_POLICY.excludedKinds).toEqual(['prescription', 'pharmacy-only', 'free-sale']);
    expect(codeOf(evaluate({ lines: medicine }))).toBe('COUPON_ITEMS_EXCLUDED');
    expect(codeOf(evaluate({ lines: medicine, policy: couponPolicyFromEnv({ COUPON_EXCLUDED_KINDS: 'none' }) }))).toBe('OK');
    expect(codeOf(evaluate({ policy: couponPolicyFromEnv({ COUPON_EXCLUDED_CATEGORIES: 'beauty, baby' }) }))).toBe('COUPON_ITEMS_EXCLUDED');
    expect(codeOf(evaluate({ policy: couponPolicyFromEnv({ COUPON_EXCLUDED_PZNS: '10019621' }) }))).toBe('COUPON_ITEMS_EXCLUDED');
  });
});

describe('couponPolicyFromEnv', () => {
  it('defaults to excluding every medicine', () => {
    expect(couponPolicyFromEnv({})).toEqual(DEFAULT_COUPON_POLICY);
  });

  it('keeps prescription medicines excluded whatever is configured, and refuses unknown kinds', () => {
    expect(couponPolicyFromEnv({ COUPON_EXCLUDED_KINDS: 'none' }).excludedKinds).toEqual(['prescription']);
    expect(couponPolicyFromEnv({ COUPON_EXCLUDED_KINDS: 'pharmacy-only' }).excludedKinds).toEqual(['prescription', 'pharmacy-only']);
    expect(() => couponPolicyFromEnv({ COUPON_EXCLUDED_KINDS: 'otc' })).toThrow(/otc/);
  });
});

describe('evaluateCoupon: referral codes', () => {
  const friendCode = referralCoupon({ customerId: 'cust-9', code: 'REF-7KX2M9PQ', active: true });
  const referral = (rest: Partial<CouponEvaluationInput> = {}, coupon: Coupon = friendCode) => evaluate({ coupon, code: coupon.code, ...rest });

  it('gives 10 € off a first order and names the referrer', () => {
    const result = referral();
    expect(result.ok && result.value).toMatchObject({ type: 'REFERRAL', referrerId: 'cust-9', discountCents: 1000 });
  });

  it('refuses the customer’s own code', () => {
    expect(codeOf(referral({ customer: { ...customer, customerId: 'cust-9' } }))).toBe('COUPON_OWN_REFERRAL');
    expect(codeOf(referral({ customer: { ...customer, ownReferralCode: 'ref-7kx2m9pq' } }))).toBe('COUPON_OWN_REFERRAL');
  });

  it('refuses a code that is no longer active', () => {
    expect(codeOf(referral({}, { ...friendCode, active: false }))).toBe('COUPON_REFERRAL_INVALID');
  });

  it('works on the first order only, pending orders included', () => {
    expect(codeOf(referral({ customer: { ...customer, orderCount: 1 } }))).toBe('COUPON_REFERRAL_FIRST_ORDER_ONLY');
    expect(codeOf(referral({ customer: { ...customer, pendingOrderCount: 1 } }))).toBe('COUPON_REFERRAL_FIRST_ORDER_ONLY');
    expect(codeOf(referral({ customer: { ...customer, referralRedemptions: 1 } }))).toBe('COUPON_ALREADY_USED');
  });

  it('follows the coupon rules: 20 € minimum, no medicines by default', () => {
    expect(codeOf(referral({ lines: [checkoutLine('10019621', 1999)] }))).toBe('COUPON_MIN_ORDER_VALUE');
    expect(codeOf(referral({ lines: [checkoutLine('10019621', 2500, { kind: 'pharmacy-only' })] }))).toBe('COUPON_ITEMS_EXCLUDED');
  });
});

describe('evaluateCoupon: one failure at a time', () => {
  it('reports the first rule that fails, in a fixed order', () => {
    const everythingWrong = withCoupon(
      { expiresAt: new Date('2026-01-01T00:00:00Z'), minOrderCents: 99999, scope: { categories: ['vitamins'] } },
      { customer: { ...customer, redemptionsByCustomer: 5 } },
    );
    expect(codeOf(everythingWrong)).toBe('COUPON_EXPIRED');
    expect(codeOf(withCoupon({ minOrderCents: 99999, scope: { categories: ['vitamins'] } }, { customer: { ...customer, redemptionsByCustomer: 5 } }))).toBe('COUPON_ALREADY_USED');
  });

  it('uses only codes of the error catalogue', () => {
    expect(COUPON_ERROR_CODES.filter((code) => !isErrorCode(code))).toEqual([]);
  });
});
