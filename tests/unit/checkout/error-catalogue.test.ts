import { describe, expect, it } from 'vitest';
import { COUPON_ERROR_CODES } from '../../../src/features/coupons/model/coupon-rules';
import { errorMessages, isErrorCode } from '../../../src/platform/http/error-codes';

describe('checkout codes in the error catalogue', () => {
  it('use the spec’s wording for payment, order and closed pharmacy (§8)', () => {
    expect(errorMessages.en.PAYMENT_FAILED).toBe('Payment failed, try another card or contact your provider.');
    expect(errorMessages.en.ORDER_CREATE_FAILED).toBe('Error creating order, try later.');
    expect(errorMessages.en.PHARMACY_CLOSED).toBe('Pharmacy closed, choose another time.');
  });

  it('cover every coupon, delivery, payment and order failure the core can return', () => {
    const codes = [
      ...COUPON_ERROR_CODES,
      'DELIVERY_TIME_REQUIRED',
      'PHARMACY_CLOSED',
      'DELIVERY_OPTION_UNAVAILABLE',
      'PICKUP_ONLY_ITEMS',
      'TIP_INVALID',
      'WALLET_INSUFFICIENT',
      'PAYMENT_FAILED',
      'PAYMENT_INSUFFICIENT_FUNDS',
      'PAYMENT_UNAVAILABLE',
      'CARD_INVALID',
      'CARD_EXPIRED',
      'EXPIRY_INVALID',
      'CVC_INVALID',
      'INVALID_ORDER_TRANSITION',
      'ORDER_NOT_FOUND',
      'IDEMPOTENCY_CONFLICT',
      'CONSENT_REQUIRED',
      'PHONE_REQUIRED',
    ];
    expect(codes.filter((code) => !isErrorCode(code))).toEqual([]);
  });
});
