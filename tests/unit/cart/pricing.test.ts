import { describe, expect, it } from 'vitest';
import { containedVatCents, DEFAULT_PRICING, priceCart, type PricedLine } from '../../../src/features/cart/model/pricing';

const line = (unitPriceCents: number, quantity = 1, vatRate = 19, pzn = '10019621'): PricedLine => ({ pzn, unitPriceCents, quantity, vatRate });

describe('priceCart', () => {
  it('charges nothing for an empty cart, not even delivery', () => {
    expect(priceCart([])).toEqual({
      itemCount: 0,
      subtotalCents: 0,
      deliveryFeeCents: 0,
      missingForFreeDeliveryCents: 3000,
      totalCents: 0,
      vat: [],
      vatTotalCents: 0,
    });
  });

  it('charges the 2.90 € fee at 29.99 € and delivers free from exactly 30.00 €', () => {
    const below = priceCart([line(2999)]);
    expect(below).toMatchObject({ subtotalCents: 2999, deliveryFeeCents: 290, totalCents: 3289, missingForFreeDeliveryCents: 1 });
    const at = priceCart([line(1500, 2)]);
    expect(at).toMatchObject({ subtotalCents: 3000, deliveryFeeCents: 0, totalCents: 3000, missingForFreeDeliveryCents: 0 });
    expect(priceCart([line(3001)]).deliveryFeeCents).toBe(0);
  });

  it('uses the configured fee and threshold', () => {
    const settings = { deliveryFeeCents: 250, freeDeliveryFromCents: 2000 };
    expect(priceCart([line(1999)], settings)).toMatchObject({ deliveryFeeCents: 250, totalCents: 2249 });
    expect(priceCart([line(2000)], settings).deliveryFeeCents).toBe(0);
    expect(DEFAULT_PRICING).toEqual({ deliveryFeeCents: 290, freeDeliveryFromCents: 3000 });
  });

  it('multiplies unit price by quantity and counts items', () => {
    expect(priceCart([line(599, 3), line(850, 2, 19, '00838973')])).toMatchObject({ itemCount: 5, subtotalCents: 3497 });
  });

  it('puts the delivery fee into the 19 % group', () => {
    // 10.00 € at 19 % plus 2.90 € fee = 12.90 € gross → 12.90 × 19 / 119 = 2.0596 → 2.06 €.
    expect(priceCart([line(1000)]).vat).toEqual([{ rate: 19, grossCents: 1290, vatCents: 206 }]);
  });

  it('keeps 19 % and 7 % apart, highest rate first, with the fee in the 19 % group', () => {
    const totals = priceCart([line(1070, 1, 7, '04773414'), line(595, 1, 19)]);
    expect(totals.vat).toEqual([
      // 5.95 + 2.90 = 8.85 € → 8.85 × 19 / 119 = 1.4130 → 1.41 €
      { rate: 19, grossCents: 885, vatCents: 141 },
      // 10.70 × 7 / 107 = 0.70 € exactly
      { rate: 7, grossCents: 1070, vatCents: 70 },
    ]);
    expect(totals.vatTotalCents).toBe(211);
    expect(totals.totalCents).toBe(1955);
  });

  it('shows a 7 %-only cart above the threshold without a 19 % group', () => {
    expect(priceCart([line(1500, 2, 7)]).vat).toEqual([{ rate: 7, grossCents: 3000, vatCents: 196 }]);
  });

  it('rounds once per rate group, not per line', () => {
    // Each 0.10 € line contains 1.597 ct; per line that would round to 2 ct × 3 = 6 ct, per group 4.79 → 5 ct.
    const lines = [line(10, 1, 19, 'a'), line(10, 1, 19, 'b'), line(10, 1, 19, 'c')];
    expect(priceCart(lines, { deliveryFeeCents: 0, freeDeliveryFromCents: 0 }).vat).toEqual([{ rate: 19, grossCents: 30, vatCents: 5 }]);
  });
});

describe('containedVatCents', () => {
  it('is exact for round amounts', () => {
    expect(containedVatCents(11900, 19)).toBe(1900);
    expect(containedVatCents(10700, 7)).toBe(700);
    expect(containedVatCents(0, 19)).toBe(0);
  });

  it('rounds to the nearest cent', () => {
    // 0.75 € at 7 % holds 4.906 ct → 5; 0.25 € at 7 % holds 1.636 ct → 2; at 19 %: 3 ct → 0.479 → 0, 4 ct → 0.639 → 1.
    expect(containedVatCents(75, 7)).toBe(5);
    expect(containedVatCents(25, 7)).toBe(2);
    expect(containedVatCents(3, 19)).toBe(0);
    expect(containedVatCents(4, 19)).toBe(1);
    expect(containedVatCents(125, 19)).toBe(20);
  });

  it('rounds an exact half cent up', () => {
    // 7 % and 19 % never yield exactly half a cent from whole cents; a 100 % rate halves: 3 ct → 1.5 → 2.
    expect(containedVatCents(3, 100)).toBe(2);
    expect(containedVatCents(1, 100)).toBe(1);
  });
});
