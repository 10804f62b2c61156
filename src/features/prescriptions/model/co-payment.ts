import { percentOfCents } from '../../../platform/money';
import type { InsuranceKind } from './prescription-id';

/**
 * What the customer pays for a prescribed medicine. Statutory (§ 61 SGB V): 10 % of the price per
 * pack, at least 5 € and at most 10 €, never more than the price; customers exempt from
 * co-payments (Zuzahlungsbefreiung) pay nothing. Private prescriptions are paid in full by the
 * customer, who claims the money back from their insurer.
 */

export const CO_PAYMENT_PERCENT = 10;
export const CO_PAYMENT_MIN_CENTS = 500;
export const CO_PAYMENT_MAX_CENTS = 1000;

export interface CoPaymentBasis {
  insurance: InsuranceKind;
  /** The customer showed an exemption for this year; it matters for statutory prescriptions only. */
  exempt: boolean;
}

/**
 * The co-payment for one pack of `priceCents`. The 10 % is rounded half up to a whole cent
 * (kaufmännisch, as pharmacy software rounds: 61.35 € → 6.135 € → 6.14 €). The rounding only
 * shows for prices between 50 € and 100 €: below, the 5 € floor (or the price) applies, above,
 * the 10 € cap.
 */
export function coPaymentPerPackCents(priceCents: number, basis: CoPaymentBasis): number {
  // Computed first for every basis: percentOfCents refuses a price that is not whole cents.
  const tenth = percentOfCents(priceCents, CO_PAYMENT_PERCENT);
  if (basis.insurance === 'private') return priceCents;
  if (basis.exempt) return 0;
  return Math.min(priceCents, Math.max(CO_PAYMENT_MIN_CENTS, Math.min(CO_PAYMENT_MAX_CENTS, tenth)));
}

/** The co-payment for `packs` packs: the law counts per pack, so it is the per-pack amount times the packs, not 10 % of the line. */
export function coPaymentForLineCents(priceCents: number, packs: number, basis: CoPaymentBasis): number {
  if (!Number.isSafeInteger(packs) || packs < 1) throw new RangeError(`packs must be a positive integer, got ${packs}`);
  return coPaymentPerPackCents(priceCents, basis) * packs;
}
