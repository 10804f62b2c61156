import { describe, expect, it } from 'vitest';
import { paymentBody, paymentFingerprint } from '../../../src/features/checkout/browser/payment';

const card = { payment: 'new', cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 30', cardCvc: ' 123 ', cardHolder: '  ', saveCard: false };

describe('the payment part of placing an order', () => {
  it('sends a new card as digits with month, four-digit year and CVC; a blank holder is left out', () => {
    expect(paymentBody(card, true)).toEqual({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }, save_card: false });
  });

  it('sends the holder and the wish to save the card', () => {
    expect(paymentBody({ ...card, cardHolder: ' Erika Muster ', saveCard: true }, true)).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', holder: 'Erika Muster' },
      save_card: true,
    });
  });

  it('sends a saved card by its id only', () => {
    expect(paymentBody({ ...card, payment: 'card-7' }, true)).toEqual({ saved_card_id: 'card-7' });
  });

  it('sends nothing when the credit covers the whole amount', () => {
    expect(paymentBody(card, false)).toBeNull();
  });

  it('tells attempts apart by what may be shown (brand, last four, expiry), never by number or CVC', () => {
    const fingerprint = paymentFingerprint(paymentBody(card, true));
    expect(fingerprint).toBe('card:visa:4242:12/2030:0');
    expect(paymentFingerprint(paymentBody({ ...card, saveCard: true }, true))).not.toBe(fingerprint);
    expect(paymentFingerprint({ saved_card_id: 'card-7' })).toBe('saved:card-7');
    expect(paymentFingerprint(null)).toBe('none');
  });
});
