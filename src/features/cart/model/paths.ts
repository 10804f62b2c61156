import { localizePath, type Locale } from '../../../platform/i18n/locales';

/**
 * Pages the cart links to. Unlocalized like the shell's ROUTES; the catalogue's product path rule
 * is repeated here because its feature has no browser-safe door and the cart must not bundle it.
 */
export const CART_PATH = '/shop/cart/';
export const CHECKOUT_PATH = '/shop/checkout/';
export const PHARMACIES_PATH = '/shop/pharmacies/';
export const ADDRESSES_PATH = '/shop/addresses/';
export const SHOP_HOME_PATH = '/shop/';

export const productHref = (slug: string, locale: Locale): string => localizePath(`/shop/product/${slug}/`, locale);

/**
 * The address screen opened on its "new shipping address" form, returning to `returnTo` after a
 * save (contract with the addresses feature: `?new=shipping&redirect=<internal path>`).
 */
export function newShippingAddressHref(returnTo: string, locale: Locale): string {
  return `${localizePath(ADDRESSES_PATH, locale)}?new=shipping&redirect=${encodeURIComponent(returnTo)}`;
}

export function isCartPage(pathname: string): boolean {
  const unlocalized = pathname.replace(/^\/de(?=\/|$)/, '');
  return unlocalized === '/shop/cart' || unlocalized === CART_PATH;
}
