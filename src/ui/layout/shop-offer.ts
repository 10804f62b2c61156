import { DELIVERY_METHODS, type DeliveryMethod, type TimingSettings } from '../../features/checkout';
import { minutesOf, WEEKDAYS, type Weekday } from '../../platform/time/wall-clock';
import { formatPrice } from '../../platform/i18n/format';
import { INTL_LOCALE, type Locale } from '../../platform/i18n/locales';
import { interpolate, type Params } from '../../platform/i18n/messages';
import type { PaymentMethodType } from '../../platform/payments/types';
import { helpMessages } from './help-messages';

/*
 * What the shop offers, as the texts that describe it to customers (the help widget's answers, the
 * help page, the footer, the terms) must say it: the payment methods of the configured provider,
 * the delivery methods the partner pharmacies offer, the hours every courier pharmacy keeps. Pure:
 * the configuration comes in (load-shop-offer.ts reads it), the facts and sentences go out, so a
 * unit test holds the texts to the same configuration the checkout runs on.
 */

export interface PharmacyOfferFacts {
  openingHours: Partial<Record<Weekday, readonly { opens: string; closes: string }[]>>;
  deliveryOptions: readonly string[];
  selfPickupOnly: boolean;
}

export interface PaymentOfferFacts {
  /** The provider's methods in the browser (the checkout's `payment-options` narrows them per order). */
  methods: readonly PaymentMethodType[];
  /** Apple Pay / Google Pay as cards in a wallet, where the provider offers them. */
  wallets: boolean;
  invoice: { minCents: number; maxCents: number; minAge: number };
  /** Countries whose addresses may pay by SEPA direct debit. */
  sepaCountries: readonly string[];
}

export interface ShopOffer {
  payment: PaymentOfferFacts;
  delivery: {
    /** Offered by at least one partner pharmacy, in the shop's order (courier, parcel, pickup). */
    methods: DeliveryMethod[];
    asapMinutes: number;
    parcelDays: { min: number; max: number };
    /** The window every courier pharmacy is open on every weekday ("08:00"–"22:00"); null when there is none. */
    courierHours: { opens: string; closes: string } | null;
    feeCents: number;
    freeFromCents: number;
  };
}

export interface ShopOfferInput {
  pharmacies: readonly PharmacyOfferFacts[];
  payment: PaymentOfferFacts;
  timing: TimingSettings;
  fees: { feeCents: number; freeFromCents: number };
}

/** A pharmacy's delivery methods as the checkout offers them (a self-pickup-only pharmacy: pickup). */
function methodsOf(pharmacy: PharmacyOfferFacts): DeliveryMethod[] {
  if (pharmacy.selfPickupOnly) return pharmacy.deliveryOptions.includes('pickup') ? ['pickup'] : [];
  return DELIVERY_METHODS.filter((method) => pharmacy.deliveryOptions.includes(method));
}

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The daily window in which every courier pharmacy is open: the latest opening and the earliest
 * closing over every pharmacy and weekday (each day's longest interval; a closing time not after
 * the opening means past midnight, counted as 24:00). Null when a courier pharmacy has a closed
 * weekday or the window is empty: then the texts say "during the pharmacy's opening hours" only.
 */
export function commonCourierHours(pharmacies: readonly PharmacyOfferFacts[]): { opens: string; closes: string } | null {
  const couriers = pharmacies.filter((pharmacy) => methodsOf(pharmacy).includes('courier'));
  if (couriers.length === 0) return null;
  let opens = 0;
  let closes = 24 * 60;
  for (const pharmacy of couriers) {
    for (const day of WEEKDAYS) {
      const intervals = (pharmacy.openingHours[day] ?? []).map((interval) => {
        const from = minutesOf(interval.opens);
        const to = minutesOf(interval.closes);
        return { from, to: to > from ? to : 24 * 60 };
      });
      if (intervals.length === 0) return null;
      const longest = intervals.reduce((best, interval) => (interval.to - interval.from > best.to - best.from ? interval : best));
      opens = Math.max(opens, longest.from);
      closes = Math.min(closes, longest.to);
    }
  }
  return opens < closes ? { opens: hhmm(opens), closes: hhmm(closes) } : null;
}

export function shopOffer(input: ShopOfferInput): ShopOffer {
  const offered = new Set(input.pharmacies.flatMap(methodsOf));
  return {
    payment: input.payment,
    delivery: {
      methods: DELIVERY_METHODS.filter((method) => offered.has(method)),
      asapMinutes: input.timing.asapMinutes,
      parcelDays: { min: input.timing.parcelMinBusinessDays, max: input.timing.parcelMaxBusinessDays },
      courierHours: commonCourierHours(input.pharmacies),
      feeCents: input.fees.feeCents,
      freeFromCents: input.fees.freeFromCents,
    },
  };
}

/** "A, B or C" / "A, B oder C". */
function orList(items: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(INTL_LOCALE[locale], { type: 'disjunction' }).format(items);
}

/** The courier's hours as a phrase ("daily 08:00–22:00" / "täglich 08:00–22:00 Uhr"), or "" when the pharmacies differ. */
export function courierHoursText(offer: ShopOffer, locale: Locale): string {
  const hours = offer.delivery.courierHours;
  return hours ? interpolate(helpMessages[locale].hoursDaily, { opens: hours.opens, closes: hours.closes }) : '';
}

/** Values the shop's describing texts interpolate ({courierHours}, {asapMinutes}, …), beside legalParams. */
export function offerParams(offer: ShopOffer, locale: Locale): Params {
  const { delivery } = offer;
  return {
    courierHours: courierHoursText(offer, locale) || helpMessages[locale].hoursOfPharmacy,
    asapMinutes: delivery.asapMinutes,
    parcelMin: delivery.parcelDays.min,
    parcelMax: delivery.parcelDays.max,
    deliveryFee: formatPrice(delivery.feeCents, locale),
    freeFrom: formatPrice(delivery.freeFromCents, locale),
  };
}

/** The help widget's answer to "How and when is my order delivered?", sentence by offered method. */
export function deliveryAnswer(offer: ShopOffer, locale: Locale): string {
  const m = helpMessages[locale];
  const params = offerParams(offer, locale);
  const has = (method: DeliveryMethod) => offer.delivery.methods.includes(method);
  const sentences = [m.deliveryIntro];
  if (has('courier')) sentences.push(m.deliveryCourier);
  if (has('parcel')) sentences.push(m.deliveryParcel);
  if (has('pickup')) sentences.push(m.deliveryPickup);
  if (has('courier') || has('parcel')) sentences.push(m.deliveryFee);
  if (has('pickup')) sentences.push(m.deliveryPickupOnly);
  return sentences.map((sentence) => interpolate(sentence, params)).join(' ');
}

/** The provider's methods by their short names, for a trust badge: "card, PayPal, direct debit or invoice". */
export function paymentMethodNames(offer: ShopOffer, locale: Locale): string {
  const m = helpMessages[locale];
  const names: Record<PaymentMethodType, string> = { card: m.methodCard, paypal: m.methodPayPal, sepa_debit: m.methodSepa, klarna: m.methodInvoice };
  return orList(offer.payment.methods.map((method) => names[method]), locale);
}

/** The help widget's answer to "How can I pay?": the provider's methods, each with its condition. */
export function paymentAnswer(offer: ShopOffer, locale: Locale): string {
  const m = helpMessages[locale];
  const { payment } = offer;
  const has = (method: PaymentMethodType) => payment.methods.includes(method);
  const ways: string[] = [];
  if (has('card')) ways.push(m.payCard);
  if (has('paypal')) ways.push(m.payPayPal);
  if (has('sepa_debit')) ways.push(m.paySepa);
  if (has('klarna')) {
    ways.push(
      interpolate(m.payInvoice, {
        minAge: payment.invoice.minAge,
        min: formatPrice(payment.invoice.minCents, locale),
        max: formatPrice(payment.invoice.maxCents, locale),
      }),
    );
  }
  const sentences = [interpolate(m.payMethods, { methods: orList(ways, locale) })];
  if (has('card') && payment.wallets) sentences.push(m.payWallets);
  if (has('card')) sentences.push(m.payCardData);
  if (has('card') || has('paypal') || has('klarna')) sentences.push(m.payHeld);
  if (has('sepa_debit')) sentences.push(m.paySepaWhen);
  return sentences.join(' ');
}
