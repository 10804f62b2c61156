import type { CartSnapshot } from '../../../src/features/cart/model/mirror';

/** A JWT-shaped token with this subject (the signature is irrelevant to the browser). */
export function tokenFor(sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, sid: 'session', role: 'customer', exp: 9_999_999_999 })}.signature`;
}

type Line = CartSnapshot['lines'][number];

export function line(pzn: string, quantity: number, name = `Product ${pzn}`, unitPriceCents = 499): Line {
  return {
    pzn,
    quantity,
    unitPriceCents,
    lineTotalCents: unitPriceCents * quantity,
    product: { name, slug: `product-${pzn}`, imageUrl: `/images/products/${pzn}.svg`, vatRate: 19, activeIngredients: [] },
    availability: { status: 'in_stock', stock: 20 },
  };
}

export function snapshot(lines: Line[], extra: Partial<CartSnapshot> = {}): CartSnapshot {
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  return {
    pharmacyId: 'berlin-mitte',
    maxQuantityPerLine: 10,
    lines,
    totals: {
      itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
      subtotalCents: subtotal,
      deliveryFeeCents: subtotal >= 3000 || subtotal === 0 ? 0 : 290,
      freeDeliveryFromCents: 3000,
      missingForFreeDeliveryCents: Math.max(0, 3000 - subtotal),
      totalCents: subtotal,
      vat: [],
      vatTotalCents: 0,
    },
    warnings: [],
    ...extra,
  };
}
