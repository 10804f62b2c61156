import { deliveryOptions, type DeliveryOptions } from '../../../src/features/checkout/model/public';
import { emptyValues, type CheckoutValues } from '../../../src/features/checkout/browser/checkout-form';
import type { Draft } from '../../../src/features/checkout/browser/draft';

const DAY = [{ opens: '08:00', closes: '22:00' }];
export const PHARMACY = {
  openingHours: { mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: DAY, sun: DAY },
  deliveryOptions: ['courier', 'parcel', 'pickup'],
};

/** Friday 20 November 2026, 10:00 in Berlin: open, as soon as possible is offered. */
export const OPEN_NOW = new Date('2026-11-20T09:00:00Z');
/** The same Friday, 23:30 in Berlin: closed, only pre-orders for tomorrow. */
export const CLOSED_NOW = new Date('2026-11-20T22:30:00Z');

export const optionsAt = (now: Date, pharmacy = PHARMACY): DeliveryOptions => deliveryOptions(pharmacy, { now, pickupOnlyItems: false });

/** A form filled in completely and validly (ASAP courier, a new card in the provider's hosted fields). */
export function filledValues(overrides: Partial<CheckoutValues> = {}): CheckoutValues {
  return {
    ...emptyValues(),
    addressId: 'address-1',
    delivery: 'asap',
    safety: { pregnant: 'no', underage: 'no', nursing: 'no', for_someone_else: 'yes', consulted_by_pharmacy: 'no' },
    phone: '0151 12345678',
    consent: true,
    tip: '200',
    payment: 'new',
    ...overrides,
  };
}

export function draft(overrides: Partial<Draft> = {}): Draft {
  return {
    id: 'order-1',
    status: 'awaiting_payment',
    pharmacy: { id: 'berlin-alexanderplatz', name: 'Apotheke am Alexanderplatz', phone: '+49 30 1234567' },
    lines: [
      { pzn: '04773414', name: 'Handcreme', quantity: 2, unitPriceCents: 595, lineTotalCents: 1190, vatRate: 19, couponDiscountCents: 0 },
      { pzn: '10019621', name: 'Kräutertee', quantity: 1, unitPriceCents: 349, lineTotalCents: 349, vatRate: 7, couponDiscountCents: 0 },
    ],
    totals: {
      subtotalCents: 1539,
      deliveryFeeCents: 290,
      couponDiscountCents: 0,
      walletCents: 0,
      tipCents: 0,
      vat: [],
      vatTotalCents: 0,
      totalCents: 1829,
      amountDueCents: 1829,
    },
    deliveryOptions: optionsAt(OPEN_NOW),
    coupon: null,
    issues: [],
    warnings: [],
    delivery: null,
    proposal: null,
    answers: { shippingAddressId: 'address-1', safety: {}, consent: false, phone: null, couponCode: null, walletCents: 0, tipCents: 0 },
    ...overrides,
  };
}
