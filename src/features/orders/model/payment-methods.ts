import type { PaymentMethodType } from '../../../platform/payments/types';

/*
 * Which payment methods an order allows (pure: the facts come in, the methods go out). Card and
 * PayPal always; SEPA direct debit only for euros and a billing (or delivery) address in Germany,
 * where the shop's creditor id and mandate text apply; pay by invoice (Klarna "Pay later") only for
 * customers of age with a German address and an amount within the provider's limits. The provider
 * narrows it further: only what it offers is shown.
 */

/** Pay by invoice: at least 10,00 € and at most 1.000,00 € (the provider's limits for a first purchase). */
export const INVOICE_MIN_CENTS = 1_000;
export const INVOICE_MAX_CENTS = 100_000;
export const INVOICE_MIN_AGE = 18;

/** Countries whose addresses SEPA direct debit is offered for (the shop delivers in Germany only). */
export const SEPA_COUNTRIES: readonly string[] = ['DE'];

export interface PaymentMethodFacts {
  currency: string;
  amountDueCents: number;
  /** ISO country of the billing address, else the delivery address; null without either. */
  country: string | null;
  /** The customer's birth date (YYYY-MM-DD); null when unknown. */
  birthDate: string | null;
  /** Today in Berlin (YYYY-MM-DD). */
  today: string;
}

/** Full years between a birth date and a day, both YYYY-MM-DD. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function sepaAllowed(facts: PaymentMethodFacts): boolean {
  return facts.currency === 'EUR' && facts.country !== null && SEPA_COUNTRIES.includes(facts.country);
}

export function invoiceAllowed(facts: PaymentMethodFacts): boolean {
  return (
    facts.currency === 'EUR' &&
    facts.country === 'DE' &&
    facts.amountDueCents >= INVOICE_MIN_CENTS &&
    facts.amountDueCents <= INVOICE_MAX_CENTS &&
    facts.birthDate !== null &&
    ageOn(facts.birthDate, facts.today) >= INVOICE_MIN_AGE
  );
}

/** The provider's methods this order allows, in the provider's order. */
export function allowedPaymentMethods(offered: readonly PaymentMethodType[], facts: PaymentMethodFacts): PaymentMethodType[] {
  return offered.filter((method) => {
    switch (method) {
      case 'sepa_debit':
        return sepaAllowed(facts);
      case 'klarna':
        return invoiceAllowed(facts);
      default:
        return true;
    }
  });
}

/**
 * Apple Pay and Google Pay are cards in a device's wallet: offered where the provider offers them
 * and the order allows a card. Whether the device has one is the provider's element's to know
 * (Stripe shows them only there; the demo provider shows them everywhere, README).
 */
export function walletsAllowed(providerWallets: boolean, allowed: readonly PaymentMethodType[]): boolean {
  return providerWallets && allowed.includes('card');
}
