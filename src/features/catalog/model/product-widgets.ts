import type { Locale } from '../../../platform/i18n/locales';

/** An Astro component taking these props (the type `astro check` gives a default import of one). */
export type Widget<P> = (props: P) => unknown;

/**
 * What other features show on a product in the catalogue pages: stock at the chosen pharmacy, the
 * favourite toggle and "add to cart". Those features sit above the catalogue (they read products
 * from it), so the catalogue only declares the places; src/app/product-widgets.ts fills them and
 * the routes hand them in.
 */
export type ProductWidgets = {
  Availability: Widget<{ pzn: string }>;
  Favorite: Widget<{ locale: Locale; pzn: string; productName: string; packLabel?: string | undefined; variant?: 'page' | 'card' }>;
  /** Never rendered for prescription medicines, which are shown but not sold. */
  AddToCart: Widget<{ locale: Locale; pzn: string; productName?: string | undefined; variant?: 'page' | 'card' }>;
};
