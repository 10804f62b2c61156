import { atom } from 'nanostores';
import type { Locale } from '../../../../platform/i18n/locales';
import { getToken } from '../../../auth';
import { MAX_PZNS_PER_REQUEST } from '../../model/pzn-limit';
import { $selectedPharmacy, type SelectedPharmacy } from '../../model/shopping-location';
import { attempt, shopApi, type ApiOutcome } from './selection-api';
import type { DeliveryArea } from './selection-types';

/** The address fields the delivery-area check reads (snake_case, as on the wire). */
export interface DeliveryAddress {
  postal_code: string;
  street_address?: string;
  house_number?: string;
  locality?: string;
}

export interface DeliveryCheck {
  answer: DeliveryArea;
  /** The address as the customer typed it, for the outcome's heading. */
  addressLabel: string;
  /** Names of the cart's products by PZN, so missing items are named rather than numbered. */
  productNames: Record<string, string>;
}

/**
 * The latest check on this page. Not persisted: it depends on the moment (open now) and on stock.
 * The address screen writes it and the outcome panel (another island) shows it.
 */
// Pure: importing the pharmacies client door must not drag this module into pages that never use it.
export const $deliveryCheck = /* @__PURE__ */ atom<DeliveryCheck | null>(null);

interface CartContents {
  pzns: string[];
  names: Record<string, string>;
}

/** The cart's PZNs and product names; a browse-only visitor (or a failed call) has none. */
async function cartContents(locale: Locale): Promise<CartContents> {
  if (!getToken()) return { pzns: [], names: {} };
  const outcome = await attempt(() => shopApi(locale).GET('/api/v1/user/cart'), locale);
  if (!outcome.ok) return { pzns: [], names: {} };
  const lines = outcome.data.lines;
  return {
    pzns: lines.map((line) => line.pzn).slice(0, MAX_PZNS_PER_REQUEST),
    names: Object.fromEntries(lines.map((line) => [line.pzn, line.product.name])),
  };
}

export type ChooseResult = 'stored' | 'cart-updated' | 'cart-failed';

/**
 * Makes a pharmacy the visitor's: stored on this device for everyone, and for a logged-in
 * customer also set on the server cart, whose stock checks follow it.
 */
export async function choosePharmacy(pharmacy: SelectedPharmacy, locale: Locale): Promise<ChooseResult> {
  $selectedPharmacy.set({ id: pharmacy.id, name: pharmacy.name });
  if (!getToken()) return 'stored';
  const outcome = await attempt(() => shopApi(locale).PUT('/api/v1/user/cart/pharmacy', { body: { pharmacyId: pharmacy.id } }), locale);
  return outcome.ok ? 'cart-updated' : 'cart-failed';
}

/**
 * Asks whether we deliver to an address with the cart's products, chooses the serving pharmacy
 * when there is one, and publishes the outcome in $deliveryCheck.
 */
export async function checkDelivery(
  address: DeliveryAddress,
  options: { locale: Locale; addressLabel: string; choose?: boolean },
): Promise<ApiOutcome<DeliveryCheck>> {
  const { locale, addressLabel, choose = true } = options;
  const cart = await cartContents(locale);
  const outcome = await attempt(() => shopApi(locale).POST('/api/shop/v1/delivery-area', { body: { ...address, pzns: cart.pzns } }), locale);
  if (!outcome.ok) return outcome;
  const answer = outcome.data as DeliveryArea;
  if (choose && answer.pharmacy) await choosePharmacy({ id: answer.pharmacy.pharmacy.id, name: answer.pharmacy.pharmacy.name }, locale);
  const check: DeliveryCheck = { answer, addressLabel, productNames: cart.names };
  $deliveryCheck.set(check);
  return { ok: true, data: check };
}
