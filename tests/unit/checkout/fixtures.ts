import type { CheckoutLine } from '../../../src/features/checkout/model/checkout-line';

/** A cart line; by default a non-medicine (coupons apply) at 19 %. */
export function checkoutLine(pzn: string, unitPriceCents: number, overrides: Partial<CheckoutLine> = {}): CheckoutLine {
  return {
    pzn,
    unitPriceCents,
    quantity: 1,
    vatRate: 19,
    categorySlug: 'beauty',
    kind: 'non-medicine',
    discounted: false,
    collectInPersonOnly: false,
    ...overrides,
  };
}

export const everyDay = (opens: string, closes: string) =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [{ opens, closes }]]));
