// Public surface of the coupons feature: the API registration, the demo-coupon import and the
// functions the orders feature calls inside its own transaction (pass it as `tx`).
export { registerCouponRoutes, type CouponRoutesOptions } from './server/routes';
export {
  loadCouponForCheckout,
  redeemCoupon,
  restoreCouponRedemption,
  referrerForOrderCoupon,
  type LoadCouponInput,
  type LoadCouponResult,
  type RedeemResult,
  type RedeemFailureCode,
} from './server/checkout-coupons';
export { ensureReferralCode } from './server/referral-codes';
export { importCouponsFile, importCoupons, CouponsValidationError, COUPONS_FILE, type CouponsImportReport } from './server/import-coupons';
export { validateCouponRecords, couponFromRecord, type CouponDefinition, type CouponCatalogFacts } from './model/coupon-file';
export { couponDescription, localizedCouponDescription, referralTerms } from './model/coupon-terms';
