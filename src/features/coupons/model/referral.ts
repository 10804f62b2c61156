import { normalizeCouponCode, type Coupon } from './coupon';

/**
 * Refer a friend (spec §1, §5, §9): every customer has a code; a friend's first order with it gets
 * 10 € off, and once that order is delivered the referrer receives 10 € wallet credit. The referral
 * coupon follows every coupon rule, including the operator's exclusions (medicines by default).
 */
export interface ReferralSettings {
  /** Off the friend's first order. */
  discountCents: number;
  /** Credited to the referrer when the friend's order is delivered. */
  rewardCents: number;
  /** Spec §9: coupons need a 20 € order in the shop's copy. */
  minOrderCents: number;
}

export const DEFAULT_REFERRAL: ReferralSettings = { discountCents: 1000, rewardCents: 1000, minOrderCents: 2000 };

export const REFERRAL_CODE_PREFIX = 'REF-';
/** No 0/O, 1/I/L: codes are read aloud and typed from screenshots. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 8;
const REFERRAL_CODE = new RegExp(`^${REFERRAL_CODE_PREFIX}[${ALPHABET}]{${CODE_LENGTH}}$`);

export type RandomBytes = (count: number) => Uint8Array;
const cryptoRandom: RandomBytes = (count) => globalThis.crypto.getRandomValues(new Uint8Array(count));

/** A new code such as "REF-7KX2M9PQ" (31^8 ≈ 8.5·10^11 codes; the caller retries on a collision). */
export function generateReferralCode(randomBytes: RandomBytes = cryptoRandom): string {
  // Bytes ≥ 248 (= 8 × 31) are dropped so every letter is equally likely.
  const limit = Math.floor(256 / ALPHABET.length) * ALPHABET.length;
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH)) {
      if (byte < limit && code.length < CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return REFERRAL_CODE_PREFIX + code;
}

/** Codes of this shape are referral codes: an unknown one is "incorrect or no longer active". */
export const looksLikeReferralCode = (code: string): boolean => REFERRAL_CODE.test(normalizeCouponCode(code));

export interface Referrer {
  customerId: string;
  code: string;
  /** false when the referrer's account is deleted or blocked, or the programme is switched off. */
  active: boolean;
}

/** The coupon a referral code stands for: 10 € off the first order, once per friend. */
export function referralCoupon(referrer: Referrer, settings: ReferralSettings = DEFAULT_REFERRAL): Coupon {
  return {
    code: normalizeCouponCode(referrer.code),
    type: 'REFERRAL',
    discount: { kind: 'amount', amountCents: settings.discountCents },
    minOrderCents: settings.minOrderCents,
    usageLimitPerCustomer: 1,
    referrerId: referrer.customerId,
    active: referrer.active,
  };
}

/** The wallet credit a delivered order earns its referrer, if it was placed with a referral code. */
export function referralReward(
  order: { couponType?: string | null; referrerId?: string | null; customerId: string },
  settings: ReferralSettings = DEFAULT_REFERRAL,
): { referrerId: string; amountCents: number } | null {
  if (order.couponType !== 'REFERRAL' || !order.referrerId || order.referrerId === order.customerId) return null;
  return { referrerId: order.referrerId, amountCents: settings.rewardCents };
}
