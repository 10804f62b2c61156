import { SHOP_TIME_ZONE } from '../../../platform/clock';
import { INTL_LOCALE, type Locale } from '../../../platform/i18n/locales';

/** "21 Nov 2026, 21:46" / "21.11.2026, 21:46" on Berlin clocks, whatever the device's zone. */
export const formatDateTime = (iso: string, locale: Locale): string =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(iso));

/** "21:46" on Berlin clocks. */
export const formatTime = (iso: string, locale: Locale): string =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { hour: '2-digit', minute: '2-digit', timeZone: SHOP_TIME_ZONE }).format(new Date(iso));

/** "Sat, 21 Nov" / "Sa., 21. Nov." for a delivery window's day. */
export const formatDay = (iso: string, locale: Locale): string =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { weekday: 'short', day: 'numeric', month: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(iso));
