import { fetchCart } from '../../../platform/api-client/cart';
import { localeFromPath } from '../../../platform/i18n/locales';
import { loadActions } from './load-actions';
import { $mirror, applyServerCart } from './state';

/**
 * The idle-time refresh of a missing or stale mirror (boot.ts). Most answers only move the badge,
 * so this reads the cart itself; the cart's server half (actions.ts: its wording, toasts and
 * queue, 3 KB gzip) loads only when the answer asks for more: a session that ended, stock warnings
 * to tell, or lines that may have left with a pharmacy move. It then asks again, as it always did.
 */
export async function refreshMirror(): Promise<void> {
  const outcome = await fetchCart(localeFromPath(location.pathname));
  const previous = $mirror.get();
  const quiet =
    outcome.ok &&
    outcome.data.warnings.length === 0 &&
    (!previous || outcome.data.pharmacyId === null || outcome.data.pharmacyId === previous.pharmacyId);
  if (!quiet) {
    await (await loadActions()).refreshCart();
    return;
  }
  applyServerCart(outcome.data);
  // The cart may now differ from the pharmacy chosen on this device: as after any answer, it follows.
  (await import('./pharmacy-follow')).follow();
}
