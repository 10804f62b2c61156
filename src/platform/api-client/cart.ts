import type { Locale } from '../i18n/locales';
import { apiClient } from './client';
import { attempt } from './outcome';

/**
 * The customer's cart as the server has it now (GET /user/cart), read here for every feature
 * that needs it: the cart keeps it in its page state, checkout brings the badge up to date after
 * an order, and the pharmacies feature's delivery check asks about its products. The pharmacies
 * feature sits below the cart (the cart reads stock from it), so the read cannot live in the cart.
 */
export function fetchCart(locale: Locale) {
  return attempt(() => apiClient(locale).GET('/api/v1/user/cart'), locale);
}
