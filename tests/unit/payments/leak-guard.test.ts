import { describe, expect, it } from 'vitest';
import { cardNumbersIn, ibansIn } from '../../e2e/support/card-numbers';

// The e2e guard's detectors: what they miss, a leak into the shop's log would slip through.
describe('payment data in a text', () => {
  it('finds test card numbers as typed, and not ids or order numbers', () => {
    expect(cardNumbersIn('{"number":"4242 4242 4242 4242"}')).toEqual(['4242 4242 4242 4242']);
    expect(cardNumbersIn('card=4000002760003184&x')).toEqual(['4000002760003184']);
    expect(cardNumbersIn('order 2026-000123 id 5e61317b-10d7-44ac-8368-939724e33188 1234567890123')).toEqual([]);
  });

  it('finds IBANs with or without groups, confirmed by their check digits', () => {
    expect(ibansIn('{"iban":"DE89370400440532013000"}')).toEqual(['DE89370400440532013000']);
    expect(ibansIn('IBAN DE62 3704 0044 0532 0130 01.')).toEqual(['DE62 3704 0044 0532 0130 01']);
    // One digit off fails the mod-97 check; an order number is no IBAN.
    expect(ibansIn('DE89370400440532013001 AB12345678901234')).toEqual([]);
  });
});
