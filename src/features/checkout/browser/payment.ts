import { cardDigits, detectBrand, parseExpiry } from '../../../platform/payments/client';
import type { PaymentBody } from './checkout-api';
import { NEW_CARD, type CheckoutValues } from './checkout-form';

type PaymentValues = Pick<CheckoutValues, 'payment' | 'cardNumber' | 'cardExpiry' | 'cardCvc' | 'cardHolder' | 'saveCard'>;

/**
 * The payment part of "place the order", from a form that passed validateCheckout. Null when the
 * customer's credit covers everything and no card is charged.
 */
export function paymentBody(values: PaymentValues, needsPayment: boolean): PaymentBody | null {
  if (!needsPayment) return null;
  if (values.payment !== NEW_CARD) return { saved_card_id: values.payment };
  const expiry = parseExpiry(values.cardExpiry);
  const number = cardDigits(values.cardNumber);
  if (!expiry || !number) throw new Error('paymentBody needs a validated card form');
  const holder = values.cardHolder.trim();
  return {
    card: { number, exp_month: expiry.month, exp_year: expiry.year, cvc: values.cardCvc.trim(), ...(holder ? { holder } : {}) },
    save_card: values.saveCard,
  };
}

/**
 * What tells one payment attempt from another, made of what may be shown on screen anyway (saved
 * card id, brand, last four digits, expiry): never the card number, CVC or holder.
 */
export function paymentFingerprint(payment: PaymentBody | null): string {
  if (!payment) return 'none';
  if ('saved_card_id' in payment) return `saved:${payment.saved_card_id}`;
  const { card } = payment;
  return `card:${detectBrand(card.number)}:${card.number.slice(-4)}:${card.exp_month}/${card.exp_year}:${payment.save_card ? 1 : 0}`;
}
