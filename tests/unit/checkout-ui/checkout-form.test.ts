import { describe, expect, it } from 'vitest';
import {
  choicesFromValues,
  emptyValues,
  firstErrorField,
  offeredChoices,
  slotsFor,
  type ValidationContext,
} from '../../../src/features/checkout/browser/checkout-form';
import { validateCheckout } from '../../../src/features/checkout/browser/checkout-checks';
import { draftBody } from '../../../src/features/checkout/browser/draft';
import { CLOSED_NOW, filledValues, OPEN_NOW, optionsAt, PHARMACY } from './fixtures';

const context = (overrides: Partial<ValidationContext> = {}): ValidationContext => ({ options: optionsAt(OPEN_NOW), needsPayment: true, now: OPEN_NOW, ...overrides });
const meta = { sessionId: 'session-1', irClickId: null, locale: 'en' as const };

describe('what the checkout offers as delivery time (spec §4)', () => {
  it('offers as soon as possible, later today, tomorrow, parcel and pickup while the pharmacy is open', () => {
    expect(offeredChoices(optionsAt(OPEN_NOW))).toEqual(['asap', 'later_today', 'tomorrow', 'parcel', 'pickup']);
  });

  it('offers pre-orders only when the pharmacy is closed', () => {
    const options = optionsAt(CLOSED_NOW);
    expect(options.openNow).toBe(false);
    expect(offeredChoices(options)).toEqual(['tomorrow', 'parcel', 'pickup']);
    // Pickup from a closed pharmacy needs a window: the pickup choice lists tomorrow's.
    expect(slotsFor('pickup', options).length).toBeGreaterThan(0);
    expect(slotsFor('pickup', optionsAt(OPEN_NOW))).toEqual([]);
  });

  it('offers parcel only where the pharmacy ships parcels, and only pickup at a pickup-only pharmacy', () => {
    expect(offeredChoices(optionsAt(OPEN_NOW, { ...PHARMACY, deliveryOptions: ['courier', 'pickup'] }))).toEqual(['asap', 'later_today', 'tomorrow', 'pickup']);
    expect(offeredChoices(optionsAt(OPEN_NOW, { ...PHARMACY, deliveryOptions: ['pickup'] }))).toEqual(['pickup']);
  });
});

describe('the checks before "Order and pay"', () => {
  it('pass for a complete form', () => {
    expect(validateCheckout(filledValues(), context())).toEqual({});
  });

  it('require an explicit answer to every safety question: nothing is preselected', () => {
    const errors = validateCheckout({ ...filledValues(), safety: emptyValues().safety }, context());
    expect(errors).toEqual({
      'safety.pregnant': 'answerRequired',
      'safety.underage': 'answerRequired',
      'safety.nursing': 'answerRequired',
      'safety.for_someone_else': 'answerRequired',
      'safety.consulted_by_pharmacy': 'answerRequired',
    });
  });

  it('require a delivery time, and a window for later today', () => {
    expect(validateCheckout(filledValues({ delivery: '' }), context()).delivery).toBe('DELIVERY_TIME_REQUIRED');
    expect(validateCheckout(filledValues({ delivery: 'later_today', slot: '' }), context()).slot).toBe('slotRequired');
    const slot = optionsAt(OPEN_NOW).courier!.today[0]!.start;
    expect(validateCheckout(filledValues({ delivery: 'later_today', slot }), context())).toEqual({});
  });

  it('refuse "as soon as possible" at a closed pharmacy with the spec message', () => {
    expect(validateCheckout(filledValues({ delivery: 'asap' }), context({ options: optionsAt(CLOSED_NOW), now: CLOSED_NOW })).delivery).toBe('PHARMACY_CLOSED');
  });

  it('require a plausible phone number and the consent', () => {
    expect(validateCheckout(filledValues({ phone: ' ' }), context()).phone).toBe('PHONE_REQUIRED');
    expect(validateCheckout(filledValues({ phone: '12ab' }), context()).phone).toBe('INVALID_PHONE_NUMBER');
    expect(validateCheckout(filledValues({ phone: '+49 151 1234 5678' }), context()).phone).toBeUndefined();
    expect(validateCheckout(filledValues({ consent: false }), context()).consent).toBe('CONSENT_REQUIRED');
  });

  it('check a custom tip: readable and at most 50 €', () => {
    expect(validateCheckout(filledValues({ tip: 'custom', tipCustom: '2,50' }), context())).toEqual({});
    expect(validateCheckout(filledValues({ tip: 'custom', tipCustom: 'viel' }), context()).tipCustom).toBe('TIP_INVALID');
    expect(validateCheckout(filledValues({ tip: 'custom', tipCustom: '50,01' }), context()).tipCustom).toBe('TIP_INVALID');
    // No courier, no tip to check.
    expect(validateCheckout(filledValues({ delivery: 'parcel', tip: 'custom', tipCustom: 'viel' }), context())).toEqual({});
  });

  it('hold no card data: a new card is typed into the provider\'s hosted fields, which check it', () => {
    expect(Object.keys(filledValues()).filter((key) => /card(Number|Expiry|Cvc|Holder)/.test(key))).toEqual([]);
    expect(validateCheckout(filledValues({ payment: 'new' }), context())).toEqual({});
    expect(validateCheckout(filledValues({ payment: 'paypal' }), context())).toEqual({});
  });

  it('need a payment choice (a saved card, a new card or PayPal) only while something is due', () => {
    expect(validateCheckout(filledValues({ payment: 'card-1' }), context())).toEqual({});
    expect(validateCheckout(filledValues({ payment: '' }), context({ needsPayment: false }))).toEqual({});
    expect(validateCheckout(filledValues({ payment: '' }), context()).payment).toBe('paymentRequired');
  });

  it('name the first wrong field in screen order, for the focus', () => {
    const errors = validateCheckout({ ...emptyValues(), payment: 'new' }, context());
    expect(firstErrorField(errors)).toBe('addressId');
    expect(firstErrorField({ payment: 'paymentRequired', consent: 'CONSENT_REQUIRED' })).toBe('consent');
    expect(firstErrorField({})).toBeNull();
  });
});

describe('what is saved to the draft', () => {
  it('leaves out what is not chosen yet and never includes card data', () => {
    const body = draftBody(choicesFromValues(emptyValues(), { couponCode: null, walletBalanceCents: 0 }), meta);
    expect(body).toEqual({ consent_pharmacy_data: false, coupon_code: null, wallet_cents: 0, tip_cents: 0, meta });
    const full = JSON.stringify(draftBody(choicesFromValues(filledValues(), { couponCode: 'WELCOME5', walletBalanceCents: 1000 }), meta));
    expect(full).not.toContain('4242');
  });

  it('sends the answers given so far, the phone once plausible, the tip for courier deliveries only', () => {
    const values = filledValues({ safety: { ...emptyValues().safety, pregnant: 'yes' }, phone: '0151', tip: '300' });
    const choices = choicesFromValues(values, { couponCode: null, walletBalanceCents: 0 });
    expect(choices.safety).toEqual({ pregnant: true });
    expect(choices.phone).toBeNull();
    expect(choices.tipCents).toBe(300);
    expect(choicesFromValues({ ...values, delivery: 'pickup' }, { couponCode: null, walletBalanceCents: 0 }).tipCents).toBe(0);
  });

  it('uses the whole credit when the switch is on (the server caps it at the total)', () => {
    expect(choicesFromValues(filledValues({ useWallet: true }), { couponCode: null, walletBalanceCents: 1000 }).walletCents).toBe(1000);
    expect(choicesFromValues(filledValues({ useWallet: false }), { couponCode: null, walletBalanceCents: 1000 }).walletCents).toBe(0);
  });

  it('sends a window only with the option it belongs to', () => {
    const slot = optionsAt(OPEN_NOW).courier!.tomorrow[0]!.start;
    expect(choicesFromValues(filledValues({ delivery: 'tomorrow', slot }), { couponCode: null, walletBalanceCents: 0 }).delivery).toEqual({ option: 'tomorrow', slotStart: slot });
    expect(choicesFromValues(filledValues({ delivery: 'asap', slot }), { couponCode: null, walletBalanceCents: 0 }).delivery).toEqual({ option: 'asap', slotStart: null });
    expect(choicesFromValues(filledValues({ delivery: 'tomorrow', slot: '' }), { couponCode: null, walletBalanceCents: 0 }).delivery).toBeNull();
  });
});
