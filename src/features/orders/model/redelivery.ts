import { deliveryOptions, localDate, type DeliveryOption, type DeliverySlot, type PharmacyTimingFacts, type TimingSettings } from '../../checkout';
import { fail, ok, type Result } from '../../../platform/http/result';

/*
 * After "nobody home" the parcel is back on the pharmacy's shelf and the customer chooses how it
 * reaches them (issue 12): a new courier window, on the checkout's own grid of windows for this
 * pharmacy (today's and tomorrow's, from now plus the lead time, Berlin clocks), or collecting it
 * at the counter with the order number as pickup code. "As soon as possible" is not offered: a
 * second ride has to be planned by the pharmacy.
 */

export const REDELIVERY_METHODS = ['courier', 'pickup'] as const;
export type RedeliveryMethod = (typeof REDELIVERY_METHODS)[number];

/** What the customer asks for; `slotStart` is the ISO start of one of the offered windows. */
export type RedeliveryChoice = { method: 'courier'; slotStart: string } | { method: 'pickup' };

export interface RedeliveryOptions {
  /** Courier windows still open today and tomorrow; empty when the pharmacy no longer sends couriers. */
  slots: DeliverySlot[];
  /** The parcel is at the pharmacy: it can always be collected at the counter. */
  pickup: true;
}

/** How the choice is kept on the order: the same columns placement writes. */
export interface RedeliveryColumns {
  deliveryOption: DeliveryOption;
  deliveryMethod: RedeliveryMethod;
  deliveryTiming: 'slot' | 'asap';
  slotStart: Date | null;
  slotEnd: Date | null;
  deliveryEstimate: null;
}

/** `pharmacy` null: it no longer trades (no courier windows; the parcel is still at its counter). */
export function redeliveryOptions(pharmacy: PharmacyTimingFacts | null, now: Date, timing: TimingSettings): RedeliveryOptions {
  const courier = pharmacy ? deliveryOptions(pharmacy, { now, pickupOnlyItems: false, settings: timing }).courier : null;
  return { slots: courier ? [...courier.today, ...courier.tomorrow] : [], pickup: true };
}

/**
 * The order's new delivery columns for `choice` at `now`; DELIVERY_SLOT_UNAVAILABLE when the window
 * is not (or no longer) one of those offered, DELIVERY_TIME_REQUIRED when none is named.
 */
export function checkRedelivery(
  choice: RedeliveryChoice,
  pharmacy: PharmacyTimingFacts | null,
  now: Date,
  timing: TimingSettings,
): Result<RedeliveryColumns, 'DELIVERY_SLOT_UNAVAILABLE' | 'DELIVERY_TIME_REQUIRED'> {
  if (choice.method === 'pickup') {
    return ok({ deliveryOption: 'pickup', deliveryMethod: 'pickup', deliveryTiming: 'asap', slotStart: null, slotEnd: null, deliveryEstimate: null });
  }
  const wanted = new Date(choice.slotStart).getTime();
  if (!choice.slotStart || Number.isNaN(wanted)) return fail('DELIVERY_TIME_REQUIRED');
  const slot = redeliveryOptions(pharmacy, now, timing).slots.find((candidate) => new Date(candidate.start).getTime() === wanted);
  if (!slot) return fail('DELIVERY_SLOT_UNAVAILABLE');
  // Offered windows are today's or tomorrow's, as the checkout names them.
  const option: DeliveryOption = slot.date === localDate(now) ? 'later_today' : 'tomorrow';
  return ok({ deliveryOption: option, deliveryMethod: 'courier', deliveryTiming: 'slot', slotStart: new Date(slot.start), slotEnd: new Date(slot.end), deliveryEstimate: null });
}
