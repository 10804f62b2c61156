// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutApi, OpenDraftBody, PlaceRequest } from '../../../src/features/checkout/browser/checkout-api';
import type { ConfirmResult } from '../../../src/features/checkout/browser/hosted-payment';
import type { Draft, DraftBody } from '../../../src/features/checkout/browser/draft';
import type { Outcome } from '../../../src/platform/api-client';
import { IRCLICKID_KEY, resetPageSessionId, SESSION_ID_KEY } from '../../../src/features/checkout/browser/session-meta';
import { checkoutUiMessages } from '../../../src/features/checkout/i18n/ui-messages';
import { checkoutText } from '../../../src/features/checkout/i18n/checkout-text';
import CheckoutScreen from '../../../src/features/checkout/islands/CheckoutScreen';
import { errorMessages } from '../../../src/platform/http/error-codes';
import { draft as draftFixture } from './fixtures';

vi.mock('../../../src/ui/toast/toast', () => ({ showToast: vi.fn(async () => undefined) }));

const t = checkoutUiMessages.en;
const pricing = { deliveryFeeCents: 290, freeDeliveryFromCents: 3000 };

function ok<T>(data: T): Outcome<T> {
  return { ok: true, data };
}

/** A server that answers every draft call with the fixture's quote (plus the chosen delivery and coupon). */
function fakeApi(overrides: Partial<CheckoutApi> = {}) {
  const bodies: DraftBody[] = [];
  const quote = (body: DraftBody): Draft => {
    bodies.push(body);
    const coupon = body.coupon_code ? { code: body.coupon_code, ok: true, error: null } : null;
    const discount = coupon ? 300 : 0;
    const base = draftFixture();
    return {
      ...base,
      coupon,
      delivery: body.delivery ? { option: body.delivery.option, slotStart: body.delivery.slot_start ?? null } : null,
      totals: { ...base.totals, couponDiscountCents: discount, totalCents: base.totals.totalCents - discount, amountDueCents: base.totals.amountDueCents - discount },
    };
  };
  const api = {
    profilePhone: vi.fn(async () => ok('+4915112345678')),
    shippingAddresses: vi.fn(async () => ok([{ id: 'address-1', label: 'Karl-Liebknecht-Straße 13, 10178 Berlin' }])),
    wallet: vi.fn(async () => ok({ balanceCents: 0, usageDescription: 'Credit is used at checkout.' })),
    cards: vi.fn(async () => ok([])),
    deleteCard: vi.fn(async () => ok(null)),
    createDraft: vi.fn(async (body: DraftBody) => ok(quote(body))),
    openDraft: vi.fn(async (body: OpenDraftBody) => ok(quote({ ...body, consent_pharmacy_data: false, coupon_code: null, wallet_cents: 0, tip_cents: 0 }))),
    updateDraft: vi.fn(async (_id: string, body: DraftBody) => ok(quote(body))),
    paymentOptions: vi.fn(async () => ok({ provider: 'demo' as const, hostedFieldsUrl: '/demo-psp/elements', methods: ['card' as const, 'paypal' as const], wallets: false, stripe: null })),
    submitPayment: vi.fn(async () => null),
    createPaymentIntent: vi.fn(async (_id: string, key: string) => ok({ intentId: `pi_${key.slice(0, 8)}`, clientSecret: 'secret', savedPaymentMethod: null })),
    confirmPayment: vi.fn(async (): Promise<ConfirmResult> => ({ kind: 'authorized' })),
    place: vi.fn(async (id: string, _key: string, _request: PlaceRequest) => ok({ id })),
    refreshCart: vi.fn(async () => undefined),
    ...overrides,
  } satisfies CheckoutApi;
  return { api, bodies };
}

const assign = vi.fn();

async function renderScreen(api: CheckoutApi) {
  render(<CheckoutScreen locale="en" text={checkoutText('en')} pricing={pricing} api={api} />);
  await screen.findByRole('button', { name: t.orderButton });
}

function answerSafetyQuestions() {
  for (const key of ['pregnant', 'underage', 'nursing', 'for_someone_else', 'consulted_by_pharmacy'] as const) {
    const group = screen.getByRole('group', { name: t[`safety.${key}`] });
    fireEvent.click(group.querySelector('input[value="no"]')!);
  }
}

/** A new card is the choice (no saved cards): its data goes into the provider's hosted fields, never into this form. */
function completeForm() {
  fireEvent.click(screen.getByLabelText(/As soon as possible/));
  answerSafetyQuestions();
  fireEvent.click(screen.getByLabelText(t.consentLabel));
}

describe('the checkout island', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    resetPageSessionId();
    assign.mockReset();
    vi.stubGlobal('location', { ...window.location, assign, replace: vi.fn(), pathname: '/shop/checkout/', search: '' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("opens the customer's draft with the session id, the click id and the language, changing no answer", async () => {
    localStorage.setItem(SESSION_ID_KEY, 'session-42');
    sessionStorage.setItem(IRCLICKID_KEY, 'click-7');
    const { api } = fakeApi();
    await renderScreen(api);
    expect(api.openDraft).toHaveBeenCalledTimes(1);
    expect(vi.mocked(api.openDraft).mock.calls[0]![0]).toEqual({ meta: { sessionId: 'session-42', irClickId: 'click-7', locale: 'en' } });
    expect(api.createDraft).not.toHaveBeenCalled();
    expect(api.updateDraft).not.toHaveBeenCalled();
  });

  it('starts from the answers the draft keeps (a reload, a second tab, another device)', async () => {
    const kept = draftFixture({
      delivery: { option: 'asap', slotStart: null },
      answers: { shippingAddressId: 'address-1', safety: { pregnant: false, underage: false, nursing: true }, consent: true, phone: '+4915199887766', couponCode: null, walletCents: 0, tipCents: 200 },
    });
    const { api } = fakeApi({ openDraft: vi.fn(async () => ok(kept)) });
    await renderScreen(api);
    expect((screen.getByLabelText(/As soon as possible/) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(t.consentLabel) as HTMLInputElement).checked).toBe(true);
    const nursing = screen.getByRole('group', { name: t['safety.nursing'] });
    expect((nursing.querySelector('input[value="yes"]') as HTMLInputElement).checked).toBe(true);
    const unanswered = screen.getByRole('group', { name: t['safety.for_someone_else'] });
    expect((unanswered.querySelector('input[value="no"]') as HTMLInputElement).checked).toBe(false);
    expect((document.querySelector('input[name="phone"]') as HTMLInputElement).value).toBe('+4915199887766');
    expect(api.updateDraft).not.toHaveBeenCalled();
  });

  it("sends an empty cart's checkout to the cart, and back after ordering to the order", async () => {
    const empty = draftFixture({ lines: [] });
    const { api } = fakeApi({ openDraft: vi.fn(async () => ok(empty)) });
    render(<CheckoutScreen locale="en" text={checkoutText('en')} pricing={pricing} api={api} />);
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/shop/cart/'));
    cleanup();
    vi.mocked(location.replace).mockReset();
    sessionStorage.setItem('apobote.placedOrder', 'order-9');
    render(<CheckoutScreen locale="en" text={checkoutText('en')} pricing={pricing} api={api} />);
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/shop/orders/view/?id=order-9'));
  });

  it('creates and keeps a session id when none is stored', async () => {
    const { api } = fakeApi();
    await renderScreen(api);
    const stored = localStorage.getItem(SESSION_ID_KEY);
    expect(stored).toMatch(/^[0-9a-f-]{36}$/);
    expect(vi.mocked(api.openDraft).mock.calls[0]![0].meta).toEqual({ sessionId: stored, irClickId: null, locale: 'en' });
  });

  it('shows every missing answer and focuses the first problem instead of ordering', async () => {
    const { api } = fakeApi();
    await renderScreen(api);
    fireEvent.click(screen.getByRole('button', { name: t.orderButton }));
    await waitFor(() => expect(screen.getAllByText(t.answerRequired)).toHaveLength(5));
    expect(screen.getByText(errorMessages.en.DELIVERY_TIME_REQUIRED)).toBeTruthy();
    expect(screen.getByText(errorMessages.en.CONSENT_REQUIRED)).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('delivery'));
    expect(api.place).not.toHaveBeenCalled();
  });

  it('applies a coupon with Enter in its field, without sending the order', async () => {
    const { api, bodies } = fakeApi();
    await renderScreen(api);
    const field = screen.getByLabelText(t.couponLabel);
    fireEvent.change(field, { target: { value: ' welcome 5 ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await screen.findByText('Coupon WELCOME5 applied: €3.00 off.');
    expect(bodies.at(-1)?.coupon_code).toBe('WELCOME5');
    expect(api.place).not.toHaveBeenCalled();
  });

  it('shows a refused coupon at its field and goes on without it', async () => {
    const refused = fakeApi();
    const updateDraft = vi.fn(async (_id: string, body: DraftBody) => {
      const answer = await refused.api.updateDraft('order-1', body);
      if (!answer.ok || !body.coupon_code) return answer;
      const message = 'This coupon is valid from an order value of €20.00. Add €4.61 more.';
      return ok({ ...answer.data, coupon: { code: body.coupon_code, ok: false, error: { code: 'COUPON_MIN_ORDER_VALUE' as const, message } } });
    });
    const { api } = fakeApi({ updateDraft });
    await renderScreen(api);
    fireEvent.change(screen.getByLabelText(t.couponLabel), { target: { value: 'TWENTY' } });
    fireEvent.click(screen.getByRole('button', { name: t.couponApply }));
    await screen.findByText('This coupon is valid from an order value of €20.00. Add €4.61 more.');
    await waitFor(() => expect(updateDraft.mock.calls.at(-1)![1].coupon_code).toBeNull());
  });

  it('places the order once, with one Idempotency-Key, however often "Order and pay" is pressed', async () => {
    let release!: (value: Outcome<{ id: string }>) => void;
    const place = vi.fn((_id: string, _key: string, _request: PlaceRequest) => new Promise<Outcome<{ id: string }>>((resolve) => (release = resolve)));
    const { api } = fakeApi({ place });
    await renderScreen(api);
    completeForm();
    const button = screen.getByRole('button', { name: t.orderButton });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(place).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: t.ordering }));
    expect(place.mock.calls[0]![1]).toMatch(/^[0-9a-f-]{36}$/);
    // The provider held the amount first (a PaymentIntent of this attempt, confirmed in its hosted fields).
    expect(api.createPaymentIntent).toHaveBeenCalledTimes(1);
    expect(vi.mocked(api.createPaymentIntent).mock.calls[0]![1]).toBe(place.mock.calls[0]![1]);
    expect(vi.mocked(api.createPaymentIntent).mock.calls[0]![2]).toEqual({ choice: { method: 'card', save_card: false }, expectedAmountCents: 1829, returnUrl: '/shop/checkout/?order=order-1' });
    expect(api.confirmPayment).toHaveBeenCalledTimes(1);
    expect(place.mock.calls[0]![2]).toEqual({ paymentIntentId: `pi_${place.mock.calls[0]![1].slice(0, 8)}`, expectedAmountCents: 1829 });
    expect(JSON.stringify(place.mock.calls)).not.toMatch(/\d{12,}/);
    await act(async () => release(ok({ id: 'order-1' })));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/shop/orders/view/?id=order-1'));
    expect(place).toHaveBeenCalledTimes(1);
    expect(api.refreshCart).toHaveBeenCalled();
  });

  it('retries a lost answer with the same key, so nothing is charged twice', async () => {
    const place = vi
      .fn<CheckoutApi['place']>()
      .mockResolvedValueOnce({ ok: false, problem: { code: 'GENERIC_ERROR', message: 'x', fields: {}, status: 0, issues: [] } })
      .mockResolvedValueOnce(ok({ id: 'order-1' }));
    const { api } = fakeApi({ place });
    await renderScreen(api);
    completeForm();
    fireEvent.click(screen.getByRole('button', { name: t.orderButton }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(place).toHaveBeenCalledTimes(2);
    expect(place.mock.calls[1]![1]).toBe(place.mock.calls[0]![1]);
  });

  it('shows a card the provider declined in the payment section, focuses the payment choice and stays on the page', async () => {
    const confirmPayment = vi
      .fn<CheckoutApi['confirmPayment']>()
      .mockResolvedValueOnce({ kind: 'failed', code: 'PAYMENT_FAILED' })
      .mockResolvedValueOnce({ kind: 'authorized' });
    const { api } = fakeApi({ confirmPayment });
    await renderScreen(api);
    completeForm();
    fireEvent.click(screen.getByRole('button', { name: t.orderButton }));
    const alert = await screen.findByText(errorMessages.en.PAYMENT_FAILED);
    expect(alert.closest('section')?.getAttribute('aria-labelledby')).toBe('checkout-payment-heading');
    await waitFor(() => expect(document.activeElement?.getAttribute('value')).toBe('new'));
    expect(api.place).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    // Another try is another attempt: a new key and a new PaymentIntent.
    fireEvent.click(screen.getByRole('button', { name: t.orderButton }));
    await waitFor(() => expect(api.place).toHaveBeenCalledTimes(1));
    const keys = vi.mocked(api.createPaymentIntent).mock.calls.map((call) => call[1]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows a failed 3-D Secure check in German', async () => {
    const confirmPayment = vi.fn<CheckoutApi['confirmPayment']>().mockResolvedValue({ kind: 'failed', code: 'PAYMENT_AUTHENTICATION_FAILED' });
    const { api } = fakeApi({ confirmPayment });
    render(<CheckoutScreen locale="de" text={checkoutText('de')} pricing={pricing} api={api} />);
    const de = checkoutUiMessages.de;
    await screen.findByRole('button', { name: de.orderButton });
    fireEvent.click(screen.getByLabelText(/So schnell wie möglich/));
    for (const key of ['pregnant', 'underage', 'nursing', 'for_someone_else', 'consulted_by_pharmacy'] as const) {
      fireEvent.click(screen.getByRole('group', { name: de[`safety.${key}`] }).querySelector('input[value="no"]')!);
    }
    fireEvent.click(screen.getByLabelText(de.consentLabel));
    fireEvent.click(screen.getByRole('button', { name: de.orderButton }));
    expect(await screen.findByText(errorMessages.de.PAYMENT_AUTHENTICATION_FAILED)).toBeTruthy();
    expect(api.place).not.toHaveBeenCalled();
  });

  it('goes to the provider\'s page for PayPal and, back with the payment, places the order with the same key', async () => {
    const confirmPayment = vi.fn<CheckoutApi['confirmPayment']>().mockResolvedValue({ kind: 'redirect', url: '/demo-psp/paypal?intent=pi_x' });
    const createPaymentIntent = vi.fn<CheckoutApi['createPaymentIntent']>().mockResolvedValue(ok({ intentId: 'pi_x', clientSecret: 's', savedPaymentMethod: null }));
    const first = fakeApi({ confirmPayment, createPaymentIntent });
    await renderScreen(first.api);
    completeForm();
    // The payment methods arrive after the draft, in their own answer.
    fireEvent.click(await screen.findByLabelText(t.payPal));
    fireEvent.click(screen.getByRole('button', { name: t.orderButton }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/demo-psp/paypal?intent=pi_x'));
    expect(createPaymentIntent.mock.calls[0]![2].choice).toEqual({ method: 'paypal' });
    expect(first.api.place).not.toHaveBeenCalled();
    const key = createPaymentIntent.mock.calls[0]![1];
    cleanup();

    // The provider sends the customer back to the checkout with the PaymentIntent.
    vi.stubGlobal('location', { ...window.location, assign, replace: vi.fn(), pathname: '/shop/checkout/', search: '?order=order-1&payment_intent=pi_x&redirect_status=succeeded' });
    const back = fakeApi();
    render(<CheckoutScreen locale="en" text={checkoutText('en')} pricing={pricing} api={back.api} />);
    await waitFor(() => expect(back.api.place).toHaveBeenCalledWith('order-1', key, { paymentIntentId: 'pi_x', expectedAmountCents: 1829 }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/shop/orders/view/?id=order-1'));
  });

  it('says "Pharmacy closed, choose another time" and offers pre-orders only when the pharmacy is closed', async () => {
    const closed = draftFixture();
    closed.deliveryOptions = { ...closed.deliveryOptions!, openNow: false, closesAt: null, courier: { asap: false, today: [], tomorrow: closed.deliveryOptions!.courier!.tomorrow } };
    const { api } = fakeApi({ openDraft: vi.fn(async () => ok(closed)) });
    await renderScreen(api);
    expect(screen.getByText(errorMessages.en.PHARMACY_CLOSED)).toBeTruthy();
    expect(screen.queryByLabelText(/As soon as possible/)).toBeNull();
    expect(screen.getByLabelText('Pre-order for tomorrow')).toBeTruthy();
  });
});
