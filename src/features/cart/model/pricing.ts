/**
 * Cart totals (spec §9, domain rules on prices). Pure and free of I/O so the cart island shows the
 * very numbers the server computes. Money is integer euro cents; prices are gross (VAT included),
 * so VAT is the share contained in them, not added on top.
 */

export interface PricedLine {
  pzn: string;
  /** Gross unit price in cents. */
  unitPriceCents: number;
  quantity: number;
  /** VAT in percent (19 or 7); the rate belongs to the product. */
  vatRate: number;
}

export interface PricingSettings {
  /** Spec §9 gives 2.90 € and 2.50 €: a setting (PUBLIC_DELIVERY_FEE_CENTS), 290 by default. */
  deliveryFeeCents: number;
  /** Delivery is free from this subtotal on (30 €: 29.99 € pays the fee, 30.00 € does not). */
  freeDeliveryFromCents: number;
}

/** Delivery is a service taxed at the standard rate. */
export const DELIVERY_VAT_RATE = 19;

export const DEFAULT_PRICING: PricingSettings = { deliveryFeeCents: 290, freeDeliveryFromCents: 3000 };

export interface VatShare {
  rate: number;
  /** Gross amount taxed at this rate (lines and, for 19 %, the delivery fee). */
  grossCents: number;
  /** VAT contained in grossCents. */
  vatCents: number;
}

export interface CartTotals {
  itemCount: number;
  subtotalCents: number;
  deliveryFeeCents: number;
  /** How much more the customer must add for free delivery; 0 once reached. */
  missingForFreeDeliveryCents: number;
  totalCents: number;
  /** One entry per rate present, highest rate first. */
  vat: VatShare[];
  vatTotalCents: number;
}

export const lineTotalCents = (line: Pick<PricedLine, 'unitPriceCents' | 'quantity'>): number => line.unitPriceCents * line.quantity;

/**
 * VAT contained in a gross amount: gross × rate / (100 + rate), rounded half up to a cent. Done in
 * integers so 0.5 cent never falls victim to binary floating point.
 */
export function containedVatCents(grossCents: number, rate: number): number {
  const divisor = 100 + rate;
  return Math.floor((2 * grossCents * rate + divisor) / (2 * divisor));
}

export function priceCart(lines: readonly PricedLine[], settings: PricingSettings = DEFAULT_PRICING): CartTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  // An empty cart delivers nothing, so it owes no fee either.
  const freeDelivery = subtotalCents >= settings.freeDeliveryFromCents;
  const deliveryFeeCents = itemCount === 0 || freeDelivery ? 0 : settings.deliveryFeeCents;

  const parts = lines.map((line) => ({ rate: line.vatRate, grossCents: lineTotalCents(line) }));
  if (deliveryFeeCents > 0) parts.push({ rate: DELIVERY_VAT_RATE, grossCents: deliveryFeeCents });
  const vat = vatShares(parts);

  return {
    itemCount,
    subtotalCents,
    deliveryFeeCents,
    missingForFreeDeliveryCents: itemCount === 0 ? settings.freeDeliveryFromCents : Math.max(0, settings.freeDeliveryFromCents - subtotalCents),
    totalCents: subtotalCents + deliveryFeeCents,
    vat,
    vatTotalCents: vat.reduce((sum, share) => sum + share.vatCents, 0),
  };
}

/**
 * Groups gross amounts by VAT rate and computes the VAT each group contains. VAT is rounded once per
 * rate group, not per line, so the shares add up to what the receipt shows. Checkout passes its
 * amounts after coupon discounts here, so cart and order share one VAT rule.
 */
export function vatShares(parts: readonly { rate: number; grossCents: number }[]): VatShare[] {
  const grossByRate = new Map<number, number>();
  for (const part of parts) grossByRate.set(part.rate, (grossByRate.get(part.rate) ?? 0) + part.grossCents);
  return [...grossByRate.entries()]
    .filter(([, grossCents]) => grossCents > 0)
    .sort(([a], [b]) => b - a)
    .map(([rate, grossCents]) => ({ rate, grossCents, vatCents: containedVatCents(grossCents, rate) }));
}
