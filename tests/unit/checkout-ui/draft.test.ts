import { describe, expect, it } from 'vitest';
import { draftSignature } from '../../../src/features/checkout/browser/draft';
import { previewTotals } from '../../../src/features/checkout/browser/preview-totals';
import { computeOrderTotals } from '../../../src/features/checkout/model/public';
import { DEFAULT_PRICING } from '../../../src/features/cart/client';
import { draft } from './fixtures';

const courier = (tipCents = 0, walletCents = 0) => ({ delivery: { option: 'asap' as const, slotStart: null }, tipCents, walletCents });

describe('the summary previewed while a change is on its way', () => {
  it('is what the checkout rules compute for the same lines, tip and credit', () => {
    const preview = previewTotals(draft(), courier(200, 500), DEFAULT_PRICING, 1000);
    const expected = computeOrderTotals({
      lines: draft().lines.map(({ pzn, unitPriceCents, quantity, vatRate }) => ({ pzn, unitPriceCents, quantity, vatRate })),
      method: 'courier',
      tipCents: 200,
      wallet: { balanceCents: 1000, requestedCents: 500 },
    });
    if (!expected.ok) throw new Error('fixture');
    expect(preview.totalCents).toBe(expected.value.totalCents);
    expect(preview.amountDueCents).toBe(expected.value.amountDueCents);
    expect(preview).toMatchObject({ subtotalCents: 1539, deliveryFeeCents: 290, tipCents: 200, walletCents: 500, totalCents: 2029, amountDueCents: 1529 });
    expect(preview.vat.map((share) => share.rate)).toEqual([19, 7]);
  });

  it('uses the configured fee: self-pickup pays none and cannot be tipped', () => {
    const preview = previewTotals(draft(), { delivery: { option: 'pickup', slotStart: null }, tipCents: 300, walletCents: 0 }, { deliveryFeeCents: 250, freeDeliveryFromCents: 3000 }, 0);
    expect(preview).toMatchObject({ deliveryFeeCents: 0, tipCents: 0, totalCents: 1539 });
    expect(previewTotals(draft(), courier(), { deliveryFeeCents: 250, freeDeliveryFromCents: 3000 }, 0).deliveryFeeCents).toBe(250);
  });

  it('keeps the coupon discount the server confirmed, on the lines it gave it to', () => {
    const withCoupon = draft({
      lines: draft().lines.map((line) => (line.pzn === '04773414' ? { ...line, couponDiscountCents: 500 } : line)),
      totals: { ...draft().totals, couponDiscountCents: 500 },
    });
    const preview = previewTotals(withCoupon, courier(100), DEFAULT_PRICING, 0);
    expect(preview).toMatchObject({ couponDiscountCents: 500, totalCents: 1539 - 500 + 290 + 100 });
    // The 19 % line carries the discount; the 7 % line's VAT is unchanged.
    const seven = preview.vat.find((share) => share.rate === 7)!;
    expect(seven.grossCents).toBe(349);
  });

  it('keeps the last server answer when the preview cannot judge (an invalid tip)', () => {
    const current = draft();
    expect(previewTotals(current, courier(99_999), DEFAULT_PRICING, 0)).toBe(current.totals);
  });
});

describe('the draft signature (part of the payment attempt)', () => {
  it('changes with the amounts and the delivery choice, and holds nothing personal', () => {
    const base = draft({ delivery: { option: 'asap', slotStart: null } });
    const signature = draftSignature(base);
    expect(signature).toBe('order-1:1829:1829:0:asap:-');
    expect(draftSignature({ ...base, totals: { ...base.totals, tipCents: 100, totalCents: 1929, amountDueCents: 1929 } })).not.toBe(signature);
  });
});
