import { CUSTOM_TIP, looksLikePhone, offeredChoices, slotsFor, tipCents, type CheckoutErrors, type CheckoutValues, type ValidationContext } from './checkout-form';
import { isDeliveryChoice, methodOf, SAFETY_KEYS } from './draft';

/*
 * The checkout's client checks, loaded by the form hook at the first check (a submit or a field
 * left after an error), not with the page.
 */

export function validateCheckout(values: CheckoutValues, context: ValidationContext): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!values.addressId) errors.addressId = 'ADDRESS_REQUIRED';

  const choice = isDeliveryChoice(values.delivery) ? values.delivery : null;
  const offered = offeredChoices(context.options);
  if (!choice) errors.delivery = 'DELIVERY_TIME_REQUIRED';
  else if (!offered.includes(choice)) errors.delivery = context.options?.openNow === false ? 'PHARMACY_CLOSED' : 'DELIVERY_OPTION_UNAVAILABLE';
  else {
    const slots = slotsFor(choice, context.options);
    if (slots.length > 0 && !slots.some((slot) => slot.start === values.slot)) errors.slot = 'slotRequired';
  }

  for (const key of SAFETY_KEYS) {
    const answer = values.safety[key];
    if (answer !== 'yes' && answer !== 'no') errors[`safety.${key}`] = 'answerRequired';
  }

  if (!values.phone.trim()) errors.phone = 'PHONE_REQUIRED';
  else if (!looksLikePhone(values.phone)) errors.phone = 'INVALID_PHONE_NUMBER';
  if (!values.consent) errors.consent = 'CONSENT_REQUIRED';

  if (choice && methodOf(choice) === 'courier' && tipCents(values) === null) {
    errors[values.tip === CUSTOM_TIP ? 'tipCustom' : 'tip'] = 'TIP_INVALID';
  }

  // The card itself is checked by the provider's hosted fields when the payment is confirmed.
  if (context.needsPayment && !values.payment) errors.payment = 'paymentRequired';
  return errors;
}
