import type { DeliveryChoiceInput, DeliveryMethod } from './delivery-timing';

/*
 * What the customer chooses for an order at checkout, defined once for the checkout island, the
 * order API (which stores and checks it) and the staff screen.
 */

/** Spec §5's safety questions, in the order the checkout asks them and the pharmacy reads them. */
export const SAFETY_QUESTION_KEYS = ['pregnant', 'underage', 'nursing', 'for_someone_else', 'consulted_by_pharmacy'] as const;
export type SafetyQuestion = (typeof SAFETY_QUESTION_KEYS)[number];

/** The answers as an order keeps them; null while a question is unanswered. */
export type SafetyAnswers = Record<SafetyQuestion, boolean | null>;

export const UNANSWERED_SAFETY: SafetyAnswers = Object.fromEntries(SAFETY_QUESTION_KEYS.map((key) => [key, null])) as SafetyAnswers;

/** Every question answered yes or no: the order can go to the pharmacy. */
export const safetyComplete = (safety: Partial<Record<SafetyQuestion, boolean | null>> | null): boolean =>
  safety !== null && SAFETY_QUESTION_KEYS.every((key) => typeof safety[key] === 'boolean');

/** When and how the goods come, as the customer picks it (the order API's `delivery.option`). */
export const DELIVERY_OPTIONS = ['asap', 'later_today', 'tomorrow', 'parcel', 'pickup'] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];
export const isDeliveryOption = (value: unknown): value is DeliveryOption => DELIVERY_OPTIONS.includes(value as DeliveryOption);

/** Who brings the goods for an option: the pharmacy's courier, the parcel service, or nobody (pickup). */
export const methodOf = (option: DeliveryOption): DeliveryMethod => (option === 'parcel' ? 'parcel' : option === 'pickup' ? 'pickup' : 'courier');

/** An option and its chosen window as the delivery-timing rules take it. */
export function deliveryChoiceOf(option: DeliveryOption, slotStart: Date | null): DeliveryChoiceInput {
  const slot = slotStart ? slotStart.toISOString() : null;
  switch (option) {
    case 'asap':
      return { method: 'courier', timing: 'asap' };
    case 'later_today':
    case 'tomorrow':
      return { method: 'courier', timing: 'slot', slotStart: slot };
    case 'parcel':
      return { method: 'parcel' };
    case 'pickup':
      return slot ? { method: 'pickup', timing: 'slot', slotStart: slot } : { method: 'pickup', timing: 'asap' };
  }
}

/** The longest phone number and coupon code the order takes: the request schema and the fields' maxlength. */
export const CHECKOUT_TEXT_MAX = { phone: 40, couponCode: 40 } as const;
