import { describe, expect, it } from 'vitest';
import { fieldOfIssue, isMissingInput, isStockIssue } from '../../../src/features/checkout/browser/issues';

describe('where a server verdict is shown', () => {
  it('at the field the server names', () => {
    expect(fieldOfIssue({ code: 'PHARMACY_CLOSED', field: 'delivery' })).toBe('delivery');
    expect(fieldOfIssue({ code: 'CONSENT_REQUIRED', field: 'consent_pharmacy_data' })).toBe('consent');
    expect(fieldOfIssue({ code: 'INVALID_PHONE_NUMBER', field: 'phone' })).toBe('phone');
    // Card verdicts come from the provider's hosted fields: they belong to the payment section as a whole.
    expect(fieldOfIssue({ code: 'PAYMENT_NOT_AUTHORIZED', field: 'payment' })).toBe('payment');
    expect(fieldOfIssue({ code: 'CVC_INVALID', field: null })).toBe('payment');
    expect(fieldOfIssue({ code: 'PAYMENT_AUTHENTICATION_FAILED', field: null })).toBe('payment');
  });

  it('by its code when no field is named, coupon errors at the coupon field', () => {
    expect(fieldOfIssue({ code: 'COUPON_MIN_ORDER_VALUE', field: null })).toBe('coupon');
    expect(fieldOfIssue({ code: 'COUPON_EXPIRED', field: 'cart' })).toBe('coupon');
    expect(fieldOfIssue({ code: 'PAYMENT_FAILED', field: null })).toBe('payment');
    expect(fieldOfIssue({ code: 'TIP_INVALID', field: null })).toBe('tip');
  });

  it('above the order button for stock and the cart as a whole', () => {
    expect(fieldOfIssue({ code: 'SOLD_OUT', field: 'lines' })).toBeNull();
    expect(fieldOfIssue({ code: 'CART_EMPTY', field: 'cart' })).toBeNull();
    expect(isStockIssue({ code: 'STOCK_INSUFFICIENT' })).toBe(true);
    expect(isStockIssue({ code: 'PHARMACY_CLOSED' })).toBe(false);
  });

  it('waits for "Order and pay" when it only says something is not filled in yet', () => {
    expect(isMissingInput({ code: 'CONSENT_REQUIRED' })).toBe(true);
    expect(isMissingInput({ code: 'DELIVERY_TIME_REQUIRED' })).toBe(true);
    expect(isMissingInput({ code: 'PHARMACY_CLOSED' })).toBe(false);
  });
});
