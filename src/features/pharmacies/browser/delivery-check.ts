import { atom } from 'nanostores';
import { apiClient, attempt, fetchCart, type Outcome } from '../../../platform/api-client';
import { getToken } from '../../../platform/api-client/token';
import type { Locale } from '../../../platform/i18n/locales';
import { MAX_PZNS_PER_REQUEST } from '../model/pzn-list';
import { $selectedPharmacy, type SelectedPharmacy } from './shopping-location';
import type { DeliveryAddress, DeliveryArea, DeliveryCheck } from '../model/selection-types';

/**
 * The latest check on this page. Not persisted: it depends on the moment (open now) and on stock.
 * The address screen writes it and the outcome panel (another island) shows it.
 */
// Pure: importing the pharmacies client door must not drag this module into pages that never use it.
export const $deliveryCheck = /* @__PURE__ */ atom<DeliveryCheck | null>(null);

export type ChooseResult = 'stored' | 'cart-updated' | 'cart-failed';

/**
 * Makes a pharmacy the visitor's: stored on this device for everyone, and for a logged-in
 * customer also set on the server cart, whose stock checks follow it.
 */
export async function choosePharmacy(pharmacy: SelectedPharmacy, locale: Locale): Promise<ChooseResult> {
  $selectedPharmacy.set({ id: pharmacy.id, name: pharmacy.name });
  if (!getToken()) return 'stored';
  const outcome = await attempt(() => apiClient(locale).PUT('/api/v1/user/cart/pharmacy', { body: { pharmacyId: pharmacy.id } }), locale);
  return outcome.ok ? 'cart-updated' : 'cart-failed';
}

/** What the check reads of a cart: its lines' PZNs and names. */
export interface CartContents {
  lines: readonly { pzn: string; product: { name: string } }[];
}

/** The cart's lines (PZN and name); a browse-only visitor, or a failed read, has none. A caller that read the cart already passes it. */
async function cartLines(locale: Locale, cart?: CartContents): Promise<{ pzn: string; name: string }[]> {
  if (!cart && !getToken()) return [];
  let contents: CartContents = { lines: [] };
  if (cart) contents = cart;
  else {
    const outcome = await fetchCart(locale);
    if (outcome.ok) contents = outcome.data;
  }
  return contents.lines.map((line) => ({ pzn: line.pzn, name: line.product.name }));
}

/**
 * Asks whether we deliver to an address with the cart's products, chooses the serving pharmacy
 * when there is one, and publishes the outcome in $deliveryCheck.
 */
export async function checkDelivery(
  address: DeliveryAddress,
  options: { locale: Locale; addressLabel: string; choose?: boolean; cart?: CartContents },
): Promise<Outcome<DeliveryCheck>> {
  const { locale, addressLabel, choose = true, cart } = options;
  const lines = await cartLines(locale, cart);
  const pzns = lines.map((line) => line.pzn).slice(0, MAX_PZNS_PER_REQUEST);
  const outcome = await attempt(() => apiClient(locale).POST('/api/shop/v1/delivery-area', { body: { ...address, pzns } }), locale);
  if (!outcome.ok) return outcome;
  const answer = outcome.data as DeliveryArea;
  if (choose && answer.pharmacy) await choosePharmacy({ id: answer.pharmacy.pharmacy.id, name: answer.pharmacy.pharmacy.name }, locale);
  const check: DeliveryCheck = { answer, addressLabel, productNames: Object.fromEntries(lines.map((line) => [line.pzn, line.name])) };
  $deliveryCheck.set(check);
  return { ok: true, data: check };
}
