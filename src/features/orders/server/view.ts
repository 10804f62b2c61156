import type { CartWarning } from '../../cart';
import type { DeliveryOptions, OrderTotals, TimedOptions, ValidatedDelivery } from '../../checkout';
import { errorMessages } from '../../../platform/http/error-codes';
import type { Locale } from '../../../platform/i18n/locales';
import { methodOf, offeredMethods } from '../../checkout';
import { allowedEvents, type OrderEvent, type OrderStatus } from '../model/order-machine';
import { purchaseState, tracking } from '../model/order-presentation';
import { orderLabelText } from '../model/order-texts';
import type { QuoteLine } from '../model/quote';
import type { PharmacyRow } from './collaborators';
import { PHARMACIST_EVENTS, type OrderDto, type PharmacistEvent } from './dto';
import type { Quote } from './quote';
import { statusOf, type OrderEventRow, type OrderLineRow, type OrderRow, type PaymentRow } from './repo';
import type { VatRow } from './schema';
import type { OrderSettings } from './settings';

/*
 * The order API's shapes from the server's rows: one mapping per shape (status, delivery, line,
 * totals, pharmacy…), shared by drafts (from the live quote) and placed orders (from the snapshot).
 */

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

export const labelOf = (status: OrderStatus) => ({ en: orderLabelText(status, 'en'), de: orderLabelText(status, 'de') });

/** How the customer reads a status: the status, its label in both languages and the purchase state. */
function statusFields(order: OrderRow) {
  const status = statusOf(order);
  return { status, label: labelOf(status), purchase_state: purchaseState(status) };
}

export function trackingOf(order: OrderRow) {
  const method = order.deliveryMethod ?? (order.deliveryOption ? methodOf(order.deliveryOption) : 'courier');
  const track = tracking(statusOf(order), method);
  return { stages: [...track.stages], current: track.current, current_stage: track.currentStage };
}

const pharmacyDto = (pharmacy: PharmacyRow | null | undefined): OrderDto['pharmacy'] =>
  pharmacy
    ? { id: pharmacy.id, name: pharmacy.name, phone: pharmacy.phone, street: pharmacy.street, house_number: pharmacy.houseNumber, postal_code: pharmacy.postalCode, city: pharmacy.city }
    : null;

/** How a validated delivery choice is kept on the order (placement stores these columns). */
export function deliveryColumns(delivery: ValidatedDelivery | null): Pick<OrderRow, 'deliveryTiming' | 'slotStart' | 'slotEnd' | 'deliveryEstimate'> {
  if (!delivery) return { deliveryTiming: null, slotStart: null, slotEnd: null, deliveryEstimate: null };
  if ('estimate' in delivery) return { deliveryTiming: 'parcel', slotStart: null, slotEnd: null, deliveryEstimate: { ...delivery.estimate } };
  if ('slot' in delivery) return { deliveryTiming: 'slot', slotStart: new Date(delivery.slot.start), slotEnd: new Date(delivery.slot.end), deliveryEstimate: null };
  return { deliveryTiming: 'asap', slotStart: null, slotEnd: null, deliveryEstimate: { expectedBy: delivery.expectedBy } };
}

type DeliveryFacts = Pick<OrderRow, 'deliveryOption' | 'deliveryMethod' | 'deliveryTiming' | 'slotStart' | 'slotEnd' | 'deliveryEstimate'>;

function deliveryDto(facts: DeliveryFacts): OrderDto['delivery'] {
  const estimate = facts.deliveryEstimate ?? {};
  return {
    option: facts.deliveryOption,
    method: facts.deliveryMethod,
    timing: facts.deliveryTiming,
    slot_start: iso(facts.slotStart),
    slot_end: iso(facts.slotEnd),
    expected_by: estimate.expectedBy ?? null,
    parcel_estimate: estimate.earliest && estimate.latest ? { earliest: estimate.earliest, latest: estimate.latest } : null,
  };
}

type LineFacts = QuoteLine & Partial<Pick<OrderLineRow, 'position' | 'prescriptionStatus' | 'prescriptionRejectReason'>>;

const lineDto = (line: LineFacts): OrderDto['lines'][number] => ({
  pzn: line.pzn,
  name: line.name,
  quantity: line.quantity,
  unit_price_cents: line.unitPriceCents,
  line_total_cents: line.lineTotalCents,
  vat_rate: line.vatRate,
  coupon_discount_cents: line.couponDiscountCents,
  ...(line.position !== undefined ? { position: line.position } : {}),
  ...(line.prescriptionId
    ? {
        prescription: {
          prescription_id: line.prescriptionId,
          co_payment_per_pack_cents: line.coPaymentPerPackCents ?? 0,
          insurer_cents: line.insurerCents ?? 0,
          status: line.prescriptionStatus ?? 'open',
          reject_reason: line.prescriptionRejectReason ?? null,
        },
      }
    : {}),
});

type TotalsFacts = Omit<OrderTotals, 'walletCreditCents' | 'vat' | 'prescriptionCents'> & { walletCents: number; vat: readonly VatRow[] };

function totalsDto(totals: TotalsFacts, settings: OrderSettings): OrderDto['totals'] {
  return {
    item_count: totals.itemCount,
    subtotal_cents: totals.subtotalCents,
    delivery_fee_cents: totals.deliveryFeeCents,
    free_delivery_from_cents: settings.pricing.freeDeliveryFromCents,
    missing_for_free_delivery_cents: totals.missingForFreeDeliveryCents,
    coupon_discount_cents: totals.couponDiscountCents,
    tip_cents: totals.tipCents,
    total_cents: totals.totalCents,
    wallet_cents: totals.walletCents,
    amount_due_cents: totals.amountDueCents,
    vat: totals.vat.map((share) => ({ rate: share.rate, gross_cents: share.grossCents, vat_cents: share.vatCents })),
    vat_total_cents: totals.vatTotalCents,
  };
}

const timedDto = (options: TimedOptions | null) => options && { asap: options.asap, today: options.today, tomorrow: options.tomorrow };

function deliveryOptionsDto(options: DeliveryOptions | null): OrderDto['delivery_options'] {
  if (!options) return null;
  return {
    today: options.today,
    tomorrow: options.tomorrow,
    open_now: options.openNow,
    closes_at: options.closesAt,
    asap_minutes: options.asapMinutes,
    pickup_only_items: options.pickupOnlyItems,
    courier: timedDto(options.courier),
    pickup: timedDto(options.pickup),
    parcel: options.parcel,
  };
}

const warningDto = (warning: CartWarning): OrderDto['warnings'][number] => ({
  code: warning.code,
  message: warning.message,
  ...(warning.pzn !== undefined ? { pzn: warning.pzn } : {}),
  ...(warning.requestedQuantity !== undefined ? { requested_quantity: warning.requestedQuantity } : {}),
  ...(warning.availableQuantity !== undefined ? { available_quantity: warning.availableQuantity } : {}),
});

const paymentDto = (payment: PaymentRow | null | undefined): OrderDto['payment'] =>
  payment
    ? { provider: payment.provider, method: payment.method, state: payment.state, amount_cents: payment.amountCents, refunded_cents: payment.refundedCents, brand: payment.brand, last4: payment.last4, wallet: payment.wallet === 'apple_pay' || payment.wallet === 'google_pay' ? payment.wallet : null }
    : null;

/** What every order answer carries, draft or placed. */
function orderFields(order: OrderRow, pharmacy: PharmacyRow | null | undefined) {
  const status = statusOf(order);
  return {
    id: order.id,
    order_number: order.orderNumber,
    ...statusFields(order),
    tracking: trackingOf(order),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    placed_at: iso(order.placedAt),
    accepted_at: iso(order.acceptedAt),
    packed_at: iso(order.packedAt),
    picked_up_at: iso(order.pickedUpAt),
    delivered_at: iso(order.deliveredAt),
    refunded_at: iso(order.refundedAt),
    expires_at: status === 'awaiting_payment' || status === 'pending' ? iso(order.expiresAt) : null,
    pharmacy: pharmacyDto(pharmacy),
    safety: order.safety,
    consent_pharmacy_data: order.consentPharmacyDataAt !== null,
    consent_pharmacy_data_at: iso(order.consentPharmacyDataAt),
    rejection_reason: order.rejectionReason,
    rejected_by: order.rejectedBy,
    refund_reason: order.refundReason,
    meta: order.meta,
  };
}

/** A draft with the live quote. */
export function draftDto(order: OrderRow, quote: Quote, warnings: readonly CartWarning[], locale: Locale, settings: OrderSettings): OrderDto {
  const { totals } = quote;
  const columns = deliveryColumns(quote.delivery);
  const parcelReason = quote.options?.noParcelItems && quote.pharmacy && offeredMethods(quote.pharmacy).includes('parcel') ? errorMessages[locale].PARCEL_NOT_ALLOWED : null;
  return {
    ...orderFields(order, quote.pharmacy),
    delivery: deliveryDto({ ...columns, deliveryOption: order.deliveryOption, deliveryMethod: order.deliveryOption ? quote.method : null, slotStart: columns.slotStart ?? order.slotStart }),
    shipping_address: quote.method === 'pickup' ? null : quote.shipping,
    billing_address: quote.billing,
    phone: quote.phone,
    lines: [...quote.lines, ...quote.prescriptionLines].map(lineDto),
    totals: { ...totalsDto({ ...totals, walletCents: totals.walletCreditCents }, settings), prescription_cents: totals.prescriptionCents },
    coupon: quote.coupon
      ? {
          code: quote.coupon.code,
          ok: quote.coupon.ok,
          discount_cents: quote.coupon.ok ? quote.coupon.application.discountCents : 0,
          error: quote.coupon.ok ? null : quote.coupon.failure,
        }
      : null,
    wallet_balance_cents: quote.walletBalanceCents,
    payment: null,
    issues: quote.issues.map((issue) => ({
      code: issue.code,
      message: issue.message ?? errorMessages[locale][issue.code],
      field: issue.field,
      ...(issue.pzn !== undefined ? { pzn: issue.pzn } : {}),
      ...(issue.availableQuantity !== undefined ? { available_quantity: issue.availableQuantity } : {}),
      ...(issue.proposedPharmacy ? { proposed_pharmacy: issue.proposedPharmacy } : {}),
    })),
    // Why parcel is missing (§ 17 Abs. 2b ApBetrO) is said with the cart's warnings too, so the checkout shows it as it shows them.
    warnings: [...warnings.map(warningDto), ...(parcelReason ? [{ code: 'PARCEL_NOT_ALLOWED', message: parcelReason }] : [])],
    delivery_options: deliveryOptionsDto(quote.options),
    parcel_unavailable_reason: parcelReason,
  };
}

const itemCount = (lines: readonly OrderLineRow[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/** A placed (or lapsed) order from its snapshot. */
export function storedDto(order: OrderRow, lines: readonly OrderLineRow[], payment: PaymentRow | null | undefined, pharmacy: PharmacyRow | null | undefined, settings: OrderSettings): OrderDto {
  return {
    ...orderFields(order, pharmacy),
    delivery: deliveryDto(order),
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    phone: order.phone,
    lines: lines.map(lineDto),
    totals: totalsDto({ ...order, itemCount: itemCount(lines), missingForFreeDeliveryCents: 0 }, settings),
    coupon: order.couponCode ? { code: order.couponCode, ok: true, discount_cents: order.couponDiscountCents, error: null } : null,
    wallet_balance_cents: null,
    payment: paymentDto(payment),
    issues: [],
    warnings: [],
    delivery_options: null,
  };
}

export function summaryDto(order: OrderRow, lines: readonly OrderLineRow[], pharmacy: PharmacyRow | null | undefined) {
  const { option, method, slot_start, slot_end } = deliveryDto(order);
  return {
    id: order.id,
    order_number: order.orderNumber,
    ...statusFields(order),
    created_at: order.createdAt.toISOString(),
    placed_at: iso(order.placedAt),
    pharmacy: pharmacy ? { id: pharmacy.id, name: pharmacy.name } : null,
    item_count: itemCount(lines),
    total_cents: order.totalCents,
    delivery: { option, method, slot_start, slot_end },
  };
}

export function statusDto(order: OrderRow) {
  const track = trackingOf(order);
  return {
    id: order.id,
    order_number: order.orderNumber,
    ...statusFields(order),
    tracking_stage: track.current_stage,
    tracking: track,
    updated_at: order.updatedAt.toISOString(),
    rejection_reason: order.rejectionReason,
  };
}

export const historyDto = (event: OrderEventRow) => ({
  event: event.event as OrderEvent,
  from: event.fromStatus,
  to: event.toStatus,
  actor: event.actor,
  at: event.at.toISOString(),
  note: event.note,
});

/** The staff actions the lifecycle allows now (pickup only for courier and parcel orders). */
export function pharmacistActions(order: OrderRow, lines: readonly OrderLineRow[] = []): PharmacistEvent[] {
  const prescriptions = lines.some((line) => line.prescriptionId !== null);
  const dispensed = order.prescriptionsDispensedAt !== null;
  const allowed = allowedEvents(statusOf(order), { prescriptions, dispensed });
  return PHARMACIST_EVENTS.filter(
    (event) =>
      allowed.includes(event) &&
      !(event === 'pickup' && order.deliveryMethod === 'pickup') &&
      // The pharmaceutical check comes first, then packing.
      !(event === 'check' && order.checkedAt) &&
      !(event === 'pack' && !order.checkedAt) &&
      // Prescription lines are dispensed once, before packing.
      !(event === 'pack' && prescriptions && !dispensed),
  );
}

/** Whether staff can refund now (whole order or single lines). */
export const isRefundable = (order: OrderRow): boolean => allowedEvents(statusOf(order)).includes('refund');
