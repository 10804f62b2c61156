import { DEFAULT_TIMING } from '../../checkout';
import { formatShopDate } from '../../../platform/i18n/format';
import type { DeliveryOption } from '../../checkout';
import type { Locale } from '../../../platform/i18n/locales';
import { tableTranslator } from '../../../platform/i18n/messages';
import type { OrderViewText } from '../islands/order-view-text';
import { formatShopDay as formatDay, formatShopTime as formatTime } from '../../../platform/i18n/shop-time-format';

export interface OrderDeliveryFacts {
  option: DeliveryOption | null;
  slot_start: string | null;
  slot_end: string | null;
  expected_by: string | null;
  parcel_estimate: { earliest: string; latest: string } | null;
}

/** How and when the order comes, in the checkout's own words (`text`, in the page's language): [what, when]. */
export function deliveryText(delivery: OrderDeliveryFacts, locale: Locale, text: Pick<OrderViewText, 'ui' | 'checkout'>): string[] {
  const tc = tableTranslator(text.checkout);
  const t = tableTranslator(text.ui);
  const window =
    delivery.slot_start && delivery.slot_end
      ? t('deliverySlot', { date: formatDay(delivery.slot_start, locale), window: tc('slot', { from: formatTime(delivery.slot_start, locale), to: formatTime(delivery.slot_end, locale) }) })
      : null;
  switch (delivery.option) {
    case 'asap':
      return [tc('asap', { minutes: DEFAULT_TIMING.asapMinutes }), ...(delivery.expected_by ? [t('deliveryAsapBy', { time: formatTime(delivery.expected_by, locale) })] : [])];
    case 'later_today':
      return [tc('laterToday'), ...(window ? [window] : [])];
    case 'tomorrow':
      return [tc('tomorrow'), ...(window ? [window] : [])];
    case 'parcel':
      return [
        tc('parcel', { min: DEFAULT_TIMING.parcelMinBusinessDays, max: DEFAULT_TIMING.parcelMaxBusinessDays }),
        ...(delivery.parcel_estimate
          ? [tc('parcelEstimate', { earliest: formatShopDate(delivery.parcel_estimate.earliest, locale), latest: formatShopDate(delivery.parcel_estimate.latest, locale) })]
          : []),
      ];
    case 'pickup':
      return [tc('pickup'), ...(window ? [window] : [])];
    default:
      return [];
  }
}
