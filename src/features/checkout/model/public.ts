// Everything the checkout's pure core offers; both doors re-export it (it is browser-safe).
export { toCheckoutLine, hasPickupOnlyItems, type CheckoutLine, type CheckoutProductFacts } from './checkout-line';
export { percentOfCents, apportion } from './money';
export { computeOrderTotals, maxWalletCredit, type OrderTotals, type OrderTotalsInput } from './order-totals';
export { TIP_PRESETS_CENTS, MAX_TIP_CENTS, validateTip, parseEuroAmount } from './tips';
export { localDate, localTime, addDays, weekdayOf, zonedInstant, type IsoDate } from '../../../platform/time/wall-clock';
export { isBusinessDay, addBusinessDays } from './holidays';
export {
  DELIVERY_METHODS,
  DEFAULT_TIMING,
  isDeliveryMethod,
  offeredMethods,
  deliveryOptions,
  parcelEstimate,
  validateDeliveryChoice,
  type DeliveryMethod,
  type TimingSettings,
  type PharmacyTimingFacts,
  type DeliverySlot,
  type TimedOptions,
  type ParcelEstimate,
  type DeliveryOptions,
  type TimingContext,
  type DeliveryChoiceInput,
  type ValidatedDelivery,
  type DeliveryChoiceError,
} from './delivery-timing';
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
export { couponFailureMessage, formatShopDate } from './coupon-messages';
export { checkoutMessages } from '../i18n/messages';
