/**
 * The coupons, wallet and cards features as the order services use them, always inside the
 * order's own transaction (`tx`). Kept in one file so the rest of the orders feature names one seam.
 */
export { loadCouponForCheckout, redeemCoupon, restoreCouponRedemption, referrerForOrderCoupon } from '../../coupons';
export { walletBalance, debitWallet, refundWalletDebit, creditWallet } from '../../wallet';
export { saveCard, findCard } from '../../cards';
