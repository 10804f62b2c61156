// The coupons feature owns everything about coupons and referral codes: the rules (what a coupon
// is, whether it applies to a cart and for how much, referral codes and rewards) and their texts in
// model/ (browser-safe, also in client.ts), the operator's coupons.json import, the customer's
// coupon and referral API, and the redemption ledger. The orders feature calls the functions below
// inside its own transaction (pass it as `tx`) when an order is quoted, placed or given back.
export * from './model/public';
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
