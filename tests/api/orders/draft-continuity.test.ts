import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../../src/features/accounts/server/schema';
import { ALL_NO, createDraft, DAILY, fillCart, MINUTE, newCustomer, OPEN, place, PLASTER, setStock, updateDraft, useOrdersApp } from './harness';

const h = useOrdersApp();
afterEach(() => h.clock.set(OPEN));

describe('one open draft per customer (issue 11: checkout keeps its state)', () => {
  it('a second POST (a reload, a second tab, another device) continues the open draft with every answer kept', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    await fillCart(h.app, customer.token, { [PLASTER]: 1 });
    const first = await createDraft(h.app, customer.token, {});
    const answered = await updateDraft(h.app, customer.token, first.body.id, {
      delivery: { option: 'asap' },
      safety: { ...ALL_NO, nursing: true },
      consent_pharmacy_data: true,
      phone: '0151 23456789',
      coupon_code: 'WELCOME5',
      tip_cents: 200,
    });
    expect(answered.status).toBe(200);

    // The arrival of another screen sends only the meta: nothing is forgotten, nothing new is created.
    const again = await createDraft(h.app, customer.token, {});
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.delivery.option).toBe('asap');
    expect(again.body.safety).toEqual({ ...ALL_NO, nursing: true });
    expect(again.body.consent_pharmacy_data).toBe(true);
    expect(again.body.phone).toBe('+4915123456789');
    expect(again.body.coupon?.code).toBe('WELCOME5');
    expect(again.body.totals.tip_cents).toBe(200);

    // A change sent with POST applies to the same draft.
    const changed = await createDraft(h.app, customer.token, { consent_pharmacy_data: false });
    expect(changed.body.id).toBe(first.body.id);
    expect(changed.body.consent_pharmacy_data).toBe(false);
  });

  it('a lapsed draft is not continued: a new one starts', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    await fillCart(h.app, customer.token, { [PLASTER]: 1 });
    const first = await createDraft(h.app, customer.token, {});
    h.clock.advance(31 * MINUTE);
    const next = await createDraft(h.app, customer.token, {});
    expect(next.status).toBe(201);
    expect(next.body.id).not.toBe(first.body.id);
  });

  it('after placing, the next checkout is a new draft, and the phone given once is remembered', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 20 });
    const customer = await newCustomer(h.app);
    await h.db.update(users).set({ phone: null }).where(eq(users.id, customer.userId));
    await fillCart(h.app, customer.token, { [PLASTER]: 1 });
    const draft = await createDraft(h.app, customer.token, { delivery: { option: 'asap' }, safety: ALL_NO, consent_pharmacy_data: true, phone: '0151 99887766' });
    expect(draft.body.issues).toEqual([]);
    const placed = await place(h.app, customer.token, draft.body.id);
    expect(placed.status).toBe(200);

    await fillCart(h.app, customer.token, { [PLASTER]: 1 });
    const next = await createDraft(h.app, customer.token, {});
    expect(next.body.id).not.toBe(draft.body.id);
    expect(next.body.phone).toBe('+4915199887766');
    expect(next.body.consent_pharmacy_data).toBe(false);
  });
});
