import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../../src/features/cart/model/pricing';
import { DEFAULT_TIMING } from '../../../src/features/checkout/model/delivery-timing';
import { DEFAULT_COUPON_POLICY } from '../../../src/features/coupons/model/coupon';
import { quoteDraft, type QuoteFacts, type QuoteProduct } from '../../../src/features/orders/model/quote';
import { everyDay } from '../checkout/fixtures';

/** Tuesday 2026-06-16 10:00 in Berlin. */
const NOW = new Date('2026-06-16T08:00:00Z');
const PLASTER = '04773414';
const IBUPROFEN = '10019621';

const product = (pzn: string, overrides: Partial<QuoteProduct> = {}): QuoteProduct => ({
  pzn,
  name: `Product ${pzn}`,
  active: true,
  priceCents: 499,
  vatRate: 19,
  categorySlug: 'first-aid',
  kind: 'non-medicine',
  ...overrides,
});

const SHIPPING = { id: 'a1', street_address: 'Invalidenstraße', house_number: '10', room: null, postal_code: '10115', locality: 'Berlin', note: null };
const ALL_NO = { pregnant: false, underage: false, nursing: false, for_someone_else: false, consulted_by_pharmacy: false };

function facts(overrides: Partial<QuoteFacts> = {}, draft: Partial<QuoteFacts['draft']> = {}): QuoteFacts {
  return {
    now: NOW,
    locale: 'en',
    settings: { pricing: DEFAULT_PRICING, timing: DEFAULT_TIMING, couponPolicy: DEFAULT_COUPON_POLICY },
    listOptions: true,
    draft: { deliveryOption: 'asap', slotStart: null, safety: ALL_NO, consented: true, phone: '+4915123456789', couponCode: null, tipCents: 0, walletCents: 0, ...draft },
    pharmacy: { openingHours: everyDay('08:00', '22:00'), deliveryOptions: ['courier', 'parcel', 'pickup'], selfPickupOnly: false, deliveryPostalCodes: ['10115', '10117'] },
    cart: [{ pzn: PLASTER, quantity: 2 }],
    products: new Map([[PLASTER, product(PLASTER)]]),
    stock: new Map([[PLASTER, 10]]),
    shipping: SHIPPING,
    billing: null,
    coupon: null,
    walletBalanceCents: 0,
    ...overrides,
  };
}

const codes = (quote: ReturnType<typeof quoteDraft>) => quote.issues.map((issue) => issue.code);

describe('quoteDraft (the draft rules, without reads)', () => {
  it('quotes a complete courier draft in the zone with no issues and the fee below free delivery', () => {
    const quote = quoteDraft(facts());
    expect(quote.issues).toEqual([]);
    expect(quote.method).toBe('courier');
    expect(quote.lines).toEqual([{ pzn: PLASTER, name: `Product ${PLASTER}`, quantity: 2, unitPriceCents: 499, vatRate: 19, lineTotalCents: 998, couponDiscountCents: 0 }]);
    expect(quote.totals).toMatchObject({ subtotalCents: 998, deliveryFeeCents: DEFAULT_PRICING.deliveryFeeCents, amountDueCents: 998 + DEFAULT_PRICING.deliveryFeeCents });
    expect(quote.options?.courier?.asap).toBe(true);
    expect(quoteDraft(facts({ listOptions: false })).options).toBeNull();
  });

  it('refuses a courier address outside the zone with the pharmacies feature’s rule', () => {
    expect(codes(quoteDraft(facts({ shipping: { ...SHIPPING, postal_code: '12043' } })))).toEqual(['OUTSIDE_DELIVERY_AREA']);
    // Pickup needs no address at all.
    expect(codes(quoteDraft(facts({ shipping: null }, { deliveryOption: 'pickup' })))).toEqual([]);
  });

  it('lists every blocking issue in the order a customer can act on them', () => {
    const quote = quoteDraft(facts({ cart: [], pharmacy: null, shipping: null, billing: 'missing' }, { deliveryOption: null, safety: null, consented: false, phone: null }));
    expect(codes(quote)).toEqual(['CART_EMPTY', 'PHARMACY_REQUIRED', 'DELIVERY_TIME_REQUIRED', 'ADDRESS_REQUIRED', 'NOT_FOUND', 'SAFETY_ANSWERS_REQUIRED', 'CONSENT_REQUIRED', 'PHONE_REQUIRED']);
  });

  it('checks every line against the catalogue and the stock', () => {
    const quote = quoteDraft(
      facts({
        cart: [{ pzn: PLASTER, quantity: 3 }, { pzn: IBUPROFEN, quantity: 1 }, { pzn: '99999999', quantity: 1 }],
        products: new Map([[PLASTER, product(PLASTER)], [IBUPROFEN, product(IBUPROFEN, { kind: 'prescription' })]]),
        stock: new Map([[PLASTER, 2], [IBUPROFEN, 5]]),
      }),
    );
    expect(quote.issues).toEqual([
      { code: 'STOCK_INSUFFICIENT', field: 'lines', pzn: PLASTER, availableQuantity: 2 },
      { code: 'PRESCRIPTION_REQUIRED', field: 'lines', pzn: IBUPROFEN, availableQuantity: 0 },
      { code: 'PRODUCT_NOT_FOUND', field: 'lines', pzn: '99999999', availableQuantity: 0 },
    ]);
  });

  it('drops the tip for parcel and pickup, and counts an invalid tip or too much credit as none', () => {
    expect(quoteDraft(facts({}, { deliveryOption: 'pickup', tipCents: 200 })).totals.tipCents).toBe(0);
    const tooMuchTip = quoteDraft(facts({}, { tipCents: 1_000_000 }));
    expect(codes(tooMuchTip)).toEqual(['TIP_INVALID']);
    expect(tooMuchTip.totals.tipCents).toBe(0);
    const tooMuchCredit = quoteDraft(facts({ walletBalanceCents: 100 }, { walletCents: 500 }));
    expect(codes(tooMuchCredit)).toEqual(['WALLET_INSUFFICIENT']);
    expect(tooMuchCredit.totals.walletCreditCents).toBe(0);
  });

  it('refuses a "later today" window that is tomorrow', () => {
    const tomorrowSlot = new Date('2026-06-17T09:00:00Z');
    expect(codes(quoteDraft(facts({}, { deliveryOption: 'later_today', slotStart: tomorrowSlot })))).toEqual(['DELIVERY_OPTION_UNAVAILABLE']);
    expect(codes(quoteDraft(facts({}, { deliveryOption: 'tomorrow', slotStart: tomorrowSlot })))).toEqual([]);
  });

  it('explains a code the coupons feature did not find, and applies one it found', () => {
    const unknown = quoteDraft(facts({ coupon: { ok: false, code: 'COUPON_UNKNOWN' } }, { couponCode: 'NOPE' }));
    expect(unknown.coupon).toEqual({ code: 'NOPE', ok: false, failure: { code: 'COUPON_UNKNOWN', message: expect.any(String) } });
    expect(unknown.issues[0]).toMatchObject({ code: 'COUPON_UNKNOWN', field: 'coupon_code' });

    const facts5 = { customerId: 'c1', ownReferralCode: null, orderCount: 0, pendingOrderCount: 0, redemptionsByCustomer: 0, referralRedemptions: 0 };
    const found = quoteDraft(
      facts(
        { coupon: { ok: true, couponId: 'k1', coupon: { code: 'FIVE', type: 'PROMOTION', discount: { kind: 'amount', amountCents: 500 } }, facts: facts5, totalRedemptions: 0 } },
        { couponCode: 'FIVE' },
      ),
    );
    expect(found.issues).toEqual([]);
    expect(found.coupon).toMatchObject({ ok: true, couponId: 'k1' });
    expect(found.lines[0]?.couponDiscountCents).toBe(500);
    expect(found.totals.couponDiscountCents).toBe(500);
  });
});
