import type { ProductKind } from '../../catalog';
import type { PricedLine } from '../../cart/client';

/**
 * A cart line as checkout sees it: the priced line (gross unit price, quantity, VAT rate) plus the
 * product facts coupon and delivery rules depend on. The server builds these from the catalogue,
 * never from what the browser sends.
 */
export interface CheckoutLine extends PricedLine {
  categorySlug: string;
  kind: ProductKind;
  /** The product shows a struck "was" price: coupons never apply to it (spec §5). */
  discounted: boolean;
  /** Must be handed over in the pharmacy (thalidomide, emergency contraceptives…): no courier, no parcel. */
  collectInPersonOnly: boolean;
}

export interface CheckoutProductFacts {
  pzn: string;
  priceCents: number;
  vatRate: number;
  categorySlug: string;
  kind: ProductKind;
  wasPriceCents?: number | null;
  collectInPersonOnly?: boolean;
}

export function toCheckoutLine(product: CheckoutProductFacts, quantity: number): CheckoutLine {
  return {
    pzn: product.pzn,
    unitPriceCents: product.priceCents,
    quantity,
    vatRate: product.vatRate,
    categorySlug: product.categorySlug,
    kind: product.kind,
    discounted: product.wasPriceCents != null && product.wasPriceCents > product.priceCents,
    collectInPersonOnly: product.collectInPersonOnly ?? false,
  };
}

export const hasPickupOnlyItems = (lines: readonly Pick<CheckoutLine, 'collectInPersonOnly'>[]): boolean =>
  lines.some((line) => line.collectInPersonOnly);
