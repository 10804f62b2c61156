import { findAddress, type AddressDto } from '../../addresses';
import { cartLines, type CheckedCartRows } from '../../cart';
import { readTogether, type Db } from '../../../platform/db';
import type { AddressSnapshot } from '../model/address-snapshot';
import { quoteDraft, type DraftQuote } from '../model/quote';
import {
  activePharmacy,
  deliversTo,
  loadCouponForCheckout,
  prescriptionsForOrder,
  productsByPzn,
  redeemedPrescriptionsOf,
  servingPharmacy,
  stockAt,
  walletBalance,
  type PharmacyRow,
  type PrescriptionView,
  type ProductRow,
} from './collaborators';
import { localDate } from '../../../platform/time/wall-clock';
import { recogniseAddress } from '../../../platform/geocoding';
import type { OrdersContext } from './deps';
import { orderCounts, type OrderRow } from './repo';

export type { Issue } from '../model/quote';

type ItemRow = CheckedCartRows['lines'][number];

/** The draft's quote (model/quote.ts) with the pharmacy it was made for and the credit available. */
export interface Quote extends DraftQuote {
  pharmacy: PharmacyRow | null;
  walletBalanceCents: number;
  /** The prescriptions the order takes (held by its pharmacy), as the prescriptions feature shows them. */
  prescriptions: PrescriptionView[];
}

/**
 * The customer's redeemed prescriptions the draft takes: those it names (prescription_selection),
 * else every redeemed one the order's pharmacy holds; named ones held by another pharmacy are
 * reported, not taken. Through `tx` the rows are locked (the placement's transaction).
 */
export async function draftPrescriptions(tx: Db, order: Pick<OrderRow, 'userId' | 'prescriptionSelection'>, pharmacyId: string | null, now: Date): Promise<{ views: PrescriptionView[]; other: string[] }> {
  if (!pharmacyId) return { views: [], other: [] };
  const redeemed = await redeemedPrescriptionsOf(tx, order.userId, localDate(now));
  const selection = order.prescriptionSelection;
  const wanted = selection ? redeemed.filter((entry) => selection.includes(entry.id)) : redeemed.filter((entry) => entry.pharmacyId === pharmacyId);
  const ids = wanted.filter((entry) => entry.pharmacyId === pharmacyId).map((entry) => entry.id);
  const other = wanted.filter((entry) => entry.pharmacyId !== pharmacyId).map((entry) => entry.id);
  if (ids.length === 0) return { views: [], other };
  const views = await prescriptionsForOrder(tx, order.userId, ids, now);
  // One expired or was given back between the two reads: the next answer shows it gone.
  return { views: views.ok ? views.value : [], other };
}

export const snapshotOf = (address: AddressDto): AddressSnapshot => ({
  id: address.id,
  recipient_first_name: address.recipient_first_name,
  recipient_last_name: address.recipient_last_name,
  street_address: address.street_address,
  house_number: address.house_number,
  room: address.room,
  postal_code: address.postal_code,
  locality: address.locality,
  note: address.note,
});

/**
 * What the placement reads before its transaction, as the order and the cart were then: rows the
 * transaction does not write (the pharmacy, the addresses, the catalogue) and the stock, which it
 * takes with conditional updates that do not trust a read. Its quote uses each only while it is
 * still what the locked order and the cart read under the customer's lock point to; anything else
 * is read again inside. So the transaction, during which the order is locked, reads only the cart,
 * and the credit and a coupon's uses when the order uses them, which the customer's lock makes exact.
 */
export interface QuotePrefetch {
  order: Pick<OrderRow, 'pharmacyId' | 'shippingAddressId' | 'billingAddressId'>;
  pharmacy: PharmacyRow | null;
  shipping: AddressDto | null;
  billing: AddressDto | null;
  cart: { lines: readonly ItemRow[]; products: ReadonlyMap<string, ProductRow>; stock: ReadonlyMap<string, number> | null };
  /** Changes no total of an order that asks for no credit (only shown then). */
  walletBalanceCents: number;
}

/** The prefetch for `order` and the cart's `lines` as read outside a transaction: one round of reads at once. */
export async function prefetchQuote(db: Db, order: OrderRow, lines: readonly ItemRow[]): Promise<QuotePrefetch> {
  const pzns = lines.map((line) => line.pzn);
  const [pharmacy, shipping, billing, products, stock, walletBalanceCents] = await readTogether(db, [
    async () => (order.pharmacyId ? activePharmacy(db, order.pharmacyId) : null),
    async () => (order.shippingAddressId ? findAddress(db, order.userId, order.shippingAddressId, 'shipping') : null),
    async () => (order.billingAddressId ? findAddress(db, order.userId, order.billingAddressId, 'billing') : null),
    () => productsByPzn(db, pzns),
    async () => (order.pharmacyId ? stockAt(db, order.pharmacyId, pzns) : null),
    () => walletBalance(db, order.userId),
  ]);
  return {
    order: { pharmacyId: order.pharmacyId, shippingAddressId: order.shippingAddressId, billingAddressId: order.billingAddressId },
    pharmacy,
    shipping,
    billing,
    cart: { lines, products, stock },
    walletBalanceCents,
  };
}

const sameLines = (a: readonly ItemRow[], b: readonly ItemRow[]) => a.length === b.length && a.every((line, i) => line.pzn === b[i]!.pzn && line.quantity === b[i]!.quantity);

/**
 * Reads what the quote rules need for `order` (a draft) through `tx`, then applies them.
 * `profilePhone` is the customer's account phone, used when the checkout did not give another one.
 * For placement the offered delivery windows are not listed: only the choice is validated.
 * `checked` is the cart as the same request just checked it (checkedCart), reused when it was checked
 * against this order's pharmacy rather than read a second time. `prefetched` (the placement) supplies
 * the rows that are still the order's (QuotePrefetch).
 */
export async function buildQuote(
  tx: Db,
  ctx: OrdersContext,
  order: OrderRow,
  profilePhone: string | null,
  purpose: 'checkout' | 'placement' = 'checkout',
  checked?: CheckedCartRows,
  prefetched?: QuotePrefetch,
): Promise<Quote> {
  const now = ctx.clock.now();
  const { settings } = ctx.deps;
  // Reads that do not depend on one another: outside a transaction (the draft, the PaymentIntent)
  // they go at once, so the request waits for the slowest rather than for all of them in turn.
  const couponCode = order.couponCode;
  const ahead = prefetched?.order;
  const [pharmacy, cartRows, shipping, billing, coupon, walletBalanceCents, heldPrescriptions] = await readTogether(tx, [
    async () => (ahead && ahead.pharmacyId === order.pharmacyId ? prefetched.pharmacy : order.pharmacyId ? activePharmacy(tx, order.pharmacyId) : null),
    async () => (checked ? null : cartLines(tx, order.userId)),
    async () =>
      ahead && ahead.shippingAddressId === order.shippingAddressId
        ? prefetched.shipping
        : order.shippingAddressId
          ? findAddress(tx, order.userId, order.shippingAddressId, 'shipping')
          : null,
    async () =>
      ahead && ahead.billingAddressId === order.billingAddressId ? prefetched.billing : order.billingAddressId ? findAddress(tx, order.userId, order.billingAddressId, 'billing') : null,
    async () => (couponCode ? loadCouponForCheckout(tx, { code: couponCode, userId: order.userId, now, ...(await orderCounts(tx, order.userId)) }) : null),
    async () => (prefetched && order.walletCents === 0 ? prefetched.walletBalanceCents : walletBalance(tx, order.userId)),
    () => draftPrescriptions(tx, order, order.pharmacyId, now),
  ]);
  const early = prefetched && ahead?.pharmacyId === order.pharmacyId && cartRows && sameLines(cartRows, prefetched.cart.lines) ? prefetched.cart : null;
  const known = checked && pharmacy && checked.pharmacyId === pharmacy.id && checked.stock ? checked : early;
  const cart = known ? known.lines : (cartRows ?? (await cartLines(tx, order.userId)));
  const pzns = cart.map((row) => row.pzn);
  const [products, stock] = known
    ? [known.products, known.stock]
    : await readTogether(tx, [() => productsByPzn(tx, pzns), async () => (pharmacy ? stockAt(tx, pharmacy.id, pzns) : null)]);
  // The same decision the address screens show: a real address, and who delivers there.
  const shippingArea = shipping
    ? {
        recognised: recogniseAddress(shipping.postal_code, shipping.locality) === 'recognised',
        servedBy: pharmacy && !deliversTo(pharmacy, shipping.postal_code) ? await servingPharmacy(tx, now, shipping.postal_code, pzns) : null,
      }
    : undefined;

  const quote = quoteDraft({
    now,
    locale: ctx.locale,
    settings,
    listOptions: purpose === 'checkout',
    draft: {
      deliveryOption: order.deliveryOption,
      slotStart: order.slotStart,
      safety: order.safety,
      consented: order.consentPharmacyDataAt !== null,
      phone: order.phone ?? profilePhone,
      couponCode: order.couponCode,
      tipCents: order.tipCents,
      walletCents: order.walletCents,
    },
    pharmacy,
    cart,
    products,
    stock,
    shipping: shipping ? snapshotOf(shipping) : null,
    ...(shippingArea ? { shippingArea } : {}),
    billing: order.billingAddressId ? (billing ? snapshotOf(billing) : 'missing') : null,
    coupon,
    walletBalanceCents,
    prescriptions: pharmacy ? heldPrescriptions.views : [],
    otherPharmacyPrescriptions: heldPrescriptions.other,
  });
  return { ...quote, pharmacy, walletBalanceCents, prescriptions: pharmacy ? heldPrescriptions.views : [] };
}
