// The coupons feature's pure core: what a coupon is, whether it applies (evaluateCoupon), referral
// codes, and how its terms and failures read. Browser-safe; both doors re-export it.
export {
  COUPON_TYPES,
  DEFAULT_COUPON_POLICY,
  normalizeCouponCode,
  validThrough,
  lastValidDate,
  couponPolicyFromEnv,
  type Coupon,
  type CouponType,
  type CouponDiscount,
  type CouponScope,
  type CouponPolicy,
} from './coupon';
export {
  COUPON_ERROR_CODES,
  evaluateCoupon,
  couponBlockedFor,
  type CouponErrorCode,
  type CouponFailure,
  type CouponFailureDetail,
  type CouponResult,
  type CouponApplication,
  type CustomerCouponFacts,
  type CouponEvaluationInput,
  type IneligibleReason,
} from './coupon-rules';
export {
  DEFAULT_REFERRAL,
  REFERRAL_CODE_PREFIX,
  generateReferralCode,
  looksLikeReferralCode,
  referralCoupon,
  referralReward,
  type ReferralSettings,
  type Referrer,
  type RandomBytes,
} from './referral';
export { couponFailureMessage } from './coupon-messages';
export { couponDescription, localizedCouponDescription, referralTerms, type LocalizedText } from './coupon-terms';
