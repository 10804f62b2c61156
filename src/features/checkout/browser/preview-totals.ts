import { computeOrderTotals } from '../model/public';
import { apportion } from '../../../platform/money';
import { methodOf } from '../model/order-choices';
import type { PricingSettings } from '../../cart/client';
import type { Draft, DraftChoices, DraftTotals } from './draft';

/**
 * The summary while a change is on its way to the server: the checkout's own pure total rules
 * applied to the server's lines, with the coupon discount it last confirmed. The server's answer
 * replaces it; on anything the preview cannot judge (an invalid tip) the last answer stays. The
 * checkout loads it at the customer's first touch of the form: before that, nothing is changing.
 */
export function previewTotals(
  draft: Draft,
  choices: Pick<DraftChoices, 'delivery' | 'tipCents' | 'walletCents'>,
  pricing: PricingSettings,
  walletBalanceCents: number,
): DraftTotals {
  const method = choices.delivery ? methodOf(choices.delivery.option) : draft.delivery ? methodOf(draft.delivery.option) : 'courier';
  // Prescription lines count with the customer's share only, and never with a coupon or credit (the totals' rule 6a).
  const otc = draft.lines.filter((line) => line.coPaymentPerPackCents == null);
  const prescriptions = draft.lines.filter((line) => line.coPaymentPerPackCents != null).map((line) => ({ packs: line.quantity, vatRate: line.vatRate, customerCents: line.lineTotalCents }));
  const lines = otc.map((line) => ({ pzn: line.pzn, unitPriceCents: line.unitPriceCents, quantity: line.quantity, vatRate: line.vatRate }));
  const discount = draft.totals.couponDiscountCents;
  const weights = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotal = weights.reduce((sum, cents) => sum + cents, 0);
  if (discount > subtotal || new Set(lines.map((line) => line.pzn)).size !== lines.length) return draft.totals;
  // The server's own shares when they add up; else spread in proportion (a preview only).
  const given = otc.map((line) => line.couponDiscountCents);
  const fits = given.reduce((sum, cents) => sum + cents, 0) === discount && given.every((cents, index) => cents >= 0 && cents <= weights[index]!);
  const shares = fits ? given : apportion(discount, weights);
  const coupon = discount > 0 ? { discountCents: discount, lines: lines.map((line, index) => ({ pzn: line.pzn, discountCents: shares[index]! })) } : null;
  const requested = Math.min(choices.walletCents, walletBalanceCents);
  const result = computeOrderTotals({
    lines,
    method,
    pricing,
    coupon,
    tipCents: method === 'courier' ? choices.tipCents : 0,
    wallet: { balanceCents: walletBalanceCents, requestedCents: requested },
    prescriptions,
  });
  if (!result.ok) return draft.totals;
  const totals = result.value;
  return {
    subtotalCents: totals.subtotalCents,
    deliveryFeeCents: totals.deliveryFeeCents,
    couponDiscountCents: totals.couponDiscountCents,
    walletCents: totals.walletCreditCents,
    tipCents: totals.tipCents,
    vat: totals.vat,
    vatTotalCents: totals.vatTotalCents,
    totalCents: totals.totalCents,
    amountDueCents: totals.amountDueCents,
  };
}
