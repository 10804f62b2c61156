/**
 * Card numbers the built-in demo provider knows: Stripe's documented test numbers, so the demo
 * behaves as Stripe's test mode does (none can be charged anywhere). Any future expiry and any CVC
 * of the right length work. Every other number is declined, so nobody mistakes the demo for a shop.
 */
export const TEST_CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  /** Always asks for 3-D Secure: the challenge page decides (pass, fail, or abandon). */
  threeDSecure: '4000002760003184',
  /** Declined: "Payment failed, try another card or contact your provider". */
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** The provider is down: PAYMENT_UNAVAILABLE, try again later. */
  processingError: '4000000000000119',
} as const;

/**
 * The card "in the device's wallet" when the demo's Apple Pay or Google Pay button is used: what
 * the shop hears (brand, last four, expiry, the wallet), as Stripe reports a wallet payment. Its
 * number never exists here at all, as with a real wallet (the device sends a network token).
 */
export const TEST_WALLET_CARDS = {
  apple_pay: { brand: 'mastercard', last4: '4444', expiryMonth: 12, expiryYear: 2034 },
  google_pay: { brand: 'visa', last4: '1111', expiryMonth: 12, expiryYear: 2034 },
} as const;

/** The demo PayPal account (any password); the approval page approves or cancels. */
export const TEST_PAYPAL_ACCOUNT = 'buyer@example.com';

export type TestOutcome = 'success' | 'three_d_secure' | 'declined' | 'insufficient_funds' | 'processing_error';

const OUTCOMES: Readonly<Record<string, TestOutcome>> = {
  [TEST_CARDS.visa]: 'success',
  [TEST_CARDS.mastercard]: 'success',
  [TEST_CARDS.amex]: 'success',
  [TEST_CARDS.threeDSecure]: 'three_d_secure',
  [TEST_CARDS.declined]: 'declined',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [TEST_CARDS.processingError]: 'processing_error',
};

/** What the demo provider does with a card number; null for a number that is not a test card. */
export const testOutcome = (digits: string): TestOutcome | null => OUTCOMES[digits] ?? null;

/**
 * IBANs the demo provider knows for SEPA direct debit: Stripe's documented test IBANs. The debit is
 * confirmed at the pharmacy's acceptance; `succeeds` settles at once, `failsLater` stays processing
 * until the provider settles it and then fails (payment_intent.payment_failed), as a returned debit
 * does days later. Any other valid IBAN succeeds too.
 */
export const TEST_IBANS = {
  succeeds: 'DE89370400440532013000',
  failsLater: 'DE62370400440532013001',
} as const;

/** An IBAN without spaces, upper case; null when its form or its check digits (ISO 13616, mod 97) are wrong. */
export function normalizeIban(input: string): string | null {
  const iban = input.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let rest = 0;
  for (const char of moved) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1 ? iban : null;
}
