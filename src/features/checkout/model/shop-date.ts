import { INTL_LOCALE, type Locale } from '../../../platform/i18n';
import type { IsoDate } from './calendar';

/** "1 Dec 2026" / "01.12.2026" for a Berlin calendar date. */
export function formatShopDate(date: IsoDate, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
