import type { Locale } from '../../../platform/i18n/locales';
import { interpolate } from '../../../platform/i18n/messages';
import { availabilityMessages } from '../i18n/availability';
import type { StockStatus } from './stock-status';

/** Base class of every availability line; the status modifier adds colour and icon shape. */
export const AVAILABILITY_CLASS = 'availability';

const MODIFIER: Record<StockStatus, string> = {
  in_stock: 'availability--in-stock',
  low: 'availability--low',
  sold_out: 'availability--sold-out',
};

const MESSAGE: Record<StockStatus, 'inStock' | 'low' | 'soldOut'> = {
  in_stock: 'inStock',
  low: 'low',
  sold_out: 'soldOut',
};

export const STATUS_CLASSES: readonly string[] = Object.values(MODIFIER);

export interface AvailabilityView {
  text: string;
  /** The status modifier class (the line keeps its base class). */
  className: string;
}

/** What a line says for one status at one pharmacy, in the page language. */
export function availabilityView(status: StockStatus, pharmacyName: string, locale: Locale): AvailabilityView {
  return {
    text: interpolate(availabilityMessages[locale][MESSAGE[status]], { pharmacy: pharmacyName }),
    className: MODIFIER[status],
  };
}

export function choosePharmacyText(locale: Locale): string {
  return availabilityMessages[locale].choosePharmacy;
}
