// The orders feature's pure core; both doors re-export it (browser-safe).
export {
  ORDER_STATUSES,
  ORDER_EVENTS,
  ORDER_EFFECTS,
  PHARMACIST_EVENTS,
  INITIAL_ORDER_STATUS,
  UNPAID_ORDER_TTL_MINUTES,
  isOrderStatus,
  transition,
  allowedEvents,
  isFinalStatus,
  countsAsOrder,
  isOpenOffer,
  unpaidExpiresAt,
  isUnpaidExpired,
  type OrderStatus,
  type OrderEvent,
  type OrderEffect,
  type PharmacistEvent,
  type Transition,
  type TransitionTime,
} from './order-machine';
export {
  ORDER_LABELS,
  PURCHASE_STATES,
  DELIVERY_TRACKING_STAGES,
  PICKUP_TRACKING_STAGES,
  orderLabel,
  purchaseState,
  tracking,
  type OrderLabel,
  type PurchaseState,
  type TrackingStage,
  type Tracking,
} from './order-presentation';
export type { AddressSnapshot } from './address-snapshot';
export {
  quoteDraft,
  quoteLines,
  checkDelivery,
  draftTotals,
  type QuoteFacts,
  type DraftQuote,
  type QuoteLine,
  type QuoteProduct,
  type QuotePharmacy,
  type CouponQuote,
  type CouponLookup,
  type Issue as QuoteIssue,
  type IssueField,
} from './quote';
export { orderMessages } from '../i18n/messages';
export { orderLabelText, trackingStageText } from './order-texts';
export { MIN_STARS, MAX_STARS, FEEDBACK_COMMENT_MAX, FEEDBACK_MESSAGE_MAX, MIN_RATINGS_FOR_AVERAGE, ratingProblem, feedbackMessageProblem, shownAverage } from './feedback';
export { REDELIVERY_METHODS, redeliveryOptions, checkRedelivery, type RedeliveryMethod, type RedeliveryChoice, type RedeliveryOptions, type RedeliveryColumns } from './redelivery';
// What the help texts say about invoice and direct debit (src/ui/layout/shop-offer.ts).
export { INVOICE_MIN_CENTS, INVOICE_MAX_CENTS, INVOICE_MIN_AGE, SEPA_COUNTRIES } from './payment-methods';
