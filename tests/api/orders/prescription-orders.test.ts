import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prescriptionOnlyProducts } from '../../../src/features/catalog';
import { coupons } from '../../../src/features/coupons/server/schema';
import { pharmacies } from '../../../src/features/pharmacies/server/schema';
import { prescriptions } from '../../../src/features/prescriptions/server/schema';
import { creditWallet } from '../../../src/features/wallet';
import { withTransaction } from '../../../src/platform/db';
import { prescriptionStandIn } from '../../../src/platform/prescriptions';
import { call } from '../support/shopper';
import { PHARMACY, RX_PZN } from '../support/fixtures';
import { deliverySetup, useDeliveryApp } from '../delivery/harness';
import { CAPPED_PZN, freshToken, LENALIDOMIDE_PZN, ROUNDED_PZN, FLOOR_PZN, RX_PRICES, seedPrescriptionProducts, STATUTORY_CO_PAYMENT } from '../prescriptions/harness';
import { COMPLETE, createDraft, DAILY, fillCart, newCustomer, pharmacistToken, place, PLASTER, setStock, staffGet, staffPost, type Customer, type OrderBody } from './harness';

/*
 * Issue 29, ordering and the pharmacist: redeemed E-Rezepte become order lines at the fixed price
 * with the customer's share (co-payment per pack, 0 when exempt, the full price when private);
 * coupons and credit never touch them; a § 17 (2b) medicine is not sent by parcel; placing takes
 * the prescriptions into the order and ending it gives them back; the pharmacist dispenses (the
 * payment is captured only then) or rejects a line (not charged); the courier delivers. The token
 * is in no answer and no log line.
 */

const h = useDeliveryApp();

type Line = OrderBody['lines'][number] & {
  position?: number;
  prescription?: { prescription_id: string; co_payment_per_pack_cents: number; insurer_cents: number; status: string; reject_reason: string | null };
};
type Draft = Omit<OrderBody, 'lines'> & { lines: Line[]; totals: OrderBody['totals'] & { prescription_cents?: number }; parcel_unavailable_reason?: string | null };
type Token = ReturnType<typeof freshToken>;

/** Every answer and every access code the tests used: no answer may contain one. */
const answers: string[] = [];
const accessCodes = new Set<string>();
const logLines: string[] = [];
const keep = <T>(value: T): T => {
  answers.push(JSON.stringify(value));
  return value;
};

let finder: ReturnType<typeof prescriptionStandIn>;

beforeAll(async () => {
  await seedPrescriptionProducts(h.db);
  // The fixture pharmacy sends parcels too, so that § 17 (2b) has something to take away.
  await h.db.update(pharmacies).set({ deliveryOptions: ['courier', 'pickup', 'parcel'] }).where(eq(pharmacies.id, DAILY));
  finder = prescriptionStandIn({ products: () => prescriptionOnlyProducts(h.db), latencyMs: 0, clock: h.clock });
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logLines.push(args.map(String).join(' '));
      void original;
    });
  }
});

/** A fresh token of `flow` the stand-in resolves to medicines `wanted` accepts. */
async function tokenFor(wanted: (pzns: string[]) => boolean, flow: '160' | '200' = '160'): Promise<{ token: Token; pzns: string[] }> {
  for (let i = 0; i < 200; i += 1) {
    const token = freshToken(flow);
    const retrieved = await finder.retrieve(token, { pharmacyId: DAILY });
    if (retrieved.ok && wanted(retrieved.value.medicines.map((medicine) => medicine.pzn))) return { token, pzns: retrieved.value.medicines.map((m) => m.pzn) };
  }
  throw new Error('no token found');
}

const parcelOk = (pzns: string[]) => !pzns.includes(LENALIDOMIDE_PZN);

async function redeem(customer: Customer, token: Token): Promise<{ id: string; items: { pzn: string; packs: number }[] }> {
  accessCodes.add(token.accessCode);
  const answer = keep(await call<{ prescriptions: { id: string; items: { pzn: string; packs: number }[] }[] }>(h.app, '/v1/user/prescriptions', { token: customer.token, body: { prescriptionId: token.prescriptionId, accessCode: token.accessCode } }));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.prescriptions[0]!;
}

/** A customer with the fixture pharmacy chosen and the given OTC items in the cart. */
async function customerAt(items: Record<string, number> = {}): Promise<Customer> {
  const customer = await newCustomer(h.app);
  await fillCart(h.app, customer.token, items);
  return customer;
}

const draftOf = async (customer: Customer, body: Record<string, unknown> = {}) => {
  const answer = keep(await createDraft(h.app, customer.token, { ...COMPLETE, ...body }));
  expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
  return answer.body as unknown as Draft;
};

const rxLines = (draft: Draft) => draft.lines.filter((line) => line.prescription);
const statusOf = async (id: string) => (await h.db.select({ status: prescriptions.status }).from(prescriptions).where(eq(prescriptions.id, id)))[0]?.status;

describe('prescriptions in the checkout draft', () => {
  it('statutory: each item at the fixed price with the co-payment per pack (4 €, 25 €, 61.35 €, 150 € price points), an order of prescriptions only', async () => {
    const customer = await customerAt();
    const covered = new Set<string>();
    const wanted = [RX_PZN, FLOOR_PZN, ROUNDED_PZN, CAPPED_PZN];
    for (let round = 0; round < 4 && wanted.some((pzn) => !covered.has(pzn)); round += 1) {
      const { token, pzns } = await tokenFor((found) => parcelOk(found) && found.some((pzn) => wanted.includes(pzn) && !covered.has(pzn)));
      await redeem(customer, token);
      pzns.forEach((pzn) => covered.add(pzn));
    }
    const draft = await draftOf(customer);
    const lines = rxLines(draft);
    expect(lines.length).toBeGreaterThan(0);
    expect(draft.issues.map((issue) => issue.code)).not.toContain('CART_EMPTY');
    for (const pzn of wanted) expect(lines.some((line) => line.pzn === pzn), pzn).toBe(true);
    for (const line of lines) {
      expect(line.unit_price_cents).toBe(RX_PRICES[line.pzn]);
      expect(line.prescription!.co_payment_per_pack_cents).toBe(STATUTORY_CO_PAYMENT[line.pzn]);
      expect(line.line_total_cents).toBe(STATUTORY_CO_PAYMENT[line.pzn]! * line.quantity);
      expect(line.prescription!.insurer_cents).toBe(RX_PRICES[line.pzn]! * line.quantity - line.line_total_cents);
      expect(line.coupon_discount_cents).toBe(0);
    }
    const share = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
    expect(draft.totals.prescription_cents).toBe(share);
    // Prescriptions alone are delivered at the fee (the free-delivery threshold counts over-the-counter items only).
    expect(draft.totals.delivery_fee_cents).toBeGreaterThan(0);
    expect(draft.totals.amount_due_cents).toBe(share + draft.totals.delivery_fee_cents);
  });

  it('exempt: nothing to pay, the insurer pays all; private: the full price', async () => {
    const exempt = await customerAt();
    await redeem(exempt, (await tokenFor(parcelOk)).token);
    const set = keep(await call(h.app, '/v1/user/prescriptions/exemption', { token: exempt.token, method: 'PUT', body: { exempt: true, validUntil: '2026-12-31' } }));
    expect(set.status).toBe(200);
    const exemptDraft = await draftOf(exempt);
    expect(rxLines(exemptDraft).length).toBeGreaterThan(0);
    for (const line of rxLines(exemptDraft)) {
      expect(line.prescription!.co_payment_per_pack_cents).toBe(0);
      expect(line.line_total_cents).toBe(0);
      expect(line.prescription!.insurer_cents).toBe(line.unit_price_cents * line.quantity);
    }

    const privat = await customerAt();
    await redeem(privat, (await tokenFor(parcelOk, '200')).token);
    for (const line of rxLines(await draftOf(privat))) {
      expect(line.prescription!.co_payment_per_pack_cents).toBe(line.unit_price_cents);
      expect(line.line_total_cents).toBe(line.unit_price_cents * line.quantity);
      expect(line.prescription!.insurer_cents).toBe(0);
    }
  });

  it('coupons count over-the-counter lines only, and credit never pays the prescription share', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const customer = await customerAt({ [PLASTER]: 2 });
    await redeem(customer, (await tokenFor(parcelOk)).token);
    // 20 % off, from 5 € of goods: the plasters (9.98 €) qualify, the prescriptions add nothing to either.
    const code = `RX${randomUUID().slice(0, 6).toUpperCase()}`;
    await h.db.insert(coupons).values({ id: randomUUID(), code, type: 'PROMOTION', discountKind: 'percentage', percent: 20, usageLimit: 10 } as typeof coupons.$inferInsert);
    await withTransaction(h.db, (tx) => creditWallet(tx, { userId: customer.userId, cents: 100_000, kind: 'adjustment', orderId: null, now: h.clock.now() }));
    const draft = await draftOf(customer, { coupon_code: code, wallet_cents: 100_000 });
    const share = rxLines(draft).reduce((sum, line) => sum + line.line_total_cents, 0);
    expect(share).toBeGreaterThan(0);
    expect(draft.coupon?.ok, JSON.stringify(draft.coupon)).toBe(true);
    expect(draft.totals.coupon_discount_cents).toBe(Math.round(998 * 0.2));
    for (const line of rxLines(draft)) expect(line.coupon_discount_cents).toBe(0);
    // All the credit asked for, yet the prescription share stays to be paid by card.
    expect(draft.totals.amount_due_cents).toBe(share);
    expect(draft.totals.wallet_cents).toBe(draft.totals.total_cents - share);
  });

  it('a coupon with a minimum order value counts over-the-counter value only', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const customer = await customerAt({ [PLASTER]: 1 });
    await redeem(customer, (await tokenFor((pzns) => parcelOk(pzns) && pzns.includes(CAPPED_PZN))).token);
    const code = `MIN${randomUUID().slice(0, 6).toUpperCase()}`;
    await h.db.insert(coupons).values({ id: randomUUID(), code, type: 'PROMOTION', discountKind: 'amount', amountCents: 500, minOrderCents: 2000, usageLimit: 10 } as typeof coupons.$inferInsert);
    const draft = await draftOf(customer, { coupon_code: code });
    // 4.99 € of plasters, and a prescription worth 150 €: the 20 € minimum is not reached.
    expect(draft.coupon?.ok).toBe(false);
    expect(draft.coupon?.error?.code).toBe('COUPON_MIN_ORDER_VALUE');
    expect(draft.totals.coupon_discount_cents).toBe(0);
  });

  it('§ 17 (2b) ApBetrO: with a lenalidomide prescription parcel is not offered (courier and pickup stay), with the reason', async () => {
    const customer = await customerAt();
    await redeem(customer, (await tokenFor((pzns) => pzns.includes(LENALIDOMIDE_PZN))).token);
    const draft = await draftOf(customer, { delivery: { option: 'parcel' } });
    expect(draft.delivery_options?.parcel).toBeNull();
    expect(draft.delivery_options?.courier).not.toBeNull();
    expect(draft.delivery_options?.pickup).not.toBeNull();
    expect(draft.parcel_unavailable_reason).toMatch(/parcel/);
    // The checkout shows it with the cart's warnings.
    expect(draft.warnings).toContainEqual({ code: 'PARCEL_NOT_ALLOWED', message: draft.parcel_unavailable_reason });
    expect(draft.issues.map((issue) => issue.code)).toContain('PARCEL_NOT_ALLOWED');
    const german = keep(await createDraft(h.app, customer.token, { delivery: { option: 'asap' } }, 'de'));
    expect((german.body as unknown as Draft).parcel_unavailable_reason).toMatch(/Paket/);
    expect(german.body.issues.map((issue) => issue.code)).not.toContain('PARCEL_NOT_ALLOWED');
  });

  it("another customer's prescription id in the draft is not found (404); one left out stays redeemed", async () => {
    const owner = await customerAt();
    const theirs = await redeem(owner, (await tokenFor(parcelOk)).token);
    const other = await customerAt({ [PLASTER]: 1 });
    const refused = keep(await createDraft(h.app, other.token, { ...COMPLETE, prescription_ids: [theirs.id] }));
    expect(refused.status).toBe(404);

    const second = await redeem(owner, (await tokenFor(parcelOk)).token);
    const draft = await draftOf(owner, { prescription_ids: [second.id] });
    expect(new Set(rxLines(draft).map((line) => line.prescription!.prescription_id))).toEqual(new Set([second.id]));
    expect(await statusOf(theirs.id)).toBe('redeemed');
  });
});

describe('placing, ending and dispensing', () => {
  it('placing takes the prescriptions into the order; a withdrawal gives them back (redeemed again)', async () => {
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const customer = await customerAt({ [PLASTER]: 1 });
    const held = await redeem(customer, (await tokenFor(parcelOk)).token);
    const draft = await draftOf(customer);
    const placed = keep(await place(h.app, customer.token, draft.id));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await statusOf(held.id)).toBe('in-order');
    const cancelled = keep(await call<OrderBody>(h.app, `/v2/user/orders/${draft.id}/cancel`, { token: customer.token, body: {} }));
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await statusOf(held.id)).toBe('redeemed');
    // And it can go into the next order.
    const again = await draftOf(customer);
    expect(rxLines(again).some((line) => line.prescription!.prescription_id === held.id)).toBe(true);
  });

  it('the pharmacy rejecting the offer gives them back too', async () => {
    const customer = await customerAt();
    const held = await redeem(customer, (await tokenFor(parcelOk)).token);
    const draft = await draftOf(customer);
    expect((await place(h.app, customer.token, draft.id)).status).toBe(200);
    const staff = await pharmacistToken(h.app, DAILY);
    expect((await staffPost(h.app, staff, draft.id, 'reject', { reason: 'Nicht lieferbar.' })).status).toBe(200);
    expect(await statusOf(held.id)).toBe('redeemed');
  });

  it('redeem → order with co-payment → accepted (nothing captured) → dispensed (captured) → courier delivers; another pharmacy gets 404', async () => {
    const { staff, couriers, rider } = await deliverySetup(h);
    const customer = await customerAt({ [PLASTER]: 1 });
    const held = await redeem(customer, (await tokenFor(parcelOk)).token);
    const draft = await draftOf(customer);
    const due = draft.totals.amount_due_cents;
    expect((await place(h.app, customer.token, draft.id)).status).toBe(200);
    expect(h.spy.calls.authorize.at(-1)!.amountCents).toBe(due);

    const captures = h.spy.calls.capture.length;
    const accepted = keep(await staffPost(h.app, staff, draft.id, 'accept'));
    expect(accepted.status).toBe(200);
    expect(h.spy.calls.capture.length).toBe(captures);
    expect(accepted.body.payment!.state).toBe('authorized');
    expect(accepted.body.actions).toContain('dispense');
    const staffView = accepted.body as unknown as { prescriptions: { id: string; prescription_id: string; prescriber: { name: string }; expires_on: string; flow_type: string; insurance: string; status: string }[]; co_payment_exemption: { exempt: boolean } };
    expect(staffView.prescriptions).toHaveLength(1);
    expect(staffView.prescriptions[0]).toMatchObject({ id: held.id, flow_type: '160', insurance: 'statutory', status: 'in-order' });
    expect(staffView.prescriptions[0]!.prescriber.name).toMatch(/^Dr\./);
    expect(staffView.co_payment_exemption).toEqual({ exempt: false, valid_until: null });

    // Another pharmacy's staff: the order (and so its prescriptions) does not exist; nor can they dispense it.
    const stranger = await pharmacistToken(h.app, PHARMACY.late);
    expect((await staffGet(h.app, stranger, `/${draft.id}`)).status).toBe(404);
    expect((await staffPost(h.app, stranger, draft.id, 'dispense')).status).toBe(404);

    expect((await staffPost(h.app, staff, draft.id, 'check')).status).toBe(200);
    const early = await staffPost(h.app, staff, draft.id, 'pack');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('DISPENSE_REQUIRED');

    const dispensed = keep(await staffPost(h.app, staff, draft.id, 'dispense'));
    expect(dispensed.status, JSON.stringify(dispensed.body)).toBe(200);
    expect(dispensed.body.payment!.state).toBe('captured');
    expect(h.spy.calls.capture.length).toBe(captures + 1);
    expect(await statusOf(held.id)).toBe('dispensed');
    expect((dispensed.body.lines as Line[]).filter((line) => line.prescription).every((line) => line.prescription!.status === 'dispensed')).toBe(true);
    expect((await staffPost(h.app, staff, draft.id, 'dispense')).status).toBe(409);

    expect((await staffPost(h.app, staff, draft.id, 'pack')).status).toBe(200);
    expect((await staffPost(h.app, staff, draft.id, 'handover', { courier_id: couriers[0]!.id })).status).toBe(200);
    expect((await call(h.app, `/v1/courier/deliveries/${draft.id}/start`, { token: rider, body: {} })).status).toBe(200);
    expect((await call(h.app, `/v1/courier/deliveries/${draft.id}/delivered`, { token: rider, body: { received_by: 'neighbour' } })).status).toBe(400);
    expect((await call(h.app, `/v1/courier/deliveries/${draft.id}/delivered`, { token: rider, body: { received_by: 'customer' } })).status).toBe(200);
    const order = keep(await call<Draft>(h.app, `/v1/user/orders/${draft.id}`, { token: customer.token }));
    expect(order.body.status).toBe('delivered');
    expect(rxLines(order.body).every((line) => line.prescription!.status === 'dispensed')).toBe(true);
  });

  it('a rejected line is not charged and its prescription is given back; the customer reads the reason', async () => {
    const staff = await pharmacistToken(h.app, DAILY);
    await setStock(h.db, DAILY, { [PLASTER]: 100 });
    const customer = await customerAt({ [PLASTER]: 1 });
    const kept = await redeem(customer, (await tokenFor((pzns) => parcelOk(pzns) && pzns.length === 1)).token);
    const dropped = await redeem(customer, (await tokenFor((pzns) => parcelOk(pzns) && pzns.length === 1)).token);
    const draft = await draftOf(customer);
    expect((await place(h.app, customer.token, draft.id)).status).toBe(200);
    expect((await staffPost(h.app, staff, draft.id, 'accept')).status).toBe(200);
    const line = rxLines(draft).find((entry) => entry.prescription!.prescription_id === dropped.id)!;
    const placed = keep(await call<Draft>(h.app, `/v1/user/orders/${draft.id}`, { token: customer.token })).body;
    const position = placed.lines.find((entry) => entry.prescription?.prescription_id === dropped.id)!.position!;

    expect((await staffPost(h.app, staff, draft.id, `lines/${position}/reject`, {})).status).toBe(400);
    expect((await staffPost(h.app, staff, draft.id, 'lines/0/reject', { reason: 'x' })).body.code).toBe('PRESCRIPTION_LINE_NOT_FOUND');
    const rejected = keep(await staffPost(h.app, staff, draft.id, `lines/${position}/reject`, { reason: 'Derzeit nicht lieferbar.' }));
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(await statusOf(dropped.id)).toBe('returned');

    const dispensed = keep(await staffPost(h.app, staff, draft.id, 'dispense'));
    expect(dispensed.status).toBe(200);
    expect(dispensed.body.payment!.amount_cents).toBe(draft.totals.amount_due_cents - line.line_total_cents);
    expect(await statusOf(kept.id)).toBe('dispensed');

    const seen = keep(await call<Draft>(h.app, `/v1/user/orders/${draft.id}`, { token: customer.token })).body;
    const shown = seen.lines.find((entry) => entry.prescription?.prescription_id === dropped.id)!;
    expect(shown.prescription).toMatchObject({ status: 'rejected', reject_reason: 'Derzeit nicht lieferbar.' });
  });

  it('the token is in no answer and no log line', () => {
    expect(accessCodes.size).toBeGreaterThan(0);
    for (const code of accessCodes) {
      for (const answer of answers) expect(answer.includes(code)).toBe(false);
      for (const line of logLines) expect(line.includes(code)).toBe(false);
    }
  });
});
