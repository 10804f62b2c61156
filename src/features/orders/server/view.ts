import type { CartWarning } from '../../cart';
import type { DeliveryOptions, TimedOptions } from '../../checkout';
import { errorMessages } from '../../../platform/http/error-codes';
import type { Locale } from '../../../platform/i18n/locales';
import { allowedEvents, type OrderStatus } from '../model/order-machine';
import { purchaseState, tracking } from '../model/order-presentation';
import { orderLabelText } from '../model/order-texts';
import { PHARMACIST_EVENTS, type OrderDto, type PharmacistEvent } from './dto';
import type { Quote } from './quote';
import type { PharmacyRow } from './collaborators';
import { statusOf, type OrderLineRow, type OrderRow, type PaymentRow } from './repo';
import type { OrderSettings } from './settings';

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

export const labelOf = (status: OrderStatus) => ({ en: orderLabelText(status, 'en'), de: orderLabelText(status, 'de') });

export function trackingOf(order: OrderRow) {
  const status = statusOf(order);
  const method = order.deliveryMethod ?? (order.deliveryOption === 'parcel' ? 'parcel' : order.deliveryOption === 'pickup' ? 'pickup' : 'courier');
  const track = tracking(status, method);
  return { stages: [...track.stages], current: track.current, current_stage: track.currentStage };
}

const pharmacyRef = (pharmacy: PharmacyRow | null | undefined) =>
  pharmacy
    ? { id: pharmacy.id, name: pharmacy.name, phone: pharmacy.phone, street: pharmacy.street, house_number: pharmacy.houseNumber, postal_code: pharmacy.postalCode, city: pharmacy.city }
    : null;

const timed = (options: TimedOptions | null) => options && { asap: options.asap, today: options.today, tomorrow: options.tomorrow };

function deliveryOptionsDto(options: DeliveryOptions | null): OrderDto['delivery_options'] {
  if (!options) return null;
  return {
    today: options.today,
    tomorrow: options.tomorrow,
    open_now: options.openNow,
    closes_at: options.closesAt,
    asap_minutes: options.asapMinutes,
    pickup_only_items: options.pickupOnlyItems,
    courier: timed(options.courier),
    pickup: timed(options.pickup),
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

function common(order: OrderRow, pharmacy: PharmacyRow | null | undefined) {
  const status = statusOf(order);
  return {
    id: order.id,
    order_number: order.orderNumber,
    status,
    label: labelOf(status),
    purchase_state: purchaseState(status),
    tracking: trackingOf(order),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    placed_at: iso(order.placedAt),
    accepted_at: iso(order.acceptedAt),
    delivered_at: iso(order.deliveredAt),
    expires_at: status === 'awaiting_payment' || status === 'pending' ? iso(order.expiresAt) : null,
    pharmacy: pharmacyRef(pharmacy),
    safety: order.safety,
    consent_pharmacy_data: order.consentPharmacyDataAt !== null,
    consent_pharmacy_data_at: iso(order.consentPharmacyDataAt),
    rejection_reason: order.rejectionReason,
    rejected_by: order.rejectedBy,
    meta: order.meta,
  };
}

/** A draft with the live quote. */
export function draftDto(order: OrderRow, quote: Quote, warnings: readonly CartWarning[], locale: Locale, settings: OrderSettings): OrderDto {
  const { totals, delivery } = quote;
  const slot = delivery && 'slot' in delivery ? delivery.slot : null;
  return {
    ...common(order, quote.pharmacy),
    delivery: {
      option: order.deliveryOption,
      method: order.deliveryOption ? quote.method : null,
      timing: delivery ? ('estimate' in delivery ? 'parcel' : delivery.timing) : null,
      slot_start: slot?.start ?? iso(order.slotStart),
      slot_end: slot?.end ?? null,
      expected_by: delivery && 'expectedBy' in delivery ? delivery.expectedBy : null,
      parcel_estimate: delivery && 'estimate' in delivery ? delivery.estimate : null,
    },
    shipping_address: quote.method === 'pickup' ? null : quote.shipping,
    billing_address: quote.billing,
    phone: quote.phone,
    lines: quote.lines.map((line) => ({
      pzn: line.pzn,
      name: line.name,
      quantity: line.quantity,
      unit_price_cents: line.unitPriceCents,
      line_total_cents: line.lineTotalCents,
      vat_rate: line.vatRate,
      coupon_discount_cents: line.couponDiscountCents,
    })),
    totals: {
      item_count: totals.itemCount,
      subtotal_cents: totals.subtotalCents,
      delivery_fee_cents: totals.deliveryFeeCents,
      free_delivery_from_cents: settings.pricing.freeDeliveryFromCents,
      missing_for_free_delivery_cents: totals.missingForFreeDeliveryCents,
      coupon_discount_cents: totals.couponDiscountCents,
      tip_cents: totals.tipCents,
      total_cents: totals.totalCents,
      wallet_cents: totals.walletCreditCents,
      amount_due_cents: totals.amountDueCents,
      vat: totals.vat.map((share) => ({ rate: share.rate, gross_cents: share.grossCents, vat_cents: share.vatCents })),
      vat_total_cents: totals.vatTotalCents,
    },
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
    })),
    warnings: warnings.map(warningDto),
    delivery_options: deliveryOptionsDto(quote.options),
  };
}

/** A placed (or lapsed) order from its snapshot. */
export function storedDto(order: OrderRow, lines: readonly OrderLineRow[], payment: PaymentRow | null | undefined, pharmacy: PharmacyRow | null | undefined, settings: OrderSettings): OrderDto {
  const estimate = order.deliveryEstimate ?? {};
  return {
    ...common(order, pharmacy),
    delivery: {
      option: order.deliveryOption,
      method: order.deliveryMethod,
      timing: order.deliveryTiming,
      slot_start: iso(order.slotStart),
      slot_end: iso(order.slotEnd),
      expected_by: estimate.expectedBy ?? null,
      parcel_estimate: estimate.earliest && estimate.latest ? { earliest: estimate.earliest, latest: estimate.latest } : null,
    },
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    phone: order.phone,
    lines: lines.map((line) => ({
      pzn: line.pzn,
      name: line.name,
      quantity: line.quantity,
      unit_price_cents: line.unitPriceCents,
      line_total_cents: line.lineTotalCents,
      vat_rate: line.vatRate,
      coupon_discount_cents: line.couponDiscountCents,
    })),
    totals: {
      item_count: lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotal_cents: order.subtotalCents,
      delivery_fee_cents: order.deliveryFeeCents,
      free_delivery_from_cents: settings.pricing.freeDeliveryFromCents,
      missing_for_free_delivery_cents: 0,
      coupon_discount_cents: order.couponDiscountCents,
      tip_cents: order.tipCents,
      total_cents: order.totalCents,
      wallet_cents: order.walletCents,
      amount_due_cents: order.amountDueCents,
      vat: order.vat.map((share) => ({ rate: share.rate, gross_cents: share.grossCents, vat_cents: share.vatCents })),
      vat_total_cents: order.vatTotalCents,
    },
    coupon: order.couponCode ? { code: order.couponCode, ok: true, discount_cents: order.couponDiscountCents, error: null } : null,
    wallet_balance_cents: null,
    payment: payment ? { provider: payment.provider, state: payment.state, amount_cents: payment.amountCents, brand: payment.brand, last4: payment.last4 } : null,
    issues: [],
    warnings: [],
    delivery_options: null,
  };
}

export function summaryDto(order: OrderRow, itemCount: number, pharmacy: PharmacyRow | null | undefined) {
  const status = statusOf(order);
  return {
    id: order.id,
    order_number: order.orderNumber,
    status,
    label: labelOf(status),
    purchase_state: purchaseState(status),
    created_at: order.createdAt.toISOString(),
    placed_at: iso(order.placedAt),
    pharmacy: pharmacy ? { id: pharmacy.id, name: pharmacy.name } : null,
    item_count: itemCount,
    total_cents: order.totalCents,
    delivery: { option: order.deliveryOption, method: order.deliveryMethod, slot_start: iso(order.slotStart), slot_end: iso(order.slotEnd) },
  };
}

export function statusDto(order: OrderRow) {
  const status = statusOf(order);
  const track = trackingOf(order);
  return {
    id: order.id,
    order_number: order.orderNumber,
    status,
    label: labelOf(status),
    purchase_state: purchaseState(status),
    tracking_stage: track.current_stage,
    tracking: track,
    updated_at: order.updatedAt.toISOString(),
    rejection_reason: order.rejectionReason,
  };
}

/** The staff actions the lifecycle allows now (pickup only for courier and parcel orders). */
export function pharmacistActions(order: OrderRow): PharmacistEvent[] {
  const allowed = allowedEvents(statusOf(order));
  return PHARMACIST_EVENTS.filter((event) => allowed.includes(event) && !(event === 'pickup' && order.deliveryMethod === 'pickup'));
}
