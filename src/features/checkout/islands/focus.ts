import type { CheckoutField } from '../browser/checkout-form';

/** Where each field lives on screen: an input's id, or a group whose checked (else first) control takes the focus. */
const TARGETS: Record<CheckoutField, string> = {
  addressId: 'checkout-addressId',
  delivery: 'checkout-delivery-choices',
  slot: 'checkout-slot',
  'safety.pregnant': 'checkout-safety-pregnant',
  'safety.underage': 'checkout-safety-underage',
  'safety.nursing': 'checkout-safety-nursing',
  'safety.for_someone_else': 'checkout-safety-for_someone_else',
  'safety.consulted_by_pharmacy': 'checkout-safety-consulted_by_pharmacy',
  phone: 'checkout-phone',
  consent: 'checkout-consent',
  coupon: 'checkout-coupon-code',
  useWallet: 'checkout-wallet-use',
  tip: 'checkout-tip-choices',
  tipCustom: 'checkout-tip-custom',
  payment: 'checkout-payment-choices',
};

/** Moves the keyboard focus to a field (after React has drawn its error) and brings it into view. */
export function focusField(field: CheckoutField): void {
  setTimeout(() => {
    const element = document.getElementById(TARGETS[field]);
    if (!element) return;
    const target =
      element instanceof HTMLFieldSetElement
        ? (element.querySelector<HTMLInputElement>('input:checked') ?? element.querySelector<HTMLElement>('input, select, button, a'))
        : element;
    target?.focus();
    target?.scrollIntoView?.({ block: 'center' });
  }, 0);
}
