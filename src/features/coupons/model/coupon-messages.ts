import { errorMessages } from '../../../platform/http/error-codes';
import { formatPrice, formatShopDate, translator, type Locale } from '../../../platform/i18n';
import { localDate } from '../../../platform/time/wall-clock';
import { couponFailureMessages } from '../i18n/messages';
import { lastValidDate } from './coupon';
import type { CouponFailure } from './coupon-rules';

/**
 * The most helpful text for a coupon failure: with its numbers where the rule has them ("valid from
 * an order value of 20,00 €. Add 4,50 € more."), else the error catalogue's message. The API puts it
 * into the error body's `message`.
 */
export function couponFailureMessage(failure: CouponFailure, locale: Locale): string {
  const t = translator(couponFailureMessages, locale);
  const detail = failure.detail ?? {};
  switch (failure.code) {
    case 'COUPON_NOT_YET_VALID':
      if (detail.startsAt) return t('couponNotYetValid', { date: formatShopDate(localDate(new Date(detail.startsAt)), locale) });
      break;
    case 'COUPON_EXPIRED':
      if (detail.expiresAt) return t('couponExpired', { date: formatShopDate(lastValidDate(new Date(detail.expiresAt)), locale) });
      break;
    case 'COUPON_MIN_ORDER_VALUE':
      if (detail.minOrderCents !== undefined && detail.missingCents !== undefined) {
        return t('couponMinOrderValue', { amount: formatPrice(detail.minOrderCents, locale), missing: formatPrice(detail.missingCents, locale) });
      }
      break;
    case 'COUPON_MAX_ORDER_VALUE':
      if (detail.maxOrderCents !== undefined) return t('couponMaxOrderValue', { amount: formatPrice(detail.maxOrderCents, locale) });
      break;
    case 'COUPON_ORDER_COUNT_NOT_REACHED':
      if (detail.minOrderCount !== undefined) {
        return detail.minOrderCount === 1 ? t('couponMinOrderCountOne') : t('couponMinOrderCountOther', { count: detail.minOrderCount });
      }
      break;
    case 'COUPON_ORDER_COUNT_EXCEEDED':
      if (detail.maxOrderCount !== undefined) {
        if (detail.maxOrderCount === 0) return t('couponFirstOrderOnly');
        return detail.maxOrderCount === 1 ? t('couponMaxOrderCountOne') : t('couponMaxOrderCountOther', { count: detail.maxOrderCount });
      }
      break;
    default:
      break;
  }
  return errorMessages[locale][failure.code];
}
