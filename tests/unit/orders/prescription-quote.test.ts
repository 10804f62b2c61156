import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/features/cart/model/pricing';
import { computeOrderTotals } from '../../../src/features/checkout/model/order-totals';
import { DEFAULT_TIMING } from '../../../src/features/checkout/model/delivery-timing';
import { DEFAULT_COUPON_POLICY } from '../../../src/features/coupons/model/coupon';
import { transition } from '../../../src/features/orders/model/order-machine';
import { prescriptionLines, quoteDraft, type QuoteFacts, type QuotePrescription } from '../../../src/features/orders/model/quote';
import { coPaymentForLineCents, coPaymentPerPackCents } from '../../../src/features/prescriptions/model/co-payment';
import { checkoutLine, everyDay } from '../checkout/fixtures';

/*
 * Issue 29, the pure side of prescriptions in an order: lines at the fixed price with the
 * customer's share, no benefit on them (coupon, free delivery, credit), no parcel for § 17 (2b)
 * medicines, and capture moved from acceptance to dispensing.
 */

const NOW = new Date('2026-06-16T08:00:00Z');
const PLASTER = '04773414';

const item = (pzn: string, priceCents: number, packs: number, basis: { insurance: 'statutory' | 'private'; exempt: boolean }, parcelAllowed = true) => ({
  pzn,
  name: `Rx ${pzn}`,
  packs,
  unitPriceCents: priceCents,
  coPaymentPerPackCents: coPaymentPerPackCents(priceCents, basis),
  coPaymentCents: coPaymentForLineCents(priceCents, packs, basis),
  parcelAllowed,
});
const STATUTORY = { insurance: 'statutory' as const, exempt: false };

function facts(prescriptions: QuotePrescription[], overrides: Partial<QuoteFacts> = {}, draft: Partial<QuoteFacts['draft']> = {}): QuoteFacts {
  return {
    now: NOW,
    locale: 'en',
    settings: { pricing: DEFAULT_PRICING, timing: DEFAULT_TIMING, couponPolicy: DEFAULT_COUPON_POLICY },
    listOptions: true,
    draft: { deliveryOption: 'asap', slotStart: null, safety: { pregnant: false, underage: false, nursing: false, for_someone_else: false, consulted_by_pharmacy: false }, consented: true, phone: '+4915123456789', couponCode: null, tipCents: 0, walletCents: 0, ...draft },
    pharmacy: { openingHours: everyDay('08:00', '22:00'), deliveryOptions: ['courier', 'parcel', 'pickup'], selfPickupOnly: false, deliveryPostalCodes: ['10115'] },
    cart: [],
    products: new Map(),
    stock: new Map(),
    shipping: { id: 'a1', street_address: 'Invalidenstraße', house_number: '10', room: null, postal_code: '10115', locality: 'Berlin', note: null },
    billing: null,
    coupon: null,
    walletBalanceCents: 0,
    prescriptions,
    ...overrides,
  };
}

describe('prescriptionLines', () => {
  it('packs at the fixed price, the customer share as line total, the insurer the rest, no coupon share', () => {
    const [line] = prescriptionLines([{ id: 'p1', items: [item('11111111', 15000, 2, STATUTORY)] }]);
    expect(line).toMatchObject({ quantity: 2, unitPriceCents: 15000, lineTotalCents: 2000, coPaymentPerPackCents: 1000, insurerCents: 28000, couponDiscountCents: 0, prescriptionId: 'p1', vatRate: 19 });
  });
  it('exempt: the insurer pays all; private: the customer pays all', () => {
    expect(prescriptionLines([{ id: 'p', items: [item('1', 400, 1, { insurance: 'statutory', exempt: true })] }])[0]).toMatchObject({ lineTotalCents: 0, insurerCents: 400 });
    expect(prescriptionLines([{ id: 'p', items: [item('1', 5000, 3, { insurance: 'private', exempt: false })] }])[0]).toMatchObject({ lineTotalCents: 15000, insurerCents: 0 });
  });
});

describe('computeOrderTotals with prescription shares', () => {
  it('adds the share to subtotal and VAT, but not to the free-delivery threshold', () => {
    const result = computeOrderTotals({ lines: [checkoutLine(PLASTER, 499)], method: 'courier', prescriptions: [{ packs: 1, vatRate: 19, customerCents: 5000 }] });
    expect(result.ok && result.value).toMatchObject({ subtotalCents: 5499, deliveryFeeCents: DEFAULT_PRICING.deliveryFeeCents, prescriptionCents: 5000, itemCount: 2 });
  });
  it('an order of prescriptions alone pays the delivery fee (not for pickup)', () => {
    const courier = computeOrderTotals({ lines: [], method: 'courier', prescriptions: [{ packs: 1, vatRate: 19, customerCents: 500 }] });
    expect(courier.ok && courier.value.deliveryFeeCents).toBe(DEFAULT_PRICING.deliveryFeeCents);
    const pickup = computeOrderTotals({ lines: [], method: 'pickup', prescriptions: [{ packs: 1, vatRate: 19, customerCents: 500 }] });
    expect(pickup.ok && pickup.value).toMatchObject({ deliveryFeeCents: 0, totalCents: 500, amountDueCents: 500 });
  });
  it('credit never pays the prescription share: the amount due is at least the share', () => {
    const result = computeOrderTotals({ lines: [checkoutLine(PLASTER, 3000)], method: 'courier', wallet: { balanceCents: 100_000, requestedCents: 100_000 }, prescriptions: [{ packs: 2, vatRate: 19, customerCents: 1000 }] });
    expect(result.ok && result.value).toMatchObject({ totalCents: 4000, walletCreditCents: 3000, amountDueCents: 1000 });
  });
});

describe('quoteDraft with prescriptions', () => {
  it('an order of prescriptions only is not an empty cart', () => {
    const quote = quoteDraft(facts([{ id: 'p1', items: [item('11111111', 2500, 1, STATUTORY)] }]));
    expect(quote.issues.map((issue) => issue.code)).not.toContain('CART_EMPTY');
    expect(quote.prescriptionLines).toHaveLength(1);
    expect(quote.totals.prescriptionCents).toBe(500);
  });
  it('§ 17 (2b) ApBetrO: no parcel for a medicine that may not be sent; courier and pickup stay', () => {
    const quote = quoteDraft(facts([{ id: 'p1', items: [item('22222222', 80000, 1, STATUTORY, false)] }], {}, { deliveryOption: 'parcel' }));
    expect(quote.options?.parcel).toBeNull();
    expect(quote.options?.courier).not.toBeNull();
    expect(quote.options?.pickup).not.toBeNull();
    expect(quote.issues.map((issue) => issue.code)).toContain('PARCEL_NOT_ALLOWED');
  });
  it('a named prescription of another pharmacy is an issue', () => {
    expect(quoteDraft(facts([], { otherPharmacyPrescriptions: ['p9'] })).issues.map((issue) => issue.code)).toContain('PRESCRIPTION_OTHER_PHARMACY');
  });
});

describe('the state machine for prescription orders', () => {
  it('acceptance captures nothing; dispensing captures; ending releases the prescriptions', () => {
    const accepted = transition('pending', 'accept', undefined, { prescriptions: true });
    expect(accepted.ok && accepted.value.effects).not.toContain('CAPTURE_PAYMENT');
    const plain = transition('pending', 'accept');
    expect(plain.ok && plain.value.effects).toContain('CAPTURE_PAYMENT');
    const dispensed = transition('paid', 'dispense', undefined, { prescriptions: true });
    expect(dispensed.ok && dispensed.value).toMatchObject({ to: 'paid', effects: ['DISPENSE_PRESCRIPTIONS', 'CAPTURE_PAYMENT'] });
    for (const [from, event] of [['pending', 'reject'], ['pending', 'cancel'], ['awaiting_payment', 'expire'], ['paid', 'refund']] as const) {
      const step = transition(from, event, undefined, { prescriptions: true });
      expect(step.ok && step.value.effects, `${from} ${event}`).toContain('RELEASE_PRESCRIPTIONS');
    }
  });
  it('dispense and reject_line only for prescription orders, and not once dispensed', () => {
    expect(transition('paid', 'dispense').ok).toBe(false);
    expect(transition('paid', 'reject_line').ok).toBe(false);
    expect(transition('paid', 'dispense', undefined, { prescriptions: true, dispensed: true }).ok).toBe(false);
    expect(transition('paid', 'reject_line', undefined, { prescriptions: true, dispensed: true }).ok).toBe(false);
    expect(transition('pending', 'dispense', undefined, { prescriptions: true }).ok).toBe(false);
  });
});
