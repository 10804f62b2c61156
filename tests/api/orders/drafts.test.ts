import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../../src/features/accounts/server/schema';
import { pharmacies } from '../../../src/features/pharmacies/server/schema';
import { PHARMACY } from '../support/fixtures';
import { call } from '../support/shopper';
import {
  ALL_NO,
  CLOSED_NIGHT,
  COMPLETE,
  createDraft,
  DAILY,
  fillCart,
  META,
  newCustomer,
  OPEN,
  PICKUP_ONLY,
  place,
  PLASTER,
  readyDraft,
  setStock,
  updateDraft,
  useOrdersApp,
  VISA,
  VITAMIN,
} from './harness';

const h = useOrdersApp();
afterEach(() => h.clock.set(OPEN));

const codes = (issues: { code: string }[]) => issues.map((issue) => issue.code);

describe('draft orders (spec §4: POST creates, PUT with the id updates)', () => {
  it('need a login', async () => {
    expect((await call(h.app, '/v2/user/orders', { body: { meta: META } })).status).toBe(401);
    expect((await call(h.app, '/v2/user/orders/x', { method: 'PUT', body: { meta: META } })).status).toBe(401);
  });

  it('need the meta of every order call (sessionId, irClickId, locale)', async () => {
    const customer = await newCustomer(h.app);
    const missing = await call(h.app, '/v2/user/orders', { token: customer.token, body: { delivery: { option: 'asap' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('MISSING_PARAMS');
  });

  it('quote the cart with the server prices and list every reason the order cannot be placed yet, in the request language', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    await fillCart(h.app, customer.token, { [PLASTER]: 2 });
    const draft = await createDraft(h.app, customer.token, { meta: { ...META, irClickId: null, locale: 'de' } }, 'de');
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ status: 'awaiting_payment', label: { en: 'Pending', de: 'Ausstehend' }, purchase_state: 'PURCHASE_PENDING', placed_at: null });
    expect(draft.body.meta).toEqual({ ...META, irClickId: null, locale: 'de' });
    expect(draft.body.pharmacy?.id).toBe(DAILY);
    expect(draft.body.shipping_address?.postal_code).toBe('10115');
    expect(draft.body.lines).toEqual([{ pzn: PLASTER, name: 'Plaster Test', quantity: 2, unit_price_cents: 499, line_total_cents: 998, vat_rate: 19, coupon_discount_cents: 0 }]);
    expect(draft.body.totals).toMatchObject({ subtotal_cents: 998, delivery_fee_cents: 290, total_cents: 1288, amount_due_cents: 1288 });
    expect(codes(draft.body.issues)).toEqual(['DELIVERY_TIME_REQUIRED', 'SAFETY_ANSWERS_REQUIRED', 'CONSENT_REQUIRED', 'PHONE_REQUIRED']);
    expect(draft.body.issues[0]).toMatchObject({ field: 'delivery', message: 'Bitte wählen Sie eine Lieferzeit.' });
    expect(draft.body.delivery_options?.open_now).toBe(true);
    expect(draft.body.delivery_options?.courier?.asap).toBe(true);

    const updated = await updateDraft(h.app, customer.token, draft.body.id, { delivery: { option: 'asap' }, safety: ALL_NO, consent_pharmacy_data: true, phone: '+49 151 23456789' });
    expect(updated.status).toBe(200);
    expect(updated.body.issues).toEqual([]);
    expect(updated.body.consent_pharmacy_data_at).toBe(new Date(OPEN).toISOString());
    expect(updated.body.phone).toBe('+4915123456789');

    // Withdrawing the consent blocks placement again.
    const withdrawn = await updateDraft(h.app, customer.token, draft.body.id, { consent_pharmacy_data: false });
    expect(codes(withdrawn.body.issues)).toEqual(['CONSENT_REQUIRED']);
    expect(withdrawn.body.consent_pharmacy_data_at).toBeNull();
  });

  it('take the phone from the account unless the checkout gives another; a malformed one is refused', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    await h.db.update(users).set({ phone: '+4917612345678' }).where(eq(users.id, customer.userId));
    await fillCart(h.app, customer.token, { [PLASTER]: 1 });
    const { phone: _phone, ...withoutPhone } = COMPLETE;
    const draft = await createDraft(h.app, customer.token, withoutPhone);
    expect(draft.body.phone).toBe('+4917612345678');
    expect(draft.body.issues).toEqual([]);
    const bad = await updateDraft(h.app, customer.token, draft.body.id, { phone: '12' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'INVALID_PHONE_NUMBER', fields: { phone: 'INVALID_PHONE_NUMBER' } });
  });

  it('charge the configured delivery fee below 30 € and none from 30 €', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 50 });
    const below = await readyDraft(h.app, { [PLASTER]: 6 });
    expect(below.draft.totals).toMatchObject({ subtotal_cents: 2994, delivery_fee_cents: 290, total_cents: 3284 });
    const above = await readyDraft(h.app, { [PLASTER]: 7 });
    expect(above.draft.totals).toMatchObject({ subtotal_cents: 3493, delivery_fee_cents: 0, total_cents: 3493 });
  });

  it('reconcile the cart with the stock first and report what changed', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 10, [VITAMIN]: 10 });
    const customer = await newCustomer(h.app);
    await fillCart(h.app, customer.token, { [PLASTER]: 4, [VITAMIN]: 1 });
    await setStock(h.db, DAILY, { [PLASTER]: 3, [VITAMIN]: 0 });
    const draft = await createDraft(h.app, customer.token);
    expect(draft.body.warnings.map((warning) => [warning.code, warning.pzn])).toEqual([
      ['STOCK_INSUFFICIENT', PLASTER],
      ['SOLD_OUT', VITAMIN],
    ]);
    expect(draft.body.lines.map((line) => [line.pzn, line.quantity])).toEqual([[PLASTER, 3]]);
    expect(draft.body.issues).toEqual([]);
  });

  it('report a coupon that does not exist and credit the customer does not have', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const { draft } = await readyDraft(h.app, { [PLASTER]: 1 }, { coupon_code: 'nope 123', wallet_cents: 500 });
    expect(draft.coupon).toMatchObject({ code: 'NOPE123', ok: false, discount_cents: 0, error: { code: 'COUPON_UNKNOWN' } });
    expect(codes(draft.issues)).toEqual(['COUPON_UNKNOWN', 'WALLET_INSUFFICIENT']);
    expect(draft.wallet_balance_cents).toBe(0);
    expect(draft.totals.wallet_cents).toBe(0);
  });

  it("refuse another customer's address (404) and keep the draft to its owner (404 for anyone else)", async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const a = await readyDraft(h.app, { [PLASTER]: 1 });
    const b = await newCustomer(h.app);
    const foreignAddress = await updateDraft(h.app, b.token, a.draft.id, { shipping_address_id: b.addressId });
    expect(foreignAddress.status).toBe(404);
    expect(foreignAddress.body.code).toBe('ORDER_NOT_FOUND');
    const ownDraft = await createDraft(h.app, b.token);
    const stolenAddress = await updateDraft(h.app, b.token, ownDraft.body.id, { shipping_address_id: a.customer.addressId });
    expect(stolenAddress.status).toBe(404);
    expect(stolenAddress.body).toMatchObject({ code: 'NOT_FOUND', fields: { shipping_address_id: 'NOT_FOUND' } });
    expect((await call(h.app, `/v1/user/orders/${a.draft.id}`, { token: b.token })).status).toBe(404);
    expect((await place(h.app, b.token, a.draft.id)).status).toBe(404);
  });
});

describe('delivery timing (spec §4, Berlin time, injectable clock)', () => {
  it('a closed pharmacy takes pre-orders only: "as soon as possible" is PHARMACY_CLOSED, tomorrow works', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    h.clock.set(CLOSED_NIGHT);
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 });
    expect(draft.delivery_options).toMatchObject({ open_now: false, courier: { asap: false, today: [] } });
    expect(draft.issues).toEqual([expect.objectContaining({ code: 'PHARMACY_CLOSED', field: 'delivery', message: 'Pharmacy closed, choose another time.' })]);

    const refused = await place(h.app, customer.token, draft.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'PHARMACY_CLOSED', message: 'Pharmacy closed, choose another time.', fields: { delivery: 'PHARMACY_CLOSED' } });

    const slot = draft.delivery_options!.courier!.tomorrow[1]!;
    expect(slot.date).toBe('2026-06-17');
    const tomorrow = await updateDraft(h.app, customer.token, draft.id, { delivery: { option: 'tomorrow', slot_start: slot.start } });
    expect(tomorrow.body.issues).toEqual([]);
    expect(tomorrow.body.delivery).toMatchObject({ option: 'tomorrow', method: 'courier', timing: 'slot', slot_start: slot.start });
    const placed = await place(h.app, customer.token, draft.id);
    expect(placed.status).toBe(200);
    expect(placed.body.delivery.slot_start).toBe(slot.start);
    // The pharmacy cannot answer at night: the offer waits for 30 minutes of opening time next morning.
    expect(placed.body.expires_at).toBe('2026-06-17T06:30:00.000Z');
  });

  it('a time must be chosen, and it must be one the option offers', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const { customer, draft } = await readyDraft(h.app, { [PLASTER]: 1 }, { delivery: { option: 'later_today' } });
    expect(codes(draft.issues)).toEqual(['DELIVERY_TIME_REQUIRED']);
    const tomorrowSlot = draft.delivery_options!.courier!.tomorrow[0]!.start;
    const wrongDay = await updateDraft(h.app, customer.token, draft.id, { delivery: { option: 'later_today', slot_start: tomorrowSlot } });
    expect(codes(wrongDay.body.issues)).toEqual(['DELIVERY_OPTION_UNAVAILABLE']);
    const todaySlot = draft.delivery_options!.courier!.today[0]!.start;
    const ok = await updateDraft(h.app, customer.token, draft.id, { delivery: { option: 'later_today', slot_start: todaySlot } });
    expect(ok.body.issues).toEqual([]);
    // Parcel only where the pharmacy may ship (this one may not).
    const parcel = await updateDraft(h.app, customer.token, draft.id, { delivery: { option: 'parcel' } });
    expect(codes(parcel.body.issues)).toEqual(['DELIVERY_OPTION_UNAVAILABLE']);
    expect(parcel.body.delivery_options?.parcel).toBeNull();
    // A slot that passed while the customer hesitated is refused at placement.
    await updateDraft(h.app, customer.token, draft.id, { delivery: { option: 'later_today', slot_start: todaySlot } });
    // Ten minutes on, the first window is less than the pharmacy's lead time away.
    h.clock.advance(10 * 60_000);
    const late = await place(h.app, customer.token, draft.id);
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('DELIVERY_OPTION_UNAVAILABLE');
  });

  it('parcel only where the pharmacy may ship: 1–3 business days, anywhere in its reach, no tip', async () => {
    await h.db.update(pharmacies).set({ deliveryOptions: ['courier', 'parcel', 'pickup'] }).where(eq(pharmacies.id, PHARMACY.late));
    await setStock(h.db, PHARMACY.late, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    await fillCart(h.app, customer.token, { [PLASTER]: 2 }, PHARMACY.late);
    const draft = await createDraft(h.app, customer.token, { ...COMPLETE, delivery: { option: 'parcel' }, tip_cents: 200 });
    expect(draft.body.issues).toEqual([]);
    // Tuesday: Wednesday to Friday.
    expect(draft.body.delivery_options?.parcel).toEqual({ earliest: '2026-06-17', latest: '2026-06-19' });
    expect(draft.body.totals).toMatchObject({ delivery_fee_cents: 290, tip_cents: 0 });
    const placed = await place(h.app, customer.token, draft.body.id);
    expect(placed.status).toBe(200);
    expect(placed.body.delivery).toMatchObject({ option: 'parcel', method: 'parcel', timing: 'parcel', parcel_estimate: { earliest: '2026-06-17', latest: '2026-06-19' } });
    expect(placed.body.shipping_address?.postal_code).toBe('10115');
  });

  it('a self-pickup pharmacy offers pickup only: no courier, no address, no tip', async () => {
    await setStock(h.db, PICKUP_ONLY, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    await fillCart(h.app, customer.token, { [PLASTER]: 1 }, PICKUP_ONLY);
    const courier = await createDraft(h.app, customer.token, { ...COMPLETE, tip_cents: 300 });
    expect(codes(courier.body.issues)).toEqual(['DELIVERY_OPTION_UNAVAILABLE']);
    expect(courier.body.delivery_options?.courier).toBeNull();
    const pickup = await updateDraft(h.app, customer.token, courier.body.id, { delivery: { option: 'pickup' } });
    expect(pickup.body.issues).toEqual([]);
    expect(pickup.body.shipping_address).toBeNull();
    expect(pickup.body.totals).toMatchObject({ delivery_fee_cents: 0, tip_cents: 0, total_cents: 499 });
    const placed = await place(h.app, customer.token, courier.body.id);
    expect(placed.status).toBe(200);
    expect(placed.body.delivery).toMatchObject({ option: 'pickup', method: 'pickup', timing: 'asap' });
  });

  it('a courier delivers only inside its postal codes', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    const outside = await call<{ id: string }>(h.app, '/v1/user/shipping/', {
      token: customer.token,
      body: { street_address: 'Alexanderplatz', house_number: '1', room: null, postal_code: '10178', locality: 'Berlin', note: null },
    });
    await fillCart(h.app, customer.token, { [PLASTER]: 1 });
    const draft = await createDraft(h.app, customer.token, { ...COMPLETE, shipping_address_id: outside.body.id });
    expect(codes(draft.body.issues)).toEqual(['OUTSIDE_DELIVERY_AREA']);
    const refused = await place(h.app, customer.token, draft.body.id, { payment: VISA });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('OUTSIDE_DELIVERY_AREA');
  });
});
