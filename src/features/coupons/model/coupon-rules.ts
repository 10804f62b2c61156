import type { ProductKind } from '../../catalog';
import { lineTotalCents, type PricedLine } from '../../cart/client';
import type { Failure, Success } from '../../../platform/http/result';
import { DEFAULT_COUPON_POLICY, normalizeCouponCode, type Coupon, type CouponPolicy, type CouponType } from './coupon';
import { apportion, percentOfCents } from '../../../platform/money';
import { looksLikeReferralCode } from './referral';

/**
 * Whether a coupon applies to this customer's cart now, and for how much (spec §5, §8). One rule
 * fails at a time, in the order a customer can act on: is the code real, is it theirs to use, is it
 * valid today, has it been used up, do their orders and cart qualify.
 */
export const COUPON_ERROR_CODES = [
  'CART_EMPTY',
  'COUPON_UNKNOWN',
  'COUPON_EXPIRED',
  'COUPON_NOT_YET_VALID',
  'COUPON_ALREADY_USED',
  'COUPON_USAGE_LIMIT_REACHED',
  'COUPON_MIN_ORDER_VALUE',
  'COUPON_MAX_ORDER_VALUE',
  'COUPON_ORDER_COUNT_NOT_REACHED',
  'COUPON_ORDER_COUNT_EXCEEDED',
  'COUPON_CATEGORY_MISMATCH',
  'COUPON_PRODUCT_MISMATCH',
  'COUPON_DISCOUNTED_ITEMS',
  'COUPON_ITEMS_EXCLUDED',
  'COUPON_REFERRAL_INVALID',
  'COUPON_OWN_REFERRAL',
  'COUPON_REFERRAL_FIRST_ORDER_ONLY',
] as const;
export type CouponErrorCode = (typeof COUPON_ERROR_CODES)[number];

/** The numbers behind a failure, so the message can say "valid from 01.12." or "from 20,00 €". */
export interface CouponFailureDetail {
  startsAt?: string;
  expiresAt?: string;
  minOrderCents?: number;
  maxOrderCents?: number;
  /** How much more the cart needs (COUPON_MIN_ORDER_VALUE). */
  missingCents?: number;
  minOrderCount?: number;
  maxOrderCount?: number;
}

export type CouponFailure = Failure<CouponErrorCode> & { detail?: CouponFailureDetail };

export interface CustomerCouponFacts {
  customerId: string;
  ownReferralCode: string | null;
  /** Earlier orders that count: pending, rejected and expired ones do not (orders' countsAsOrder). */
  orderCount: number;
  /** Orders placed but not yet accepted or refused; a referral code needs none of these either. */
  pendingOrderCount: number;
  /** This customer's redemptions of this coupon, including those in orders still pending. */
  redemptionsByCustomer: number;
  /** This customer's redemptions of any referral code, including pending orders. */
  referralRedemptions: number;
}

/** What the rules need of a cart line (checkout's CheckoutLine is one): its price and the product facts coupons are scoped by. */
export interface CouponLine extends PricedLine {
  categorySlug: string;
  kind: ProductKind;
  /** The product shows a struck "was" price: coupons never apply to it (spec §5). */
  discounted: boolean;
}

export interface CouponEvaluationInput {
  /** What the customer typed. */
  code: string;
  /** The coupon found for the code (a referral code is turned into one by referralCoupon); null if none. */
  coupon: Coupon | null;
  /** Redemptions over all customers, including pending orders (each reserves its use). */
  totalRedemptions: number;
  customer: CustomerCouponFacts;
  lines: readonly CouponLine[];
  now: Date;
  policy?: CouponPolicy;
}

export type IneligibleReason = 'scope' | 'excluded' | 'discounted';

export interface CouponApplication {
  code: string;
  type: CouponType;
  referrerId: string | null;
  /** Never more than the eligible lines' total; never touches delivery fee or tip. */
  discountCents: number;
  eligibleSubtotalCents: number;
  /** The discount spread over the eligible lines (largest remainder), so VAT can follow it per rate. */
  lines: { pzn: string; discountCents: number }[];
  ineligible: { pzn: string; reason: IneligibleReason }[];
}

const failure = (code: CouponErrorCode, detail?: CouponFailureDetail): CouponFailure =>
  detail ? { ok: false, code, detail } : { ok: false, code };

function lineIneligibility(line: CouponLine, coupon: Coupon, policy: CouponPolicy): IneligibleReason | null {
  const categories = coupon.scope?.categories ?? [];
  const pzns = coupon.scope?.pzns ?? [];
  const scoped = categories.length > 0 || pzns.length > 0;
  if (scoped && !categories.includes(line.categorySlug) && !pzns.includes(line.pzn)) return 'scope';
  if (policy.excludedKinds.includes(line.kind) || policy.excludedCategories.includes(line.categorySlug) || policy.excludedPzns.includes(line.pzn)) {
    return 'excluded';
  }
  if (line.discounted) return 'discounted';
  return null;
}

export type CouponResult = Success<CouponApplication> | CouponFailure;

export function evaluateCoupon(input: CouponEvaluationInput): CouponResult {
  const { coupon, customer, lines, now } = input;
  const policy = input.policy ?? DEFAULT_COUPON_POLICY;
  const code = normalizeCouponCode(input.code);

  // Is the code real, and is it this customer's to use?
  if (!coupon || code === '' || normalizeCouponCode(coupon.code) !== code) {
    return failure(code !== '' && looksLikeReferralCode(code) ? 'COUPON_REFERRAL_INVALID' : 'COUPON_UNKNOWN');
  }
  if (coupon.type === 'REFERRAL') {
    const own = coupon.referrerId === customer.customerId || (customer.ownReferralCode !== null && normalizeCouponCode(customer.ownReferralCode) === code);
    if (own) return failure('COUPON_OWN_REFERRAL');
    if (coupon.active === false || !coupon.referrerId) return failure('COUPON_REFERRAL_INVALID');
  } else {
    if (coupon.active === false) return failure('COUPON_UNKNOWN');
    if (coupon.customerId && coupon.customerId !== customer.customerId) return failure('COUPON_UNKNOWN');
  }
  if (lines.length === 0) return failure('CART_EMPTY');

  const blocked = couponBlockedFor({ coupon, customer, totalRedemptions: input.totalRedemptions, now });
  if (blocked) return blocked;

  // Does the cart qualify?
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  if (coupon.minOrderCents != null && subtotalCents < coupon.minOrderCents) {
    return failure('COUPON_MIN_ORDER_VALUE', { minOrderCents: coupon.minOrderCents, missingCents: coupon.minOrderCents - subtotalCents });
  }
  if (coupon.maxOrderCents != null && subtotalCents > coupon.maxOrderCents) {
    return failure('COUPON_MAX_ORDER_VALUE', { maxOrderCents: coupon.maxOrderCents });
  }

  const verdicts = lines.map((line) => ({ line, reason: lineIneligibility(line, coupon, policy) }));
  const eligible = verdicts.filter((verdict) => verdict.reason === null).map((verdict) => verdict.line);
  if (eligible.length === 0) {
    const reasons = new Set(verdicts.map((verdict) => verdict.reason));
    if (!reasons.has('excluded') && !reasons.has('discounted')) {
      return failure((coupon.scope?.categories?.length ?? 0) > 0 ? 'COUPON_CATEGORY_MISMATCH' : 'COUPON_PRODUCT_MISMATCH');
    }
    // A discounted product the coupon would otherwise cover is the more useful explanation.
    return failure(reasons.has('discounted') ? 'COUPON_DISCOUNTED_ITEMS' : 'COUPON_ITEMS_EXCLUDED');
  }

  const eligibleTotals = eligible.map((line) => lineTotalCents(line));
  const eligibleSubtotalCents = eligibleTotals.reduce((sum, total) => sum + total, 0);
  const discountCents =
    coupon.discount.kind === 'amount'
      ? Math.min(coupon.discount.amountCents, eligibleSubtotalCents)
      : percentOfCents(eligibleSubtotalCents, coupon.discount.percent);
  const shares = apportion(discountCents, eligibleTotals);

  return {
    ok: true,
    value: {
      code,
      type: coupon.type,
      referrerId: coupon.type === 'REFERRAL' ? (coupon.referrerId ?? null) : null,
      discountCents,
      eligibleSubtotalCents,
      lines: eligible.map((line, index) => ({ pzn: line.pzn, discountCents: shares[index]! })),
      ineligible: verdicts.flatMap((verdict) => (verdict.reason === null ? [] : [{ pzn: verdict.line.pzn, reason: verdict.reason }])),
    },
  };
}

/**
 * The rules that depend on the customer and the day but not on a cart: valid today, used up, first
 * order, the customer's order count. The coupons page says with them why a coupon cannot be used
 * now; evaluateCoupon applies them in the same order once the cart is known.
 */
export function couponBlockedFor(input: { coupon: Coupon; customer: CustomerCouponFacts; totalRedemptions: number; now: Date }): CouponFailure | null {
  const { coupon, customer, now } = input;
  // Is it valid now?
  if (coupon.startsAt && now.getTime() < coupon.startsAt.getTime()) return failure('COUPON_NOT_YET_VALID', { startsAt: coupon.startsAt.toISOString() });
  if (coupon.expiresAt && now.getTime() >= coupon.expiresAt.getTime()) return failure('COUPON_EXPIRED', { expiresAt: coupon.expiresAt.toISOString() });

  // Has it been used up?
  if (customer.redemptionsByCustomer >= (coupon.usageLimitPerCustomer ?? 1)) return failure('COUPON_ALREADY_USED');
  if (coupon.usageLimit != null && input.totalRedemptions >= coupon.usageLimit) return failure('COUPON_USAGE_LIMIT_REACHED');
  if (coupon.type === 'REFERRAL') {
    if (customer.referralRedemptions > 0) return failure('COUPON_ALREADY_USED');
    // "First order" means no other order before it, not even one the pharmacy has yet to accept.
    if (customer.orderCount + customer.pendingOrderCount > 0) return failure('COUPON_REFERRAL_FIRST_ORDER_ONLY');
  }

  // Do the customer's orders qualify?
  if (coupon.minOrderCount != null && customer.orderCount < coupon.minOrderCount) {
    return failure('COUPON_ORDER_COUNT_NOT_REACHED', { minOrderCount: coupon.minOrderCount });
  }
  if (coupon.maxOrderCount != null && customer.orderCount > coupon.maxOrderCount) {
    return failure('COUPON_ORDER_COUNT_EXCEEDED', { maxOrderCount: coupon.maxOrderCount });
  }
  return null;
}
