/**
 * The other features as the order services use them: only through their public functions, never
 * their tables. Inside a status change or placement they run in the order's own transaction (`tx`).
 * Kept in one file so the rest of the orders feature names one seam.
 */
export { customerContact, customerContacts, staffMember, pharmacyScope, type CustomerContact } from '../../accounts';
export { activePharmacy, deliversTo, pharmaciesById, servingPharmacy, stockAt, takeStock, returnStock, type PharmacyRow } from '../../pharmacies';
export { productsByPzn, type ProductRow } from '../../catalog';
export { loadCouponForCheckout, redeemCoupon, restoreCouponRedemption, referrerForOrderCoupon } from '../../coupons';
export { walletBalance, debitWallet, refundWalletDebit, creditWallet } from '../../wallet';
export { saveCard, findCard, findPaymentCustomer, rememberPaymentCustomer } from '../../cards';
export { cartLines, cartPharmacy, setCartPharmacy, incrementLine } from '../../cart';
export { pushToUser } from '../../push';
export {
  prescriptionsForOrder,
  markInOrder,
  releaseFromOrder,
  markDispensed,
  markReturned,
  ownPrescriptionIds,
  redeemedPrescriptionsOf,
  prescriptionsOfOrder,
  type PrescriptionView,
  type PrescriptionDeps,
} from '../../prescriptions';
