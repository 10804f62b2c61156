import { DELIVERY_VAT_RATE, DEFAULT_PRICING, lineTotalCents, priceCart, vatShares, type PricedLine, type PricingSettings, type VatShare } from '../../cart/client';
import { fail, ok, type Result } from '../../../platform/http/result';
import type { DeliveryMethod } from './delivery-timing';
import { validateTip } from './tips';

/**
 * The checkout summary (spec §1, §9; PAngV): items, subtotal, delivery fee, coupon discount, courier
 * tip, total, wallet credit, amount to pay and the VAT contained. The server computes it when the
 * order is placed; the island previews with this same function. All amounts are integer cents.
 *
 * Rules, in order:
 * 1. Subtotal = Σ unit price × quantity (gross, VAT included).
 * 2. Delivery fee: the one configured fee for courier and parcel, free from the threshold on the
 *    subtotal before any coupon (29.99 € pays it, 30.00 € does not), so the cart's "x € to free
 *    delivery" stays true at checkout; self-pickup never pays it.
 * 3. Coupon discount: only on the lines the coupon applies to (evaluateCoupon), never on fee or tip.
 * 4. Tip: 100 % to the courier, so no discount, no VAT, and no effect on free delivery.
 * 5. Total = subtotal − discount + fee + tip.
 * 6. Wallet credit is a means of payment, like a gift card: it lowers the amount charged to the
 *    card, never more than the total, and leaves the VAT untouched.
 * 6a. Prescription lines (E-Rezept) count with what the customer pays for them (the co-payment,
 *    nothing when exempt, a private prescription's full price) and never with a benefit (§ 7 HWG,
 *    § 129 Abs. 3 SGB V): no coupon (its lines are the over-the-counter ones only), no part in the
 *    free-delivery threshold (over-the-counter subtotal only; an order of prescriptions alone is
 *    delivered at the fee), and no wallet credit: the amount due is at least their share.
 * 7. VAT contained = gross − gross / (1 + rate), per rate group, rounded half up once per group
 *    (the cart's containedVatCents). The discount is taken off each line it was apportioned to,
 *    so a 7 % line discounted by a coupon contains less 7 % VAT: the receipt's VAT stays correct
 *    after a coupon. The fee belongs to the 19 % group; the tip to none.
 */
/** A coupon's discount as the totals take it: the amount and its share per line (the coupons feature's evaluateCoupon decides both). */
export interface AppliedDiscount {
  discountCents: number;
  lines: readonly { pzn: string; discountCents: number }[];
}

export interface OrderTotalsInput {
  lines: readonly PricedLine[];
  method: DeliveryMethod;
  pricing?: PricingSettings;
  coupon?: AppliedDiscount | null;
  tipCents?: number;
  /** The customer's wallet and how much of it they want to use (0 when the switch is off). */
  wallet?: { balanceCents: number; requestedCents: number } | null;
  /** Prescription lines: the customer's share of each (rule 6a); over-the-counter `lines` stay apart. */
  prescriptions?: readonly PrescriptionShare[];
}

/** What the customer pays for one prescription line (the co-payment × packs, or the private price × packs). */
export interface PrescriptionShare {
  packs: number;
  vatRate: number;
  customerCents: number;
}

export interface OrderTotals {
  itemCount: number;
  subtotalCents: number;
  deliveryFeeCents: number;
  /** What is missing for free delivery; 0 once reached and for self-pickup. */
  missingForFreeDeliveryCents: number;
  couponDiscountCents: number;
  tipCents: number;
  totalCents: number;
  walletCreditCents: number;
  /** The prescription lines' share in the total (rule 6a): paid by card, never by credit. */
  prescriptionCents: number;
  /** What the card is charged: total − wallet credit. 0 means no card payment is needed. */
  amountDueCents: number;
  vat: VatShare[];
  vatTotalCents: number;
}

/** The most credit that can be used on an order of `totalCents`. */
export const maxWalletCredit = (balanceCents: number, totalCents: number): number => Math.max(0, Math.min(balanceCents, totalCents));

export function computeOrderTotals(input: OrderTotalsInput): Result<OrderTotals, 'TIP_INVALID' | 'WALLET_INSUFFICIENT'> {
  const pricing = input.pricing ?? DEFAULT_PRICING;
  const tipCents = input.tipCents ?? 0;
  const tip = validateTip(tipCents, input.method);
  if (!tip.ok) return tip;

  const settings = input.method === 'pickup' ? { ...pricing, deliveryFeeCents: 0 } : pricing;
  const cart = priceCart(input.lines, settings);
  const prescriptions = input.prescriptions ?? [];
  for (const share of prescriptions) {
    if (!Number.isSafeInteger(share.customerCents) || share.customerCents < 0 || !Number.isSafeInteger(share.packs) || share.packs < 1) throw new RangeError('prescription share must be non-negative integer cents for at least one pack');
  }
  const prescriptionCents = prescriptions.reduce((sum, share) => sum + share.customerCents, 0);
  const prescriptionPacks = prescriptions.reduce((sum, share) => sum + share.packs, 0);
  // Prescriptions alone are delivered too, at the fee: the threshold counts over-the-counter items only.
  const deliveryFeeCents = cart.itemCount === 0 && prescriptionPacks > 0 ? settings.deliveryFeeCents : cart.deliveryFeeCents;

  const discountByPzn = lineDiscounts(input.lines, input.coupon);
  const couponDiscountCents = input.coupon?.discountCents ?? 0;
  const parts = input.lines.map((line) => ({ rate: line.vatRate, grossCents: lineTotalCents(line) - (discountByPzn.get(line.pzn) ?? 0) }));
  for (const share of prescriptions) if (share.customerCents > 0) parts.push({ rate: share.vatRate, grossCents: share.customerCents });
  if (deliveryFeeCents > 0) parts.push({ rate: DELIVERY_VAT_RATE, grossCents: deliveryFeeCents });
  const vat = vatShares(parts);

  const subtotalCents = cart.subtotalCents + prescriptionCents;
  const totalCents = subtotalCents - couponDiscountCents + deliveryFeeCents + tipCents;

  const wallet = input.wallet ?? { balanceCents: 0, requestedCents: 0 };
  for (const [name, value] of Object.entries(wallet)) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`wallet.${name} must be non-negative integer cents, got ${value}`);
  }
  if (wallet.requestedCents > wallet.balanceCents) return fail('WALLET_INSUFFICIENT');
  // Credit never pays the prescription share (rule 6a).
  const walletCreditCents = Math.min(wallet.requestedCents, totalCents - prescriptionCents);

  return ok({
    itemCount: cart.itemCount + prescriptionPacks,
    subtotalCents,
    deliveryFeeCents,
    missingForFreeDeliveryCents: input.method === 'pickup' ? 0 : cart.missingForFreeDeliveryCents,
    couponDiscountCents,
    tipCents,
    totalCents,
    walletCreditCents,
    prescriptionCents,
    amountDueCents: totalCents - walletCreditCents,
    vat,
    vatTotalCents: vat.reduce((sum, share) => sum + share.vatCents, 0),
  });
}

/** The coupon's per-line shares, checked against the lines: a mismatch is a programming error. */
function lineDiscounts(lines: readonly PricedLine[], coupon: OrderTotalsInput['coupon']): Map<string, number> {
  const byPzn = new Map<string, number>();
  if (!coupon) return byPzn;
  const totals = new Map<string, number>();
  for (const line of lines) {
    if (totals.has(line.pzn)) throw new Error(`pzn ${line.pzn} appears twice in the order lines`);
    totals.set(line.pzn, lineTotalCents(line));
  }
  for (const share of coupon.lines) {
    const lineTotal = totals.get(share.pzn);
    if (lineTotal === undefined || !Number.isSafeInteger(share.discountCents) || share.discountCents < 0 || share.discountCents > lineTotal) {
      throw new Error(`coupon share ${share.discountCents} for ${share.pzn} does not fit the order lines`);
    }
    byPzn.set(share.pzn, share.discountCents);
  }
  const sum = [...byPzn.values()].reduce((total, cents) => total + cents, 0);
  if (sum !== coupon.discountCents) throw new Error(`coupon shares add up to ${sum}, not ${coupon.discountCents}`);
  return byPzn;
}
