import type { Locale } from '../../../platform/i18n/locales';
import { safeRedirectTarget } from '../../accounts/client';

export type AddressKind = 'shipping' | 'billing';

export interface AddressPageRequest {
  /** `?new=shipping` (or billing) opens that add form at once. */
  openNew: AddressKind | null;
  /** `&redirect=<path>`: where to go after a successful save, already checked to stay in the shop. */
  redirect: string | null;
}

/**
 * Reads the address page's URL contract (shared with the cart, which sends a visitor without an
 * address here and resumes the pending "add to cart" on the page it is sent back to).
 */
export function parseAddressPageRequest(search: string, locale: Locale): AddressPageRequest {
  const params = new URLSearchParams(search);
  const kind = params.get('new');
  const redirect = params.get('redirect');
  return {
    openNew: kind === 'shipping' || kind === 'billing' ? kind : null,
    redirect: redirect ? safeRedirectTarget(redirect, locale) : null,
  };
}
