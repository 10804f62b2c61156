import { fetchCart } from '../../../platform/api-client';
import type { Locale } from '../../../platform/i18n/locales';
import { applyServerCart, initCartState } from './state';

/**
 * Brings this page's cart state (header badge, local mirror) up to date with the server, e.g.
 * after a placed order emptied the cart. A failed read leaves it: the next page asks again.
 */
export async function syncCart(locale: Locale): Promise<void> {
  initCartState();
  const outcome = await fetchCart(locale);
  if (outcome.ok) applyServerCart(outcome.data);
}
