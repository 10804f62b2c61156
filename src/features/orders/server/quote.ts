import { findAddress, type AddressDto } from '../../addresses';
import { cartLines } from '../../cart';
import {
  addDays,
  computeOrderTotals,
  deliveryOptions,
  hasPickupOnlyItems,
  localDate,
  offeredMethods,
  toCheckoutLine,
  validateDeliveryChoice,
  type CheckoutLine,
  type DeliveryChoiceInput,
  type DeliveryMethod,
  type DeliveryOptions,
  type OrderTotals,
  type PharmacyTimingFacts,
  type ValidatedDelivery,
} from '../../checkout';
import { couponFailureMessage, evaluateCoupon, type CouponApplication } from '../../coupons';
import type { Db } from '../../../platform/db/client';
import { errorMessages, type ErrorCode } from '../../../platform/http/error-codes';
import { activePharmacy, loadCouponForCheckout, productsByPzn, stockAt, walletBalance, type PharmacyRow } from './collaborators';
import type { OrdersContext } from './deps';
import { orderCounts, type OrderRow } from './repo';
import type { AddressSnapshot, DeliveryOption } from './schema';

/**
 * The server's quote for a draft: what the customer would order now, at today's catalogue prices,
 * against the pharmacy's stock, with the delivery choice, coupon, credit and tip checked, and every
 * reason the order cannot be placed yet. Placement builds the same quote inside its transaction and
 * refuses with the first issue, so what the checkout shows and what is enforced cannot drift.
 */

export type IssueField =
  | 'cart'
  | 'pharmacy_id'
  | 'lines'
  | 'delivery'
  | 'shipping_address_id'
  | 'billing_address_id'
  | 'safety'
  | 'consent_pharmacy_data'
  | 'phone'
  | 'coupon_code'
  | 'tip_cents'
  | 'wallet_cents';

export interface Issue {
  code: ErrorCode;
  field: IssueField;
  pzn?: string;
  /** Stock issues: what the pharmacy still has. */
  availableQuantity?: number;
  /** A more specific text than the catalogue's (coupon rules with their numbers), already localized. */
  message?: string;
}

export interface QuoteLine {
  pzn: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  vatRate: number;
  lineTotalCents: number;
  couponDiscountCents: number;
}

export type CouponQuote =
  | { code: string; ok: true; couponId: string; application: CouponApplication }
  | { code: string; ok: false; failure: { code: ErrorCode; message: string } };

export interface Quote {
  pharmacy: PharmacyRow | null;
  lines: QuoteLine[];
  options: DeliveryOptions | null;
  delivery: ValidatedDelivery | null;
  method: DeliveryMethod;
  shipping: AddressSnapshot | null;
  billing: AddressSnapshot | null;
  phone: string | null;
  coupon: CouponQuote | null;
  walletBalanceCents: number;
  totals: OrderTotals;
  issues: Issue[];
}

export const timingFacts = (pharmacy: PharmacyRow): PharmacyTimingFacts => ({
  openingHours: pharmacy.openingHours,
  deliveryOptions: pharmacy.deliveryOptions,
  selfPickupOnly: pharmacy.selfPickupOnly,
});

export const snapshotOf = (address: AddressDto): AddressSnapshot => ({
  id: address.id,
  street_address: address.street_address,
  house_number: address.house_number,
  room: address.room,
  postal_code: address.postal_code,
  locality: address.locality,
  note: address.note,
});

const OPTION_METHOD: Record<DeliveryOption, DeliveryMethod> = {
  asap: 'courier',
  later_today: 'courier',
  tomorrow: 'courier',
  parcel: 'parcel',
  pickup: 'pickup',
};

/** The API's delivery option as the timing model's choice. */
function choiceFor(option: DeliveryOption, slotStart: Date | null): DeliveryChoiceInput {
  const slot = slotStart ? slotStart.toISOString() : null;
  switch (option) {
    case 'asap':
      return { method: 'courier', timing: 'asap' };
    case 'later_today':
    case 'tomorrow':
      return { method: 'courier', timing: 'slot', slotStart: slot };
    case 'parcel':
      return { method: 'parcel' };
    case 'pickup':
      return slot ? { method: 'pickup', timing: 'slot', slotStart: slot } : { method: 'pickup', timing: 'asap' };
  }
}

function checkDelivery(order: OrderRow, pharmacy: PharmacyRow, context: { now: Date; pickupOnlyItems: boolean; settings: OrdersContext['deps']['settings'] }): { delivery: ValidatedDelivery | null; issue: ErrorCode | null } {
  if (!order.deliveryOption) return { delivery: null, issue: 'DELIVERY_TIME_REQUIRED' };
  const result = validateDeliveryChoice(timingFacts(pharmacy), choiceFor(order.deliveryOption, order.slotStart), {
    now: context.now,
    pickupOnlyItems: context.pickupOnlyItems,
    settings: context.settings.timing,
  });
  if (!result.ok) return { delivery: null, issue: result.code };
  const delivery = result.value;
  // "Later today" and "tomorrow" name the day: a slot of the other day is not what was chosen.
  if ('slot' in delivery) {
    const today = localDate(context.now);
    if (order.deliveryOption === 'later_today' && delivery.slot.date !== today) return { delivery: null, issue: 'DELIVERY_OPTION_UNAVAILABLE' };
    if (order.deliveryOption === 'tomorrow' && delivery.slot.date !== addDays(today, 1)) return { delivery: null, issue: 'DELIVERY_OPTION_UNAVAILABLE' };
  }
  return { delivery, issue: null };
}

/** Courier zones are sets of postal codes; self-pickup-only pharmacies deliver nowhere. */
const deliversTo = (pharmacy: PharmacyRow, postalCode: string): boolean =>
  !pharmacy.selfPickupOnly && pharmacy.deliveryOptions.includes('courier') && pharmacy.deliveryPostalCodes.includes(postalCode);

const SAFETY_KEYS = ['pregnant', 'underage', 'nursing', 'for_someone_else', 'consulted_by_pharmacy'] as const;

export function safetyComplete(safety: OrderRow['safety']): boolean {
  return safety !== null && SAFETY_KEYS.every((key) => typeof safety[key] === 'boolean');
}

/**
 * Builds the quote for `order` (a draft) at `now`, reading through `tx`. `profilePhone` is the
 * customer's account phone, used when the checkout did not give another one. For placement the
 * offered delivery windows are not listed (`options` stays null): only the choice is validated.
 */
export async function buildQuote(tx: Db, ctx: OrdersContext, order: OrderRow, profilePhone: string | null, purpose: 'checkout' | 'placement' = 'checkout'): Promise<Quote> {
  const now = ctx.clock.now();
  const { settings } = ctx.deps;
  const issues: Issue[] = [];

  const pharmacy = order.pharmacyId ? await activePharmacy(tx, order.pharmacyId) : null;
  const rows = await cartLines(tx, order.userId);
  if (rows.length === 0) issues.push({ code: 'CART_EMPTY', field: 'cart' });
  if (!pharmacy) issues.push({ code: 'PHARMACY_REQUIRED', field: 'pharmacy_id' });

  const pzns = rows.map((row) => row.pzn);
  const [catalogue, held] = await Promise.all([
    productsByPzn(tx, pzns),
    pharmacy ? stockAt(tx, pharmacy.id, pzns) : Promise.resolve(null),
  ]);
  
  const checkoutLines: CheckoutLine[] = [];
  const names = new Map<string, string>();
  for (const row of rows) {
    const product = catalogue.get(row.pzn);
    if (!product || !product.active) {
      issues.push({ code: 'PRODUCT_NOT_FOUND', field: 'lines', pzn: row.pzn, availableQuantity: 0 });
      continue;
    }
    if (product.kind === 'prescription') {
      issues.push({ code: 'PRESCRIPTION_REQUIRED', field: 'lines', pzn: row.pzn, availableQuantity: 0 });
      continue;
    }
    const available = held?.get(row.pzn) ?? null;
    if (available !== null && available < row.quantity) {
      issues.push({ code: available === 0 ? 'SOLD_OUT' : 'STOCK_INSUFFICIENT', field: 'lines', pzn: row.pzn, availableQuantity: available });
    }
    names.set(product.pzn, product.name);
    checkoutLines.push(toCheckoutLine(product, row.quantity));
  }
  const pickupOnlyItems = hasPickupOnlyItems(checkoutLines);

  let options: DeliveryOptions | null = null;
  let delivery: ValidatedDelivery | null = null;
  if (pharmacy) {
    // The offered windows are for the checkout to show; placement only validates the choice.
    if (purpose === 'checkout') options = deliveryOptions(timingFacts(pharmacy), { now, pickupOnlyItems, settings: settings.timing });
    const checked = checkDelivery(order, pharmacy, { now, pickupOnlyItems, settings });
    delivery = checked.delivery;
    if (checked.issue) issues.push({ code: checked.issue, field: 'delivery' });
  } else if (!order.deliveryOption) {
    issues.push({ code: 'DELIVERY_TIME_REQUIRED', field: 'delivery' });
  }
  const offered = pharmacy ? offeredMethods(timingFacts(pharmacy)) : [];
  const method: DeliveryMethod = delivery?.method ?? (order.deliveryOption ? OPTION_METHOD[order.deliveryOption] : (offered[0] ?? 'courier'));

  // Where the goods go (courier, parcel) and who is billed (the shipping address unless another is given).
  let shipping: AddressSnapshot | null = null;
  if (order.shippingAddressId) {
    const found = await findAddress(tx, order.userId, order.shippingAddressId, 'shipping');
    shipping = found ? snapshotOf(found) : null;
  }
  if (method !== 'pickup') {
    if (!shipping) issues.push({ code: 'ADDRESS_REQUIRED', field: 'shipping_address_id' });
    else if (method === 'courier' && pharmacy && offered.includes('courier') && !deliversTo(pharmacy, shipping.postal_code)) issues.push({ code: 'OUTSIDE_DELIVERY_AREA', field: 'shipping_address_id' });
  }
  let billing: AddressSnapshot | null = null;
  if (order.billingAddressId) {
    const found = await findAddress(tx, order.userId, order.billingAddressId, 'billing');
    if (found) billing = snapshotOf(found);
    else issues.push({ code: 'NOT_FOUND', field: 'billing_address_id' });
  }

  if (!safetyComplete(order.safety)) issues.push({ code: 'SAFETY_ANSWERS_REQUIRED', field: 'safety' });
  if (!order.consentPharmacyDataAt) issues.push({ code: 'CONSENT_REQUIRED', field: 'consent_pharmacy_data' });
  const phone = order.phone ?? profilePhone;
  if (!phone) issues.push({ code: 'PHONE_REQUIRED', field: 'phone' });

  let coupon: CouponQuote | null = null;
  if (order.couponCode) {
    const code = order.couponCode;
    const loaded = await loadCouponForCheckout(tx, { code, userId: order.userId, now, ...(await orderCounts(tx, order.userId)) });
    if (!loaded.ok) {
      coupon = { code, ok: false, failure: { code: loaded.code, message: errorMessages[ctx.locale][loaded.code] } };
    } else {
      const evaluated = evaluateCoupon({
        code,
        coupon: loaded.coupon,
        totalRedemptions: loaded.totalRedemptions,
        customer: loaded.facts,
        lines: checkoutLines,
        now,
        policy: settings.couponPolicy,
      });
      coupon = evaluated.ok
        ? { code, ok: true, couponId: loaded.couponId, application: evaluated.value }
        : { code, ok: false, failure: { code: evaluated.code, message: couponFailureMessage(evaluated, ctx.locale) } };
    }
    if (!coupon.ok) issues.push({ code: coupon.failure.code, field: 'coupon_code', message: coupon.failure.message });
  }
  const application = coupon?.ok ? coupon.application : null;

  const walletBalanceCents = await walletBalance(tx, order.userId);
  // A tip is for the courier: switching to parcel or pickup simply drops it.
  let tipCents = method === 'courier' ? order.tipCents : 0;
  let requestedCents = order.walletCents;
  let totals = computeOrderTotals({ lines: checkoutLines, method, pricing: settings.pricing, coupon: application, tipCents, wallet: { balanceCents: walletBalanceCents, requestedCents } });
  if (!totals.ok && totals.code === 'TIP_INVALID') {
    issues.push({ code: 'TIP_INVALID', field: 'tip_cents' });
    tipCents = 0;
    totals = computeOrderTotals({ lines: checkoutLines, method, pricing: settings.pricing, coupon: application, tipCents, wallet: { balanceCents: walletBalanceCents, requestedCents } });
  }
  if (!totals.ok && totals.code === 'WALLET_INSUFFICIENT') {
    issues.push({ code: 'WALLET_INSUFFICIENT', field: 'wallet_cents' });
    requestedCents = 0;
    totals = computeOrderTotals({ lines: checkoutLines, method, pricing: settings.pricing, coupon: application, tipCents, wallet: { balanceCents: walletBalanceCents, requestedCents } });
  }
  if (!totals.ok) throw new Error(`order totals refused: ${totals.code}`);

  const discounts = new Map(application?.lines.map((line) => [line.pzn, line.discountCents]) ?? []);
  const lines = checkoutLines.map((line) => ({
    pzn: line.pzn,
    name: names.get(line.pzn) ?? line.pzn,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    vatRate: line.vatRate,
    lineTotalCents: line.unitPriceCents * line.quantity,
    couponDiscountCents: discounts.get(line.pzn) ?? 0,
  }));

  return { pharmacy, lines, options, delivery, method, shipping, billing, phone, coupon, walletBalanceCents, totals: totals.value, issues };
}
