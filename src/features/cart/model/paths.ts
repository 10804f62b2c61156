import { localizePath, type Locale } from '../../../platform/i18n/locales';
import { ROUTES } from '../../../ui/layout/routes';

/**
 * The address screen opened on its "new shipping address" form, returning to `returnTo` after a
 * save (contract with the addresses feature: `?new=shipping&redirect=<internal path>`).
 */
export function newShippingAddressHref(returnTo: string, locale: Locale): string {
  return `${localizePath(ROUTES.addresses, locale)}?new=shipping&redirect=${encodeURIComponent(returnTo)}`;
}

export function isCartPage(pathname: string): boolean {
  const unlocalized = pathname.replace(/^\/de(?=\/|$)/, '');
  return unlocalized === '/shop/cart' || unlocalized === ROUTES.cart;
}
