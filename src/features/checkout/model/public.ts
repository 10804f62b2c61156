// Everything the checkout's pure core offers; both doors re-export it (it is browser-safe).
export { toCheckoutLine, hasPickupOnlyItems, type CheckoutLine, type CheckoutProductFacts } from './checkout-line';
export { computeOrderTotals, maxWalletCredit, type AppliedDiscount, type OrderTotals, type OrderTotalsInput, type PrescriptionShare } from './order-totals';
export { TIP_PRESETS_CENTS, MAX_TIP_CENTS, validateTip, parseEuroAmount } from './tips';
export { CHECKOUT_TEXT_MAX } from './order-choices';
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
  SAFETY_QUESTION_KEYS,
  UNANSWERED_SAFETY,
  DELIVERY_OPTIONS,
  safetyComplete,
  isDeliveryOption,
  methodOf,
  deliveryChoiceOf,
  type SafetyQuestion,
  type SafetyAnswers,
  type DeliveryOption,
} from './order-choices';
export { checkoutMessages } from '../i18n/messages';
