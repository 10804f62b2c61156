import { intervalsOn, isOpenAt, type WeeklyHours } from '../../pharmacies/client';
import { fail, ok, type Result } from '../../../platform/http/result';
import type { GermanState } from '../../../platform/time/german-states';
import { addDays, localDate, localTime, minutesOf, zonedInstant, type IsoDate } from '../../../platform/time/wall-clock';
import { addBusinessDays } from './holidays';

/**
 * When and how an order reaches the customer (spec §1, §4, §9; domain rules on delivery):
 * as soon as possible (about 30 minutes), a slot later today, a slot tomorrow (pre-order), parcel
 * (1–3 business days, only pharmacies with a mail-order permit) or self-pickup. A closed pharmacy
 * takes pre-orders only. Every time is decided on Berlin clocks with the caller's `now`.
 */
export const DELIVERY_METHODS = ['courier', 'parcel', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export const isDeliveryMethod = (value: unknown): value is DeliveryMethod => DELIVERY_METHODS.includes(value as DeliveryMethod);

export interface TimingSettings {
  /** The promise of "as soon as possible" (spec §1: about 30 minutes). */
  asapMinutes: number;
  /** No "as soon as possible" this close to closing time: the courier could not make it. */
  asapCutoffMinutes: number;
  /** Length of a delivery or pickup window: 30 or 60. Windows start on multiples of it. */
  slotMinutes: number;
  /** The earliest window starts this long after now, so the pharmacy can check and pack. */
  slotLeadMinutes: number;
  parcelMinBusinessDays: number;
  parcelMaxBusinessDays: number;
}

export const DEFAULT_TIMING: TimingSettings = {
  asapMinutes: 30,
  asapCutoffMinutes: 30,
  slotMinutes: 60,
  slotLeadMinutes: 60,
  parcelMinBusinessDays: 1,
  parcelMaxBusinessDays: 3,
};

export interface PharmacyTimingFacts {
  openingHours: WeeklyHours;
  deliveryOptions: readonly string[];
  selfPickupOnly?: boolean;
}

export interface DeliverySlot {
  /** ISO instants; `start` identifies the slot when the customer chooses it. */
  start: string;
  end: string;
  /** Berlin calendar date and wall-clock times, for display. */
  date: IsoDate;
  from: string;
  to: string;
}

export interface TimedOptions {
  asap: boolean;
  today: DeliverySlot[];
  tomorrow: DeliverySlot[];
}

export interface ParcelEstimate {
  earliest: IsoDate;
  latest: IsoDate;
}

export interface DeliveryOptions {
  today: IsoDate;
  tomorrow: IsoDate;
  openNow: boolean;
  /** End of the opening interval the pharmacy is in now (ISO), null when closed. */
  closesAt: string | null;
  asapMinutes: number;
  /** The cart holds collect-in-person products, which is why courier and parcel are null. */
  pickupOnlyItems: boolean;
  /** The order holds a medicine that may not be sent by parcel (§ 17 Abs. 2b ApBetrO), which is why parcel is null; courier and pickup stay. */
  noParcelItems?: boolean;
  /** Null: not offered by this pharmacy, or not possible for this cart. */
  courier: TimedOptions | null;
  pickup: TimedOptions | null;
  parcel: ParcelEstimate | null;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

/** The methods a pharmacy offers; a self-pickup-only pharmacy offers pickup whatever else is listed. */
export function offeredMethods(pharmacy: PharmacyTimingFacts): DeliveryMethod[] {
  if (pharmacy.selfPickupOnly) return pharmacy.deliveryOptions.includes('pickup') ? ['pickup'] : [];
  return DELIVERY_METHODS.filter((method) => pharmacy.deliveryOptions.includes(method));
}

interface OpenSpan {
  start: Date;
  end: Date;
  /** The date whose opening hours define the span (a night service runs into the next date). */
  date: IsoDate;
  opens: number;
  closes: number;
}

/**
 * The opening intervals of `date` as wall-clock minutes of that date: a closing time not after the
 * opening time means the next day (night service), as in the pharmacies feature's isOpenAt. A
 * public holiday of the pharmacy's state has none.
 */
function openSpans(hours: WeeklyHours, date: IsoDate): OpenSpan[] {
  return intervalsOn(hours, date).flatMap((interval) => {
    const opens = minutesOf(interval.opens);
    const rawCloses = minutesOf(interval.closes);
    const closes = rawCloses > opens ? rawCloses : rawCloses + DAY_MINUTES;
    const start = zonedInstant(date, opens);
    const end = zonedInstant(date, closes);
    return start && end ? [{ start, end, date, opens, closes }] : [];
  });
}

/** The opening span containing `now`, from today's or yesterday's hours. */
function currentSpan(hours: WeeklyHours, now: Date): OpenSpan | null {
  const today = localDate(now);
  return [...openSpans(hours, addDays(today, -1)), ...openSpans(hours, today)].find((span) => span.start <= now && now < span.end) ?? null;
}

/**
 * Windows of `slotMinutes` on the grid of multiples of slotMinutes since midnight, inside the
 * opening spans of yesterday, today and tomorrow, starting no earlier than now + lead. A window that
 * touches a skipped or repeated hour of a DST change would last longer or shorter than promised,
 * so it is left out (real elapsed time must equal slotMinutes).
 */
function slotsFrom(hours: WeeklyHours, now: Date, settings: TimingSettings): DeliverySlot[] {
  const today = localDate(now);
  const earliest = now.getTime() + settings.slotLeadMinutes * MINUTE_MS;
  const seen = new Set<number>();
  const slots: DeliverySlot[] = [];
  for (const date of [addDays(today, -1), today, addDays(today, 1)]) {
    for (const span of openSpans(hours, date)) {
      const first = Math.ceil(span.opens / settings.slotMinutes) * settings.slotMinutes;
      for (let from = first; from + settings.slotMinutes <= span.closes; from += settings.slotMinutes) {
        const start = zonedInstant(date, from);
        const end = zonedInstant(date, from + settings.slotMinutes);
        if (!start || !end || end.getTime() - start.getTime() !== settings.slotMinutes * MINUTE_MS) continue;
        if (start.getTime() < earliest || seen.has(start.getTime())) continue;
        seen.add(start.getTime());
        slots.push({ start: start.toISOString(), end: end.toISOString(), date: localDate(start), from: localTime(start), to: localTime(end) });
      }
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

export interface TimingContext {
  now: Date;
  /** The cart contains collect-in-person products (see hasPickupOnlyItems). */
  pickupOnlyItems: boolean;
  /** A prescribed medicine that may not go by parcel (§ 17 Abs. 2b ApBetrO): courier and pickup only. */
  noParcelItems?: boolean;
  settings?: TimingSettings;
}

/** Everything the checkout can offer for this pharmacy and cart at `now`. */
export function deliveryOptions(pharmacy: PharmacyTimingFacts, context: TimingContext): DeliveryOptions {
  const { now, pickupOnlyItems } = context;
  const noParcelItems = context.noParcelItems ?? false;
  const settings = context.settings ?? DEFAULT_TIMING;
  const methods = offeredMethods(pharmacy);
  const today = localDate(now);
  const tomorrow = addDays(today, 1);
  const span = isOpenAt(pharmacy.openingHours, now) ? currentSpan(pharmacy.openingHours, now) : null;
  const asap = span !== null && now.getTime() + settings.asapCutoffMinutes * MINUTE_MS <= span.end.getTime();
  const slots = slotsFrom(pharmacy.openingHours, now, settings);
  const timed = (): TimedOptions => ({
    asap,
    today: slots.filter((slot) => slot.date === today),
    tomorrow: slots.filter((slot) => slot.date === tomorrow),
  });
  return {
    today,
    tomorrow,
    openNow: span !== null,
    closesAt: span ? span.end.toISOString() : null,
    asapMinutes: settings.asapMinutes,
    pickupOnlyItems,
    noParcelItems,
    courier: methods.includes('courier') && !pickupOnlyItems ? timed() : null,
    pickup: methods.includes('pickup') ? timed() : null,
    parcel: methods.includes('parcel') && !pickupOnlyItems && !noParcelItems ? parcelEstimate(today, settings, pharmacy.openingHours.holidayRegion ?? null) : null,
  };
}

/**
 * Parcel arrival from the order date: the 1st to the 3rd business day after it (Sundays and the
 * public holidays of the pharmacy's state skipped: the parcel leaves from there).
 */
export function parcelEstimate(orderDate: IsoDate, settings: TimingSettings = DEFAULT_TIMING, state: GermanState | null = null): ParcelEstimate {
  return {
    earliest: addBusinessDays(orderDate, settings.parcelMinBusinessDays, state),
    latest: addBusinessDays(orderDate, settings.parcelMaxBusinessDays, state),
  };
}

/** What the browser sends; anything may be missing or wrong. */
export interface DeliveryChoiceInput {
  method?: string | null;
  timing?: string | null;
  /** ISO instant of the chosen slot's start (timing "slot"). */
  slotStart?: string | null;
}

export type ValidatedDelivery =
  | { method: 'courier' | 'pickup'; timing: 'asap'; /** ISO: now + asapMinutes. */ expectedBy: string }
  | { method: 'courier' | 'pickup'; timing: 'slot'; slot: DeliverySlot }
  | { method: 'parcel'; estimate: ParcelEstimate };

export type DeliveryChoiceError = 'DELIVERY_TIME_REQUIRED' | 'PHARMACY_CLOSED' | 'DELIVERY_OPTION_UNAVAILABLE' | 'PICKUP_ONLY_ITEMS' | 'PARCEL_NOT_ALLOWED';

/**
 * Checks the customer's choice against what deliveryOptions offers at `now` (the server calls it
 * again when the order is placed, so a slot that has passed meanwhile is refused).
 */
export function validateDeliveryChoice(
  pharmacy: PharmacyTimingFacts,
  choice: DeliveryChoiceInput | null | undefined,
  context: TimingContext,
): Result<ValidatedDelivery, DeliveryChoiceError> {
  if (!choice?.method) return fail('DELIVERY_TIME_REQUIRED');
  const method = choice.method;
  if (!isDeliveryMethod(method) || !offeredMethods(pharmacy).includes(method)) return fail('DELIVERY_OPTION_UNAVAILABLE');
  if (method !== 'pickup' && context.pickupOnlyItems) return fail('PICKUP_ONLY_ITEMS');

  if (method === 'parcel' && context.noParcelItems) return fail('PARCEL_NOT_ALLOWED');

  const options = deliveryOptions(pharmacy, context);
  if (method === 'parcel') return options.parcel ? ok({ method, estimate: options.parcel }) : fail('DELIVERY_OPTION_UNAVAILABLE');

  const timed = options[method];
  if (!timed) return fail('DELIVERY_OPTION_UNAVAILABLE');
  if (choice.timing === 'asap') {
    if (!timed.asap) return fail('PHARMACY_CLOSED');
    const settings = context.settings ?? DEFAULT_TIMING;
    return ok({ method, timing: 'asap', expectedBy: new Date(context.now.getTime() + settings.asapMinutes * MINUTE_MS).toISOString() });
  }
  if (choice.timing !== 'slot' || !choice.slotStart) return fail('DELIVERY_TIME_REQUIRED');
  const start = new Date(choice.slotStart);
  if (Number.isNaN(start.getTime())) return fail('DELIVERY_TIME_REQUIRED');
  const slot = [...timed.today, ...timed.tomorrow].find((candidate) => new Date(candidate.start).getTime() === start.getTime());
  if (slot) return ok({ method, timing: 'slot', slot });
  return fail(isOpenAt(pharmacy.openingHours, start) ? 'DELIVERY_OPTION_UNAVAILABLE' : 'PHARMACY_CLOSED');
}
