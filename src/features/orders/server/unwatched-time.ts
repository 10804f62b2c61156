import { SHOP_TIME_ZONE } from '../../../platform/clock';
import { dateTimeFormat } from '../../../platform/i18n/format';
import { INTL_LOCALE, type Locale } from '../../../platform/i18n/locales';

/** "14:30" on Berlin clocks. */
export const formatShopTime = (instant: Date, locale: Locale): string =>
  dateTimeFormat(INTL_LOCALE[locale], { hour: '2-digit', minute: '2-digit', timeZone: SHOP_TIME_ZONE }).format(instant);
