// The orders feature's pure core; both doors re-export it (browser-safe).
export {
  ORDER_STATUSES,
  ORDER_EVENTS,
  ORDER_EFFECTS,
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
  type Transition,
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
export { orderMessages } from '../i18n/messages';
export { orderLabelText, trackingStageText } from './order-texts';
