import { describe, expect, it } from 'vitest';
import { paymentChoice, paymentFingerprint } from '../../../src/features/checkout/browser/payment';

describe('the payment part of placing an order', () => {
  it('names a new card (in the provider\'s hosted fields) with the wish to save it, never card data', () => {
    expect(paymentChoice({ payment: 'new', saveCard: false }, true)).toEqual({ method: 'card', save_card: false });
    expect(paymentChoice({ payment: 'new', saveCard: true }, true)).toEqual({ method: 'card', save_card: true });
  });

  it('names PayPal and a saved card by its id', () => {
    expect(paymentChoice({ payment: 'paypal', saveCard: false }, true)).toEqual({ method: 'paypal' });
    expect(paymentChoice({ payment: 'card-7', saveCard: false }, true)).toEqual({ method: 'saved', saved_card_id: 'card-7' });
  });

  it('sends nothing when the credit covers the whole amount', () => {
    expect(paymentChoice({ payment: 'new', saveCard: false }, false)).toBeNull();
  });

  it('tells attempts apart by the method and the saved card id', () => {
    const fingerprint = paymentFingerprint(paymentChoice({ payment: 'new', saveCard: false }, true));
    expect(fingerprint).toBe('card:0');
    expect(paymentFingerprint(paymentChoice({ payment: 'new', saveCard: true }, true))).not.toBe(fingerprint);
    expect(paymentFingerprint({ method: 'saved', saved_card_id: 'card-7' })).toBe('saved:card-7');
    expect(paymentFingerprint({ method: 'paypal' })).toBe('paypal');
    expect(paymentFingerprint(null)).toBe('none');
  });
});
