import { describe, expect, it } from 'vitest';
import { coPaymentForLineCents, coPaymentPerPackCents, type CoPaymentBasis } from '../../../src/features/prescriptions/model/co-payment';

const statutory: CoPaymentBasis = { insurance: 'statutory', exempt: false };
const exempt: CoPaymentBasis = { insurance: 'statutory', exempt: true };
const privately: CoPaymentBasis = { insurance: 'private', exempt: false };

describe('coPaymentPerPackCents (§ 61 SGB V)', () => {
  it.each([
    [400, 400], // never more than the price
    [500, 500],
    [5000, 500], // 10 % is exactly the floor
    [7000, 700], // 10 %
    [10000, 1000], // 10 % is exactly the cap
    [15000, 1000], // capped
  ])('a pack at %i cents costs the customer %i cents', (price, due) => {
    expect(coPaymentPerPackCents(price, statutory)).toBe(due);
  });

  it('rounds 10 % of a price that is not a multiple of 10 cents half up to a cent', () => {
    expect(coPaymentPerPackCents(6135, statutory)).toBe(614); // 613.5 → 614
    expect(coPaymentPerPackCents(6134, statutory)).toBe(613); // 613.4 → 613
    expect(coPaymentPerPackCents(5005, statutory)).toBe(501); // 500.5 → 501
    expect(coPaymentPerPackCents(9999, statutory)).toBe(1000); // 999.9 → 1000
  });

  it('is nothing for an exempt customer, at any price', () => {
    expect(coPaymentPerPackCents(400, exempt)).toBe(0);
    expect(coPaymentPerPackCents(15000, exempt)).toBe(0);
  });

  it('is the full price on a private prescription, exemption or not', () => {
    expect(coPaymentPerPackCents(15000, privately)).toBe(15000);
    expect(coPaymentPerPackCents(6135, { insurance: 'private', exempt: true })).toBe(6135);
  });

  it('is nothing for a free pack and refuses prices that are not whole cents', () => {
    expect(coPaymentPerPackCents(0, statutory)).toBe(0);
    expect(() => coPaymentPerPackCents(-1, statutory)).toThrow(RangeError);
    expect(() => coPaymentPerPackCents(10.5, statutory)).toThrow(RangeError);
  });
});

describe('coPaymentForLineCents', () => {
  it('counts the co-payment per pack, not as 10 % of the line', () => {
    expect(coPaymentForLineCents(4000, 3, statutory)).toBe(1500); // 3 × 5 €, not 10 % of 120 € (which would be capped at 10 €)
    expect(coPaymentForLineCents(15000, 2, statutory)).toBe(2000);
    expect(coPaymentForLineCents(6135, 2, privately)).toBe(12270);
    expect(coPaymentForLineCents(6135, 2, exempt)).toBe(0);
  });

  it('refuses a line without whole packs', () => {
    for (const packs of [0, -1, 1.5]) expect(() => coPaymentForLineCents(1000, packs, statutory)).toThrow(RangeError);
  });
});
