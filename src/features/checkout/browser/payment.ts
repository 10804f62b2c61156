import { INVOICE, NEW_CARD, PAYPAL, SEPA, type CheckoutValues } from './checkout-form';

/** How the customer chose to pay, as the server's /payment-intents call names it. */
export type PaymentChoice = { method: 'card'; save_card: boolean } | { method: 'paypal' } | { method: 'sepa_debit' } | { method: 'klarna' } | { method: 'saved'; saved_card_id: string };

/** The payment choice of a form that passed validateCheckout; null when the credit covers everything. */
export function paymentChoice(values: Pick<CheckoutValues, 'payment' | 'saveCard'>, needsPayment: boolean): PaymentChoice | null {
  if (!needsPayment) return null;
  if (values.payment === NEW_CARD) return { method: 'card', save_card: values.saveCard };
  if (values.payment === PAYPAL) return { method: 'paypal' };
  if (values.payment === SEPA) return { method: 'sepa_debit' };
  if (values.payment === INVOICE) return { method: 'klarna' };
  return { method: 'saved', saved_card_id: values.payment };
}

/** What tells one payment attempt from another: the method and the saved card's id, nothing typed. */
export function paymentFingerprint(choice: PaymentChoice | null): string {
  if (!choice) return 'none';
  if (choice.method === 'saved') return `saved:${choice.saved_card_id}`;
  if (choice.method === 'card') return `card:${choice.save_card ? 1 : 0}`;
  return choice.method;
}
