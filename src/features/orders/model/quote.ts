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
  type CheckoutProductFacts,
  type DeliveryMethod,
  type DeliveryOptions,
  type OrderTotals,
  type PharmacyTimingFacts,
  type TimingSettings,
  type ValidatedDelivery,
} from '../../checkout';
import type { PricingSettings } from '../../cart/client';
import { couponFailureMessage, evaluateCoupon, type Coupon, type CouponApplication, type CouponPolicy, type CustomerCouponFacts } from '../../coupons/client';
import { deliversTo, DELIVERY_MESSAGES, OUTSIDE_AREA_OFFER, otherPharmacyText, type CourierZone } from '../../pharmacies/client';
import { errorMessages, type ErrorCode } from '../../../platform/http/error-codes';
import type { Locale } from '../../../platform/i18n/locales';
import { deliveryChoiceOf, methodOf, safetyComplete, type DeliveryOption, type SafetyAnswers } from '../../checkout';
import type { AddressSnapshot } from './address-snapshot';

/**
 * The quote for a draft order: what the customer would order now, at today's catalogue prices,
 * against the pharmacy's stock, with the delivery choice, coupon, credit and tip checked, and every
 * reason the order cannot be placed yet. A pure function of facts read before (the server reads
 * them in the placement's own transaction), so what the checkout shows and what placement enforces
 * cannot drift.
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
  | 'wallet_cents'
  | 'prescription_ids';

export interface Issue {
  code: ErrorCode;
  field: IssueField;
  pzn?: string;
  /** Stock issues: what the pharmacy still has. */
  availableQuantity?: number;
  /** A more specific text than the catalogue's (coupon rules with their numbers), already localized. */
  message?: string;
  /** OUTSIDE_DELIVERY_AREA: the pharmacy whose courier does serve the address, proposed instead. */
  proposedPharmacy?: { id: string; name: string };
}

export interface QuoteLine {
  pzn: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  vatRate: number;
  lineTotalCents: number;
  couponDiscountCents: number;
  /** Prescription lines only (E-Rezept): see QuotePrescriptionLine. */
  prescriptionId?: string | null;
  coPaymentPerPackCents?: number | null;
  insurerCents?: number;
}

/**
 * A prescribed medicine as an order line: `quantity` packs at the fixed price (`unitPriceCents`,
 * AMPreisV), `lineTotalCents` what the customer pays (co-payment per pack × packs, 0 when exempt,
 * the full price on a private prescription), `insurerCents` the rest. Never a coupon share.
 */
export interface QuotePrescriptionLine extends QuoteLine {
  prescriptionId: string;
  coPaymentPerPackCents: number;
  insurerCents: number;
  parcelAllowed: boolean;
}

/** A redeemed prescription as the quote needs it (the prescriptions feature's view, structurally). */
export interface QuotePrescription {
  id: string;
  items: readonly { pzn: string; name: string; packs: number; unitPriceCents: number; coPaymentPerPackCents: number; coPaymentCents: number; parcelAllowed: boolean }[];
}

export type CouponQuote =
  | { code: string; ok: true; couponId: string; application: CouponApplication }
  | { code: string; ok: false; failure: { code: ErrorCode; message: string } };

/** The coupon behind the draft's code, as the coupons feature found it (or why it did not). */
export type CouponLookup =
  | { ok: true; couponId: string; coupon: Coupon; facts: CustomerCouponFacts; totalRedemptions: number }
  | { ok: false; code: ErrorCode };

export type QuoteProduct = CheckoutProductFacts & { name: string; active: boolean };
export type QuotePharmacy = PharmacyTimingFacts & CourierZone;

export interface QuoteFacts {
  now: Date;
  locale: Locale;
  settings: { pricing: PricingSettings; timing: TimingSettings; couponPolicy: CouponPolicy };
  /** The checkout lists the windows on offer; placement only validates the choice. */
  listOptions: boolean;
  draft: {
    deliveryOption: DeliveryOption | null;
    slotStart: Date | null;
    safety: SafetyAnswers | null;
    consented: boolean;
    /** The checkout's number, else the account's. */
    phone: string | null;
    couponCode: string | null;
    tipCents: number;
    walletCents: number;
  };
  /** The draft's pharmacy while it is active on the platform. */
  pharmacy: QuotePharmacy | null;
  cart: readonly { pzn: string; quantity: number }[];
  /** The catalogue rows of the cart's PZNs. */
  products: ReadonlyMap<string, QuoteProduct>;
  /** Units the pharmacy holds per PZN (null without a pharmacy). */
  stock: ReadonlyMap<string, number> | null;
  /** The chosen shipping address, null when none is chosen or it is gone. */
  shipping: AddressSnapshot | null;
  /**
   * The delivery-area decision for the shipping address (the one the address screens show): whether
   * the postal code exists and belongs to the locality, and which pharmacy's courier serves it when
   * the draft's does not. Absent: not checked (the address is taken as recognised).
   */
  shippingArea?: { recognised: boolean; servedBy: { id: string; name: string } | null };
  /** The chosen billing address; 'missing' when one was chosen that is not the customer's (any more). */
  billing: AddressSnapshot | 'missing' | null;
  /** For the draft's coupon code. */
  coupon: CouponLookup | null;
  walletBalanceCents: number;
  /** The customer's redeemed prescriptions going into the order (held by its pharmacy), with their co-payments. */
  prescriptions?: readonly QuotePrescription[];
  /** Prescriptions the draft named that the order's pharmacy does not hold. */
  otherPharmacyPrescriptions?: readonly string[];
  /** The VAT rate of prescription-only medicines (their catalogue rate, 19 % by default). */
  prescriptionVatRates?: ReadonlyMap<string, number>;
}

export interface DraftQuote {
  lines: QuoteLine[];
  /** The prescription lines, after the over-the-counter ones (positions follow `lines`). */
  prescriptionLines: QuotePrescriptionLine[];
  options: DeliveryOptions | null;
  delivery: ValidatedDelivery | null;
  method: DeliveryMethod;
  shipping: AddressSnapshot | null;
  billing: AddressSnapshot | null;
  phone: string | null;
  coupon: CouponQuote | null;
  totals: OrderTotals;
  issues: Issue[];
}

/** The cart against the catalogue and the pharmacy's stock: what can be sold, and why a line cannot. */
export function quoteLines(facts: Pick<QuoteFacts, 'cart' | 'products' | 'stock'>): { lines: CheckoutLine[]; names: Map<string, string>; issues: Issue[] } {
  const lines: CheckoutLine[] = [];
  const names = new Map<string, string>();
  const issues: Issue[] = [];
  for (const row of facts.cart) {
    const product = facts.products.get(row.pzn);
    if (!product || !product.active) {
      issues.push({ code: 'PRODUCT_NOT_FOUND', field: 'lines', pzn: row.pzn, availableQuantity: 0 });
      continue;
    }
    if (product.kind === 'prescription') {
      issues.push({ code: 'PRESCRIPTION_REQUIRED', field: 'lines', pzn: row.pzn, availableQuantity: 0 });
      continue;
    }
    const available = facts.stock?.get(row.pzn) ?? null;
    if (available !== null && available < row.quantity) {
      issues.push({ code: available === 0 ? 'SOLD_OUT' : 'STOCK_INSUFFICIENT', field: 'lines', pzn: row.pzn, availableQuantity: available });
    }
    names.set(product.pzn, product.name);
    lines.push(toCheckoutLine(product, row.quantity));
  }
  return { lines, names, issues };
}

/** The delivery choice against what the pharmacy offers now; "later today" and "tomorrow" also name the day. */
export function checkDelivery(
  option: DeliveryOption | null,
  slotStart: Date | null,
  pharmacy: PharmacyTimingFacts,
  context: { now: Date; pickupOnlyItems: boolean; noParcelItems?: boolean; timing: TimingSettings },
): { delivery: ValidatedDelivery; issue: null } | { delivery: null; issue: ErrorCode } {
  if (!option) return { delivery: null, issue: 'DELIVERY_TIME_REQUIRED' };
  const result = validateDeliveryChoice(pharmacy, deliveryChoiceOf(option, slotStart), {
    now: context.now,
    pickupOnlyItems: context.pickupOnlyItems,
    noParcelItems: context.noParcelItems ?? false,
    settings: context.timing,
  });
  if (!result.ok) return { delivery: null, issue: result.code };
  const delivery = result.value;
  if ('slot' in delivery) {
    const today = localDate(context.now);
    if (option === 'later_today' && delivery.slot.date !== today) return { delivery: null, issue: 'DELIVERY_OPTION_UNAVAILABLE' };
    if (option === 'tomorrow' && delivery.slot.date !== addDays(today, 1)) return { delivery: null, issue: 'DELIVERY_OPTION_UNAVAILABLE' };
  }
  return { delivery, issue: null };
}

function couponQuote(code: string, lookup: CouponLookup | null, lines: readonly CheckoutLine[], facts: QuoteFacts): CouponQuote {
  if (!lookup || !lookup.ok) {
    const failure = lookup?.code ?? 'COUPON_UNKNOWN';
    return { code, ok: false, failure: { code: failure, message: errorMessages[facts.locale][failure] } };
  }
  const evaluated = evaluateCoupon({
    code,
    coupon: lookup.coupon,
    totalRedemptions: lookup.totalRedemptions,
    customer: lookup.facts,
    lines,
    now: facts.now,
    policy: facts.settings.couponPolicy,
  });
  return evaluated.ok
    ? { code, ok: true, couponId: lookup.couponId, application: evaluated.value }
    : { code, ok: false, failure: { code: evaluated.code, message: couponFailureMessage(evaluated, facts.locale) } };
}

/** The prescriptions' items as order lines (QuotePrescriptionLine), in the order given. */
export function prescriptionLines(prescriptions: readonly QuotePrescription[], vatRates: ReadonlyMap<string, number> = new Map()): QuotePrescriptionLine[] {
  return prescriptions.flatMap((prescription) =>
    prescription.items.map((item) => ({
      pzn: item.pzn,
      name: item.name,
      quantity: item.packs,
      unitPriceCents: item.unitPriceCents,
      vatRate: vatRates.get(item.pzn) ?? PRESCRIPTION_VAT_RATE,
      lineTotalCents: item.coPaymentCents,
      couponDiscountCents: 0,
      prescriptionId: prescription.id,
      coPaymentPerPackCents: item.coPaymentPerPackCents,
      insurerCents: item.unitPriceCents * item.packs - item.coPaymentCents,
      parcelAllowed: item.parcelAllowed,
    })),
  );
}

/** Medicines are taxed at the standard rate. */
export const PRESCRIPTION_VAT_RATE = 19;

/**
 * The totals, dropping what cannot be: a tip is for the courier (parcel and pickup drop it), an
 * invalid tip or more credit than the customer has counts as none, each with its issue.
 */
export function draftTotals(input: {
  lines: readonly CheckoutLine[];
  method: DeliveryMethod;
  pricing: PricingSettings;
  coupon: CouponApplication | null;
  tipCents: number;
  walletCents: number;
  walletBalanceCents: number;
  prescriptionLines?: readonly QuoteLine[];
}): { totals: OrderTotals; issues: Issue[] } {
  const issues: Issue[] = [];
  let tipCents = input.method === 'courier' ? input.tipCents : 0;
  let requestedCents = input.walletCents;
  const compute = () =>
    computeOrderTotals({
      lines: input.lines,
      method: input.method,
      pricing: input.pricing,
      coupon: input.coupon,
      tipCents,
      wallet: { balanceCents: input.walletBalanceCents, requestedCents },
      prescriptions: (input.prescriptionLines ?? []).map((line) => ({ packs: line.quantity, vatRate: line.vatRate, customerCents: line.lineTotalCents })),
    });
  let totals = compute();
  if (!totals.ok && totals.code === 'TIP_INVALID') {
    issues.push({ code: 'TIP_INVALID', field: 'tip_cents' });
    tipCents = 0;
    totals = compute();
  }
  if (!totals.ok && totals.code === 'WALLET_INSUFFICIENT') {
    issues.push({ code: 'WALLET_INSUFFICIENT', field: 'wallet_cents' });
    requestedCents = 0;
    totals = compute();
  }
  if (!totals.ok) throw new Error(`order totals refused: ${totals.code}`);
  return { totals: totals.value, issues };
}

export function quoteDraft(facts: QuoteFacts): DraftQuote {
  const { draft, pharmacy, now } = facts;
  const issues: Issue[] = [];
  const rx = prescriptionLines(facts.prescriptions ?? [], facts.prescriptionVatRates);
  // An order may hold prescriptions only.
  if (facts.cart.length === 0 && rx.length === 0) issues.push({ code: 'CART_EMPTY', field: 'cart' });
  if (!pharmacy) issues.push({ code: 'PHARMACY_REQUIRED', field: 'pharmacy_id' });
  if ((facts.otherPharmacyPrescriptions ?? []).length > 0) issues.push({ code: 'PRESCRIPTION_OTHER_PHARMACY', field: 'prescription_ids' });

  const priced = quoteLines(facts);
  issues.push(...priced.issues);
  const pickupOnlyItems = hasPickupOnlyItems(priced.lines);
  // § 17 Abs. 2b ApBetrO: a prescribed thalidomide-like medicine is never sent by parcel (courier and pickup stay).
  const noParcelItems = rx.some((line) => !line.parcelAllowed);

  let options: DeliveryOptions | null = null;
  let delivery: ValidatedDelivery | null = null;
  if (pharmacy) {
    if (facts.listOptions) options = deliveryOptions(pharmacy, { now, pickupOnlyItems, noParcelItems, settings: facts.settings.timing });
    const checked = checkDelivery(draft.deliveryOption, draft.slotStart, pharmacy, { now, pickupOnlyItems, noParcelItems, timing: facts.settings.timing });
    delivery = checked.delivery;
    if (checked.issue) issues.push({ code: checked.issue, field: 'delivery' });
  } else if (!draft.deliveryOption) {
    issues.push({ code: 'DELIVERY_TIME_REQUIRED', field: 'delivery' });
  }
  const offered = pharmacy ? offeredMethods(pharmacy) : [];
  const method: DeliveryMethod = delivery?.method ?? (draft.deliveryOption ? methodOf(draft.deliveryOption) : (offered[0] ?? 'courier'));

  // Where the goods go (courier, parcel) and who is billed (the shipping address unless another is given).
  const shipping = facts.shipping;
  if (method !== 'pickup') {
    if (!shipping) issues.push({ code: 'ADDRESS_REQUIRED', field: 'shipping_address_id' });
    else if (facts.shippingArea && !facts.shippingArea.recognised) {
      // Not a real address (99999 Nirgendwo, a Berlin street with a Hamburg code): nothing can be sent there.
      issues.push({ code: 'INVALID_POSTAL_CODE', field: 'shipping_address_id', message: DELIVERY_MESSAGES.address_not_recognised![facts.locale] });
    } else if (method === 'courier' && pharmacy && offered.includes('courier') && !deliversTo(pharmacy, shipping.postal_code)) {
      const other = facts.shippingArea?.servedBy ?? null;
      issues.push(
        other
          ? { code: 'OUTSIDE_DELIVERY_AREA', field: 'shipping_address_id', message: otherPharmacyText(other.name, facts.locale), proposedPharmacy: other }
          : { code: 'OUTSIDE_DELIVERY_AREA', field: 'shipping_address_id', message: `${DELIVERY_MESSAGES.outside_area![facts.locale]} ${OUTSIDE_AREA_OFFER[facts.locale]}` },
      );
    }
  }
  if (facts.billing === 'missing') issues.push({ code: 'NOT_FOUND', field: 'billing_address_id' });
  const billing = facts.billing === 'missing' ? null : facts.billing;

  if (!safetyComplete(draft.safety)) issues.push({ code: 'SAFETY_ANSWERS_REQUIRED', field: 'safety' });
  if (!draft.consented) issues.push({ code: 'CONSENT_REQUIRED', field: 'consent_pharmacy_data' });
  if (!draft.phone) issues.push({ code: 'PHONE_REQUIRED', field: 'phone' });

  const coupon = draft.couponCode ? couponQuote(draft.couponCode, facts.coupon, priced.lines, facts) : null;
  if (coupon && !coupon.ok) issues.push({ code: coupon.failure.code, field: 'coupon_code', message: coupon.failure.message });
  const application = coupon?.ok ? coupon.application : null;

  const summed = draftTotals({
    lines: priced.lines,
    method,
    pricing: facts.settings.pricing,
    coupon: application,
    tipCents: draft.tipCents,
    walletCents: draft.walletCents,
    walletBalanceCents: facts.walletBalanceCents,
    prescriptionLines: rx,
  });
  issues.push(...summed.issues);

  const discounts = new Map(application?.lines.map((line) => [line.pzn, line.discountCents]) ?? []);
  const lines = priced.lines.map((line) => ({
    pzn: line.pzn,
    name: priced.names.get(line.pzn) ?? line.pzn,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    vatRate: line.vatRate,
    lineTotalCents: line.unitPriceCents * line.quantity,
    couponDiscountCents: discounts.get(line.pzn) ?? 0,
  }));

  return { lines, prescriptionLines: rx, options, delivery, method, shipping, billing, phone: draft.phone, coupon, totals: summed.totals, issues };
}
