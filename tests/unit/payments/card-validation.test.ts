import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  cardDetails,
  detectBrand,
  luhnValid,
  parseExpiry,
  validateCard,
  validateCardNumber,
  validateCvc,
  validateExpiry,
} from '../../../src/platform/payments/card-validation';
import { TEST_CARDS } from '../../../src/platform/payments/test-cards';

describe('luhnValid', () => {
  it('accepts every test card and refuses a wrong check digit', () => {
    for (const number of Object.values(TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4242x')).toBe(false);
  });
});

describe('detectBrand', () => {
  it('knows Visa, Mastercard (both ranges), American Express and Maestro, also from the first digits', () => {
    expect(detectBrand('4')).toBe('visa');
    expect(detectBrand('5555555555554444')).toBe('mastercard');
    expect(detectBrand('2221000000000009')).toBe('mastercard');
    expect(detectBrand('2720990000000000')).toBe('mastercard');
    expect(detectBrand('2721000000000000')).toBe('unknown');
    expect(detectBrand('34')).toBe('amex');
    expect(detectBrand('378282246310005')).toBe('amex');
    expect(detectBrand('6759649826438453')).toBe('maestro');
    expect(detectBrand('6011111111111117')).toBe('unknown');
  });
});

describe('validateCardNumber', () => {
  it('accepts blanks and hyphens as typed and keeps only brand and last four for display', () => {
    expect(validateCardNumber('4242 4242-4242 4242')).toEqual({ ok: true, value: { digits: '4242424242424242', brand: 'visa', last4: '4242' } });
  });

  it('refuses letters, a wrong check digit and a length the brand does not issue', () => {
    expect(validateCardNumber('4242 4242 4242 424X')).toEqual({ ok: false, code: 'CARD_INVALID' });
    expect(validateCardNumber('4242424242424241')).toEqual({ ok: false, code: 'CARD_INVALID' });
    expect(validateCardNumber('3782822463100050').ok).toBe(false); // Amex has 15 digits
    expect(validateCardNumber('').ok).toBe(false);
  });
});

describe('expiry', () => {
  it('reads MM/YY, MM/YYYY and MMYY', () => {
    expect(parseExpiry('12/28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry(' 1 / 2030 ')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('0628')).toEqual({ month: 6, year: 2028 });
    expect(parseExpiry('june')).toBeNull();
  });

  it('keeps a card valid through the last day of its month on Berlin clocks', () => {
    // 23:59:59 on 31 May in Berlin is 21:59:59 UTC; two seconds later it is June in Berlin, still May in UTC.
    expect(validateExpiry(5, 2026, new Date('2026-05-31T21:59:59Z'))).toEqual({ ok: true, value: { month: 5, year: 2026 } });
    expect(validateExpiry(5, 2026, new Date('2026-05-31T22:00:01Z'))).toEqual({ ok: false, code: 'CARD_EXPIRED' });
    expect(validateExpiry(4, 26, new Date('2026-05-01T12:00:00Z'))).toEqual({ ok: false, code: 'CARD_EXPIRED' });
  });

  it('refuses impossible months and dates decades ahead', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(validateExpiry(13, 2027, now)).toEqual({ ok: false, code: 'EXPIRY_INVALID' });
    expect(validateExpiry(0, 2027, now)).toEqual({ ok: false, code: 'EXPIRY_INVALID' });
    expect(validateExpiry(1, 2047, now)).toEqual({ ok: false, code: 'EXPIRY_INVALID' });
    expect(validateExpiry(12, 2046, now).ok).toBe(true);
  });
});

describe('validateCvc', () => {
  it('wants 4 digits for American Express and 3 for the others', () => {
    expect(validateCvc('1234', 'amex')).toEqual({ ok: true, value: '1234' });
    expect(validateCvc('123', 'amex')).toEqual({ ok: false, code: 'CVC_INVALID' });
    expect(validateCvc('123', 'visa').ok).toBe(true);
    expect(validateCvc('1234', 'mastercard').ok).toBe(false);
    expect(validateCvc('12a', 'visa').ok).toBe(false);
  });
});

describe('validateCard', () => {
  const now = new Date('2026-06-16T10:00:00Z');

  it('reports every wrong field at once, the number first', () => {
    expect(validateCard({ number: '1234', expiry: '13/26', cvc: '1' }, now)).toEqual({
      ok: false,
      code: 'CARD_INVALID',
      fields: { number: 'CARD_INVALID', expiry: 'EXPIRY_INVALID', cvc: 'CVC_INVALID' },
    });
    expect(validateCard({ number: TEST_CARDS.amex, expiry: '12/30', cvc: '123' }, now)).toEqual({ ok: false, code: 'CVC_INVALID', fields: { cvc: 'CVC_INVALID' } });
    expect(validateCard({ number: TEST_CARDS.visa, expiry: '05/26', cvc: '123' }, now)).toEqual({ ok: false, code: 'CARD_EXPIRED', fields: { expiry: 'CARD_EXPIRED' } });
    expect(validateCard({ number: TEST_CARDS.visa, cvc: '123' }, now).ok).toBe(false);
  });

  it('returns the card with brand, last four and a four-digit expiry year', () => {
    const result = validateCard({ number: '4242 4242 4242 4242', expiryMonth: 12, expiryYear: 28, cvc: '123' }, now);
    expect(result.ok && { ...result.value }).toEqual({ brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2028 });
    expect(result.ok && result.value.number).toBe('4242424242424242');
    expect(result.ok && result.value.cvc).toBe('123');
  });
});

describe('card details never leak through logging or serialization', () => {
  const card = cardDetails({ number: '4242424242424242', cvc: '987', expiryMonth: 12, expiryYear: 2028 });
  const leaks = (text: string) => text.includes('4242424242424242') || text.includes('987');

  it('hides number and CVC from JSON, spreading, keys, string and inspect', () => {
    expect(card.number).toBe('4242424242424242');
    expect(JSON.parse(JSON.stringify(card))).toEqual({ brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2028 });
    expect(JSON.stringify({ nested: { card } })).not.toMatch(/4242424242424242|987/);
    expect({ ...card }).not.toHaveProperty('number');
    expect(Object.keys(card)).toEqual(['brand', 'last4', 'expiryMonth', 'expiryYear']);
    expect(leaks(String(card))).toBe(false);
    expect(leaks(`${card}`)).toBe(false);
    expect(leaks(inspect(card))).toBe(false);
    expect(leaks(inspect({ order: { card } }, { depth: 5 }))).toBe(false);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(card)).toBe(true);
  });
});
