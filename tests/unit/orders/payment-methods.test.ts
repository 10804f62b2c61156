import { describe, expect, it } from 'vitest';
import { ageOn, allowedPaymentMethods, invoiceAllowed, sepaAllowed, walletsAllowed, type PaymentMethodFacts } from '../../../src/features/orders/model/payment-methods';
import { normalizeIban, TEST_IBANS } from '../../../src/platform/payments/test-cards';

const ALL = ['card', 'paypal', 'sepa_debit', 'klarna'] as const;
const adult: PaymentMethodFacts = { currency: 'EUR', amountDueCents: 2_500, country: 'DE', birthDate: '1990-05-15', today: '2026-06-16' };

describe('payment methods an order allows', () => {
  it('offers every method to an adult with a German address within the invoice limits, in the provider order', () => {
    expect(allowedPaymentMethods(ALL, adult)).toEqual(['card', 'paypal', 'sepa_debit', 'klarna']);
    expect(allowedPaymentMethods(['card', 'paypal'], adult)).toEqual(['card', 'paypal']);
  });

  it('SEPA only in euros and for a German address', () => {
    expect(sepaAllowed(adult)).toBe(true);
    expect(sepaAllowed({ ...adult, currency: 'CHF' })).toBe(false);
    expect(sepaAllowed({ ...adult, country: null })).toBe(false);
    expect(sepaAllowed({ ...adult, country: 'US' })).toBe(false);
  });

  it('invoice from 10,00 € to 1.000,00 €, for customers of 18 and over with a German address', () => {
    expect(invoiceAllowed({ ...adult, amountDueCents: 999 })).toBe(false);
    expect(invoiceAllowed({ ...adult, amountDueCents: 1_000 })).toBe(true);
    expect(invoiceAllowed({ ...adult, amountDueCents: 100_000 })).toBe(true);
    expect(invoiceAllowed({ ...adult, amountDueCents: 100_001 })).toBe(false);
    expect(invoiceAllowed({ ...adult, birthDate: null })).toBe(false);
    expect(invoiceAllowed({ ...adult, country: null })).toBe(false);
    expect(invoiceAllowed({ ...adult, birthDate: '2008-06-17' })).toBe(false);
    expect(invoiceAllowed({ ...adult, birthDate: '2008-06-16' })).toBe(true);
    expect(allowedPaymentMethods(ALL, { ...adult, birthDate: '2010-01-01' })).toEqual(['card', 'paypal', 'sepa_debit']);
  });

  it('counts full years (birthdays on 29 February, the day before the birthday)', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('1990-12-31', '2026-12-30')).toBe(35);
  });
});

describe('IBAN check (demo provider)', () => {
  it("accepts Stripe's test IBANs with spaces and lower case, refuses wrong check digits and shapes", () => {
    expect(normalizeIban('de89 3704 0044 0532 0130 00')).toBe(TEST_IBANS.succeeds);
    expect(normalizeIban(TEST_IBANS.failsLater)).toBe(TEST_IBANS.failsLater);
    expect(normalizeIban('DE00370400440532013000')).toBeNull();
    expect(normalizeIban('4242424242424242')).toBeNull();
    expect(normalizeIban('')).toBeNull();
  });
});

describe('Apple Pay and Google Pay', () => {
  it('are offered where the provider offers them and the order allows a card (they pay with a card)', () => {
    expect(walletsAllowed(true, allowedPaymentMethods(ALL, adult))).toBe(true);
    expect(walletsAllowed(false, allowedPaymentMethods(ALL, adult))).toBe(false);
    expect(walletsAllowed(true, ['paypal', 'sepa_debit'])).toBe(false);
  });
});
