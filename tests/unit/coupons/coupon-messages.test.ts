import { describe, expect, it } from 'vitest';
import { validThrough } from '../../../src/features/coupons/model/coupon';
import { formatShopDate } from '../../../src/platform/i18n/format';
import { couponFailureMessage } from '../../../src/features/coupons/model/coupon-messages';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { formatPrice } from '../../../src/platform/i18n/format';

describe('couponFailureMessage', () => {
  it('names the minimum order value and what is missing', () => {
    const failure = { ok: false as const, code: 'COUPON_MIN_ORDER_VALUE' as const, detail: { minOrderCents: 2000, missingCents: 450 } };
    expect(couponFailureMessage(failure, 'en')).toBe(`This coupon is valid from an order value of ${formatPrice(2000, 'en')}. Add ${formatPrice(450, 'en')} more.`);
    expect(couponFailureMessage(failure, 'de')).toBe(`Dieser Gutschein gilt ab einem Bestellwert von ${formatPrice(2000, 'de')}. Es fehlen noch ${formatPrice(450, 'de')}.`);
  });

  it('names dates on Berlin calendars: the last valid day, and the first', () => {
    expect(formatShopDate('2026-12-01', 'de')).toBe('01.12.2026');
    const expired = { ok: false as const, code: 'COUPON_EXPIRED' as const, detail: { expiresAt: validThrough('2026-12-31').toISOString() } };
    expect(couponFailureMessage(expired, 'de')).toBe('Dieser Gutschein war bis zum 31.12.2026 gültig.');
    // 23:30 UTC on 30 November is already 1 December in Berlin.
    const early = { ok: false as const, code: 'COUPON_NOT_YET_VALID' as const, detail: { startsAt: '2026-11-30T23:30:00.000Z' } };
    expect(couponFailureMessage(early, 'de')).toBe('Dieser Gutschein gilt ab dem 01.12.2026.');
    expect(couponFailureMessage(early, 'en')).toBe(`This coupon is valid from ${formatShopDate('2026-12-01', 'en')}.`);
  });

  it('explains order-count limits, first-order-only in particular', () => {
    const exceeded = (maxOrderCount: number) => ({ ok: false as const, code: 'COUPON_ORDER_COUNT_EXCEEDED' as const, detail: { maxOrderCount } });
    expect(couponFailureMessage(exceeded(0), 'en')).toBe('This coupon is valid for your first order only.');
    expect(couponFailureMessage(exceeded(3), 'de')).toContain('höchstens 3 früheren Bestellungen');
    const notReached = { ok: false as const, code: 'COUPON_ORDER_COUNT_NOT_REACHED' as const, detail: { minOrderCount: 1 } };
    expect(couponFailureMessage(notReached, 'en')).toBe('This coupon can be used once you have placed an order.');
  });

  it('falls back to the error catalogue without details', () => {
    expect(couponFailureMessage({ ok: false, code: 'COUPON_UNKNOWN' }, 'de')).toBe(errorMessages.de.COUPON_UNKNOWN);
    expect(couponFailureMessage({ ok: false, code: 'COUPON_MIN_ORDER_VALUE' }, 'en')).toBe(errorMessages.en.COUPON_MIN_ORDER_VALUE);
  });
});
