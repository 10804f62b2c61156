import { describe, expect, it } from 'vitest';
import { containedVatCents, priceCart } from '../../../src/features/cart/model/pricing';
import { evaluateCoupon } from '../../../src/features/coupons/model/coupon-rules';
import { computeOrderTotals, maxWalletCredit, type OrderTotalsInput } from '../../../src/features/checkout/model/order-totals';
import { checkoutLine } from './fixtures';

const totals = (input: OrderTotalsInput) => {
  const result = computeOrderTotals(input);
  if (!result.ok) throw new Error(`expected totals, got ${result.code}`);
  return result.value;
};

describe('computeOrderTotals: delivery fee', () => {
  it('charges the configured fee at 29.99 € and nothing from 30.00 €', () => {
    expect(totals({ lines: [checkoutLine('10019621', 2999)], method: 'courier' })).toMatchObject({
      subtotalCents: 2999,
      deliveryFeeCents: 290,
      missingForFreeDeliveryCents: 1,
      totalCents: 3289,
      amountDueCents: 3289,
    });
    expect(totals({ lines: [checkoutLine('10019621', 3000)], method: 'courier' })).toMatchObject({ deliveryFeeCents: 0, missingForFreeDeliveryCents: 0, totalCents: 3000 });
  });

  it('uses the configured fee and threshold, for courier and parcel alike', () => {
    const pricing = { deliveryFeeCents: 250, freeDeliveryFromCents: 2500 };
    expect(totals({ lines: [checkoutLine('10019621', 2499)], method: 'parcel', pricing })).toMatchObject({ deliveryFeeCents: 250, totalCents: 2749 });
    expect(totals({ lines: [checkoutLine('10019621', 2500)], method: 'parcel', pricing }).deliveryFeeCents).toBe(0);
  });

  it('charges no fee for self-pickup', () => {
    expect(totals({ lines: [checkoutLine('10019621', 999)], method: 'pickup' })).toMatchObject({ deliveryFeeCents: 0, missingForFreeDeliveryCents: 0, totalCents: 999 });
  });

  it('matches the cart’s totals when there is no coupon, tip or credit', () => {
    const lines = [checkoutLine('10019621', 1070, { vatRate: 7 }), checkoutLine('04877800', 595)];
    const cart = priceCart(lines);
    expect(totals({ lines, method: 'courier' })).toMatchObject({
      subtotalCents: cart.subtotalCents,
      deliveryFeeCents: cart.deliveryFeeCents,
      totalCents: cart.totalCents,
      vat: cart.vat,
      vatTotalCents: cart.vatTotalCents,
    });
  });
});

describe('computeOrderTotals: coupon', () => {
  const lines = [checkoutLine('10019621', 1070, { vatRate: 7 }), checkoutLine('04877800', 2000)];
  const coupon = { discountCents: 1000, lines: [{ pzn: '10019621', discountCents: 349 }, { pzn: '04877800', discountCents: 651 }] };

  it('keeps free delivery reached by the subtotal before the discount', () => {
    expect(totals({ lines, method: 'courier', coupon })).toMatchObject({ subtotalCents: 3070, couponDiscountCents: 1000, deliveryFeeCents: 0, totalCents: 2070 });
  });

  it('takes each line’s share of the discount out of its VAT group, so the VAT contained stays right', () => {
    const result = totals({ lines, method: 'courier', coupon });
    expect(result.vat).toEqual([
      // 20.00 − 6.51 = 13.49 € at 19 % → 2.1539 € → 2.15 €
      { rate: 19, grossCents: 1349, vatCents: 215 },
      // 10.70 − 3.49 = 7.21 € at 7 % → 0.4717 € → 0.47 €
      { rate: 7, grossCents: 721, vatCents: 47 },
    ]);
    expect(result.vatTotalCents).toBe(262);
    // The groups add up to what the customer pays for goods and delivery.
    expect(result.vat.reduce((sum, share) => sum + share.grossCents, 0)).toBe(result.totalCents - result.tipCents);
  });

  it('works with the shares evaluateCoupon computes, fee in the 19 % group', () => {
    const small = [checkoutLine('10019621', 1200, { vatRate: 7 }), checkoutLine('04877800', 1300)];
    const evaluation = evaluateCoupon({
      code: 'TEN',
      coupon: { code: 'TEN', type: 'PROMOTION', discount: { kind: 'percentage', percent: 10 } },
      totalRedemptions: 0,
      customer: { customerId: 'c', ownReferralCode: null, orderCount: 0, pendingOrderCount: 0, redemptionsByCustomer: 0, referralRedemptions: 0 },
      lines: small,
      now: new Date('2026-06-16T10:00:00Z'),
    });
    if (!evaluation.ok) throw new Error(evaluation.code);
    const result = totals({ lines: small, method: 'courier', coupon: evaluation.value });
    expect(result).toMatchObject({ subtotalCents: 2500, couponDiscountCents: 250, deliveryFeeCents: 290, totalCents: 2540 });
    expect(result.vat).toEqual([
      { rate: 19, grossCents: 1300 - 130 + 290, vatCents: containedVatCents(1460, 19) },
      { rate: 7, grossCents: 1200 - 120, vatCents: containedVatCents(1080, 7) },
    ]);
  });

  it('refuses shares that do not fit the lines (a programming error)', () => {
    expect(() => totals({ lines, method: 'courier', coupon: { discountCents: 1071, lines: [{ pzn: '10019621', discountCents: 1071 }] } })).toThrow(); // more than the 10.70 € line
    expect(() => totals({ lines, method: 'courier', coupon: { discountCents: 10, lines: [{ pzn: '00838973', discountCents: 10 }] } })).toThrow();
    expect(() => totals({ lines, method: 'courier', coupon: { discountCents: 10, lines: [{ pzn: '10019621', discountCents: 9 }] } })).toThrow();
  });
});

describe('computeOrderTotals: tip', () => {
  it('adds the tip to the total, outside VAT and outside the free-delivery threshold', () => {
    const lines = [checkoutLine('10019621', 2900)];
    const without = totals({ lines, method: 'courier' });
    const withTip = totals({ lines, method: 'courier', tipCents: 200 });
    expect(withTip).toMatchObject({ tipCents: 200, deliveryFeeCents: 290, totalCents: without.totalCents + 200 });
    expect(withTip.vat).toEqual(without.vat);
  });

  it('refuses a tip above 50 € or for self-pickup', () => {
    expect(computeOrderTotals({ lines: [checkoutLine('10019621', 2900)], method: 'courier', tipCents: 5001 })).toEqual({ ok: false, code: 'TIP_INVALID' });
    expect(computeOrderTotals({ lines: [checkoutLine('10019621', 2900)], method: 'pickup', tipCents: 100 })).toEqual({ ok: false, code: 'TIP_INVALID' });
  });
});

describe('computeOrderTotals: wallet credit', () => {
  const lines = [checkoutLine('10019621', 2999)]; // total 32.89 € with the fee

  it('pays part of the total and leaves the VAT alone', () => {
    const result = totals({ lines, method: 'courier', wallet: { balanceCents: 1000, requestedCents: 1000 } });
    expect(result).toMatchObject({ totalCents: 3289, walletCreditCents: 1000, amountDueCents: 2289 });
    expect(result.vat).toEqual(totals({ lines, method: 'courier' }).vat);
  });

  it('never uses more than the total: nothing left to pay by card', () => {
    expect(totals({ lines, method: 'courier', tipCents: 100, wallet: { balanceCents: 5000, requestedCents: 5000 } })).toMatchObject({
      totalCents: 3389,
      walletCreditCents: 3389,
      amountDueCents: 0,
    });
    expect(maxWalletCredit(5000, 3289)).toBe(3289);
    expect(maxWalletCredit(700, 3289)).toBe(700);
  });

  it('refuses more credit than the wallet holds', () => {
    expect(computeOrderTotals({ lines, method: 'courier', wallet: { balanceCents: 999, requestedCents: 1000 } })).toEqual({ ok: false, code: 'WALLET_INSUFFICIENT' });
    expect(() => computeOrderTotals({ lines, method: 'courier', wallet: { balanceCents: 999, requestedCents: -1 } })).toThrow(RangeError);
  });
});
