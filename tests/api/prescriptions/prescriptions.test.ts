import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { markDispensed, markInOrder, markReturned, prescriptionsForOrder, REDEEM_RATE_RULES, retryPendingReturns } from '../../../src/features/prescriptions';
import { coPaymentExemptions, prescriptionItems, prescriptionPendingReturns, prescriptions } from '../../../src/features/prescriptions/server/schema';
import { withTransaction } from '../../../src/platform/db';
import { prescriptionTokenVault, TEST_PRESCRIPTION_TOKENS, testTokenLine } from '../../../src/platform/prescriptions';
import { testApi, WEEKDAY_MORNING } from '../support/api';
import { PHARMACY, RX_PZN, seedCatalog, seedPharmacies } from '../support/fixtures';
import { call } from '../support/shopper';
import { createTestDb, type TestDb } from '../support/test-db';
import { shopper, type Shopper } from '../coupons/harness';
import { freshToken, LENALIDOMIDE_PZN, movableClock, recordingStandIn, RX_PRICES, seedPrescriptionProducts, STATUTORY_CO_PAYMENT } from './harness';

let testDb: TestDb;
let app: ReturnType<typeof testApi>;
let seam: ReturnType<typeof recordingStandIn>;
const clock = movableClock(WEEKDAY_MORNING);

/** Every answer's text, and every access code the tests sent: none may ever come back. */
const answers: string[] = [];
const accessCodes = new Set<string>(Object.values(TEST_PRESCRIPTION_TOKENS).map((token) => token.accessCode));

type Item = { pzn: string; name: string; packs: number; unitPriceCents: number; coPaymentPerPackCents: number; coPaymentCents: number; substitutionAllowed: boolean; parcelAllowed: boolean; productPath?: string };
type View = {
  id: string;
  prescriptionId: string;
  insurance: 'statutory' | 'private';
  flowType: string;
  prescriber: { name: string; practice?: string };
  issuedOn: string;
  expiresOn: string;
  status: string;
  pharmacyId: string;
  items: Item[];
  coPaymentTotalCents: number;
  exemptApplied: boolean;
};
type Redeemed = { prescriptions: View[]; failures: { position: number; code: string; message: string; fields?: Record<string, string> }[] };
type List = { prescriptions: View[]; exemption: { exempt: boolean; validUntil: string | null } };

async function api<T>(path: string, options: Parameters<typeof call>[2] = {}) {
  const result = await call<T>(app, path, options);
  answers.push(JSON.stringify(result.body));
  return result;
}

const redeem = (token: string, body: Record<string, string>, lang?: 'en' | 'de') => api<Redeemed>('/v1/user/prescriptions', { token, body, ...(lang ? { lang } : {}) });
const typed = (token: string, t: { prescriptionId: string; accessCode: string }) => {
  accessCodes.add(t.accessCode);
  return redeem(token, { prescriptionId: t.prescriptionId, accessCode: t.accessCode });
};
const list = (token: string) => api<List>('/v1/user/prescriptions', { token });
const one = (token: string, id: string) => api<View>(`/v1/user/prescriptions/${id}`, { token });
const giveBack = (token: string, id: string) => api<View>(`/v1/user/prescriptions/${id}`, { token, method: 'DELETE' });
const setExemption = (token: string, body: { exempt: boolean; validUntil: string | null }) => api<{ exempt: boolean; validUntil: string | null }>('/v1/user/prescriptions/exemption', { token, method: 'PUT', body });

/** A signed-in customer who chose the daily pharmacy for their cart. */
async function customer(): Promise<Shopper> {
  const who = await shopper(app);
  const chosen = await call(app, '/v1/user/cart/pharmacy', { method: 'PUT', token: who.token, body: { pharmacyId: PHARMACY.daily } });
  expect(chosen.status).toBe(200);
  return who;
}

const rowsOf = (userId: string) => testDb.db.select().from(prescriptions).where(eq(prescriptions.userId, userId));
const rowOf = async (id: string) => (await testDb.db.select().from(prescriptions).where(eq(prescriptions.id, id)))[0];

beforeAll(async () => {
  testDb = await createTestDb();
  await seedCatalog(testDb.db);
  await seedPharmacies(testDb.db);
  await seedPrescriptionProducts(testDb.db);
  seam = recordingStandIn(testDb.db, clock);
  app = testApi(testDb, { clock, prescriptionSystem: seam.system });
});
afterAll(() => testDb?.close());
beforeEach(() => {
  clock.set(WEEKDAY_MORNING);
  seam.state.down = false;
});

describe('POST /v1/user/prescriptions', () => {
  it('needs a login', async () => {
    expect((await api('/v1/user/prescriptions', { body: { code: testTokenLine('statutory') } })).status).toBe(401);
  });

  it('redeems a typed statutory token: the medicines at the catalogue price with the co-payment per pack of § 61 SGB V', async () => {
    const who = await customer();
    const answer = await typed(who.token, TEST_PRESCRIPTION_TOKENS.statutory);
    expect(answer.status).toBe(200);
    expect(answer.body.failures).toEqual([]);
    const [view] = answer.body.prescriptions;
    expect(view).toMatchObject({
      prescriptionId: TEST_PRESCRIPTION_TOKENS.statutory.prescriptionId,
      insurance: 'statutory',
      flowType: '160',
      status: 'redeemed',
      pharmacyId: PHARMACY.daily,
      exemptApplied: false,
    });
    expect(view!.prescriber.name).toMatch(/^Dr\. med\./);
    expect(view!.items.length).toBeGreaterThanOrEqual(1);
    for (const item of view!.items) {
      expect(item.unitPriceCents).toBe(RX_PRICES[item.pzn]);
      expect(item.coPaymentPerPackCents).toBe(STATUTORY_CO_PAYMENT[item.pzn]);
      expect(item.coPaymentCents).toBe(STATUTORY_CO_PAYMENT[item.pzn]! * item.packs);
      expect(item.parcelAllowed).toBe(item.pzn !== LENALIDOMIDE_PZN);
      expect(item.productPath).toMatch(new RegExp(`^/shop/product/.+-${item.pzn}/$`));
    }
    expect(view!.coPaymentTotalCents).toBe(view!.items.reduce((sum, item) => sum + item.coPaymentCents, 0));
    expect(seam.calls.filter((entry) => entry.op === 'retrieve').at(-1)).toEqual({ op: 'retrieve', prescriptionId: TEST_PRESCRIPTION_TOKENS.statutory.prescriptionId, pharmacyId: PHARMACY.daily });

    // At rest: sealed (no access code in plain text), bound to its row, found again by the keyed hash.
    const row = await rowOf(view!.id);
    expect(row!.tokenSealed).toMatch(/^v1\./);
    expect(row!.tokenSealed).not.toContain(TEST_PRESCRIPTION_TOKENS.statutory.accessCode);
    expect(row!.tokenSealed).not.toContain(TEST_PRESCRIPTION_TOKENS.statutory.accessCode.slice(0, 16));
    expect(row!.tokenHash).not.toContain(TEST_PRESCRIPTION_TOKENS.statutory.accessCode);
    const vault = await prescriptionTokenVault(testDb.db);
    expect(vault.open(row!.tokenSealed!, `prescription:${row!.id}:${who.id}`)).toBe(testTokenLine('statutory'));
    expect(() => vault.open(row!.tokenSealed!, `prescription:${row!.id}:someone-else`)).toThrow();
  });

  it('marks a thalidomide-like medicine (lenalidomide) as not for parcel (§ 17 Abs. 2b ApBetrO)', async () => {
    // Find a token the stand-in resolves to the lenalidomide product, then redeem it.
    let found: ReturnType<typeof freshToken> | null = null;
    for (let i = 0; i < 60 && !found; i += 1) {
      const candidate = freshToken();
      const retrieved = await seam.standIn.retrieve(candidate, { pharmacyId: PHARMACY.daily });
      if (retrieved.ok && retrieved.value.medicines.some((medicine) => medicine.pzn === LENALIDOMIDE_PZN)) found = candidate;
    }
    expect(found).not.toBeNull();
    const who = await customer();
    const answer = await typed(who.token, found!);
    expect(answer.status).toBe(200);
    const item = answer.body.prescriptions[0]!.items.find((entry) => entry.pzn === LENALIDOMIDE_PZN)!;
    expect(item).toMatchObject({ parcelAllowed: false, unitPriceCents: 80000, coPaymentPerPackCents: 1000 });
  });

  it('charges a private prescription in full', async () => {
    const who = await customer();
    const answer = await typed(who.token, TEST_PRESCRIPTION_TOKENS.private);
    expect(answer.status).toBe(200);
    const [view] = answer.body.prescriptions;
    expect(view).toMatchObject({ insurance: 'private', flowType: '200', exemptApplied: false });
    for (const item of view!.items) {
      expect(item.coPaymentPerPackCents).toBe(RX_PRICES[item.pzn]);
      expect(item.coPaymentCents).toBe(RX_PRICES[item.pzn]! * item.packs);
    }
  });

  it('takes the same token twice as one prescription, without asking the system again', async () => {
    const who = await customer();
    const token = freshToken();
    const first = await typed(who.token, token);
    const retrievals = seam.calls.filter((entry) => entry.op === 'retrieve').length;
    // The second time as a pasted Task line, in upper case: the same token.
    const second = await redeem(who.token, { code: `  Task/${token.prescriptionId}/$accept?ac=${token.accessCode.toUpperCase()} ` });
    expect(second.status).toBe(200);
    expect(second.body.prescriptions.map((view) => view.id)).toEqual([first.body.prescriptions[0]!.id]);
    expect(seam.calls.filter((entry) => entry.op === 'retrieve').length).toBe(retrievals);
    expect(await rowsOf(who.id)).toHaveLength(1);
  });

  it('refuses a token another account holds (409), and lets nobody see it', async () => {
    const owner = await customer();
    const other = await customer();
    const token = freshToken();
    const mine = await typed(owner.token, token);
    const theirs = await typed(other.token, token);
    expect(theirs.status).toBe(409);
    expect(theirs.body.code).toBe('PRESCRIPTION_ALREADY_REDEEMED');
    expect(await rowsOf(other.id)).toHaveLength(0);
    expect((await one(other.token, mine.body.prescriptions[0]!.id)).status).toBe(404);
  });

  it('redeems the good tokens of a Data Matrix code and reports the others by position', async () => {
    const who = await customer();
    const token = freshToken();
    accessCodes.add(token.accessCode);
    const code = JSON.stringify({ urls: [testTokenLine('alreadyRedeemed'), token.canonical, token.canonical] });
    const answer = await redeem(who.token, { code });
    expect(answer.status).toBe(200);
    expect(answer.body.prescriptions.map((view) => view.prescriptionId)).toEqual([token.prescriptionId]);
    expect(answer.body.failures).toEqual([{ position: 1, code: 'PRESCRIPTION_ALREADY_REDEEMED', message: 'This prescription has already been redeemed.' }]);
  });

  it('answers a typed id with a wrong check digit 422 with the field, in the request language, before asking anyone', async () => {
    const who = await shopper(app); // no pharmacy chosen: the shop judges the id by itself
    const retrievals = seam.calls.length;
    const answer = await redeem(who.token, { prescriptionId: '160.123.456.789.123.59', accessCode: '0'.repeat(64) }, 'de');
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      code: 'PRESCRIPTION_CHECK_DIGITS_WRONG',
      message: 'Diese Rezept-ID stimmt nicht: Die letzten beiden Ziffern passen nicht zu den übrigen. Bitte prüfen Sie sie auf einen Tippfehler.',
      fields: { prescriptionId: 'PRESCRIPTION_CHECK_DIGITS_WRONG' },
    });
    expect(seam.calls.length).toBe(retrievals);
  });

  it('refuses text that is no prescription code (422 PRESCRIPTION_TOKEN_INVALID) and a body that is neither form (400)', async () => {
    const who = await customer();
    expect((await redeem(who.token, { code: 'hello' })).body.code).toBe('PRESCRIPTION_TOKEN_INVALID');
    expect((await redeem(who.token, { code: '{"urls": []}' })).status).toBe(422);
    expect((await api('/v1/user/prescriptions', { token: who.token, body: { accessCode: 'a' } })).status).toBe(400);
  });

  it('refuses a prescription the doctor sent straight to a pharmacy (flow type 169)', async () => {
    const who = await customer();
    const answer = await typed(who.token, TEST_PRESCRIPTION_TOKENS.sentToPharmacy);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('PRESCRIPTION_SENT_TO_PHARMACY');
  });

  it.each([
    ['alreadyRedeemed', 409, 'PRESCRIPTION_ALREADY_REDEEMED'],
    ['expired', 410, 'PRESCRIPTION_EXPIRED'],
    ['notFound', 404, 'PRESCRIPTION_NOT_FOUND'],
    ['unavailable', 503, 'PRESCRIPTION_SERVICE_UNAVAILABLE'],
    ['sentToPharmacy', 422, 'PRESCRIPTION_SENT_TO_PHARMACY'],
  ] as const)('answers the test token %s with %i %s and stores nothing', async (name, status, code) => {
    const who = await customer();
    const answer = await typed(who.token, TEST_PRESCRIPTION_TOKENS[name]);
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(typeof answer.body.message).toBe('string');
    expect(await rowsOf(who.id)).toHaveLength(0);
  });

  it('answers 503 and stores nothing while the pharmacy system is down', async () => {
    const who = await customer();
    seam.state.down = true;
    const answer = await typed(who.token, freshToken());
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('PRESCRIPTION_SERVICE_UNAVAILABLE');
    expect(await rowsOf(who.id)).toHaveLength(0);
  });

  it('asks for a pharmacy first when the cart has none (422 PHARMACY_REQUIRED)', async () => {
    const who = await shopper(app);
    const answer = await typed(who.token, freshToken());
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('PHARMACY_REQUIRED');
  });

  it(`limits redemption attempts to ${REDEEM_RATE_RULES.perUser.limit} per 10 minutes per account, refused ones included`, async () => {
    const who = await customer();
    for (let attempt = 0; attempt < REDEEM_RATE_RULES.perUser.limit; attempt += 1) {
      expect((await redeem(who.token, { prescriptionId: '160.000.000.000.000.00', accessCode: 'x' })).status).toBe(422);
    }
    const limited = await typed(who.token, freshToken());
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not affected; the next window lets the customer try again.
    expect((await typed((await customer()).token, freshToken())).status).toBe(200);
    clock.set(new Date(new Date(WEEKDAY_MORNING).getTime() + REDEEM_RATE_RULES.perUser.windowMs));
    expect((await typed(who.token, freshToken())).status).toBe(200);
  });
});

describe('GET /v1/user/prescriptions and /{id}', () => {
  it('lists the customer’s own prescriptions with their exemption, and answers another’s id 404', async () => {
    const who = await customer();
    const other = await customer();
    const first = (await typed(who.token, freshToken())).body.prescriptions[0]!;
    clock.set(new Date(new Date(WEEKDAY_MORNING).getTime() + 60_000));
    const second = (await typed(who.token, freshToken('200'))).body.prescriptions[0]!;
    const listed = await list(who.token);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body.prescriptions.map((view) => view.id)).toEqual([second.id, first.id]);
    expect(listed.body.exemption).toEqual({ exempt: false, validUntil: null });
    expect((await list(other.token)).body.prescriptions).toEqual([]);
    expect((await one(who.token, first.id)).body).toEqual(first);
    expect((await one(other.token, first.id)).status).toBe(404);
    expect((await one(other.token, first.id)).body.code).toBe('PRESCRIPTION_NOT_FOUND');
    expect((await one(who.token, 'no-such-id')).status).toBe(404);
  });

  it('expires a prescription past its last day: status expired, token erased', async () => {
    const who = await customer();
    const view = (await typed(who.token, freshToken())).body.prescriptions[0]!;
    clock.set(`${view.expiresOn}T21:00:00Z`); // 23:00 in Berlin on the last day: still valid
    expect((await one(who.token, view.id)).body.status).toBe('redeemed');
    clock.set(`${view.expiresOn}T22:30:00Z`); // 00:30 the next day in Berlin
    expect((await one(who.token, view.id)).body.status).toBe('expired');
    expect((await rowOf(view.id))!.tokenSealed).toBeNull();
    expect((await list(who.token)).body.prescriptions.map((entry) => [entry.id, entry.status])).toEqual([[view.id, 'expired']]);
  });
});

describe('DELETE /v1/user/prescriptions/{id}', () => {
  it('gives the prescription back to the pharmacy system and erases the token', async () => {
    const who = await customer();
    const other = await customer();
    const view = (await typed(who.token, freshToken())).body.prescriptions[0]!;
    expect((await giveBack(other.token, view.id)).status).toBe(404);
    expect((await rowOf(view.id))!.status).toBe('redeemed');

    const returned = await giveBack(who.token, view.id);
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ id: view.id, status: 'returned' });
    expect(seam.calls.at(-1)).toEqual({ op: 'returned', prescriptionId: view.prescriptionId, pharmacyId: PHARMACY.daily });
    const row = await rowOf(view.id);
    expect(row!.tokenSealed).toBeNull();
    expect(row!.status).toBe('returned');
    expect((await list(who.token)).body.prescriptions).toEqual([]);
    // Again: nothing left to give back, the same answer.
    expect((await giveBack(who.token, view.id)).body.status).toBe('returned');
  });

  it('keeps the prescription when the system cannot be reached (503)', async () => {
    const who = await customer();
    const view = (await typed(who.token, freshToken())).body.prescriptions[0]!;
    seam.state.down = true;
    const answer = await giveBack(who.token, view.id);
    expect(answer.status).toBe(503);
    expect((await rowOf(view.id))!.tokenSealed).not.toBeNull();
  });

  it('refuses one in an order (409 PRESCRIPTION_NOT_RETURNABLE) in both languages', async () => {
    const who = await customer();
    const view = (await typed(who.token, freshToken())).body.prescriptions[0]!;
    await withTransaction(testDb.db, (tx) => markInOrder(tx, [view.id], 'order-1', clock.now()));
    const en = await giveBack(who.token, view.id);
    expect(en.status).toBe(409);
    expect(en.body.code).toBe('PRESCRIPTION_NOT_RETURNABLE');
    const de = await api<View>(`/v1/user/prescriptions/${view.id}`, { token: who.token, method: 'DELETE', lang: 'de' });
    expect(de.body.message).toContain('Bestellung');
    expect((await rowOf(view.id))!.status).toBe('in-order');
  });
});

describe('the co-payment exemption', () => {
  it('makes the statutory co-payment 0 until its last day, never a private one', async () => {
    const who = await customer();
    const statutory = (await typed(who.token, freshToken('160'))).body.prescriptions[0]!;
    const privately = (await typed(who.token, freshToken('200'))).body.prescriptions[0]!;
    expect(statutory.coPaymentTotalCents).toBeGreaterThan(0);

    const set = await setExemption(who.token, { exempt: true, validUntil: '2026-06-20' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ exempt: true, validUntil: '2026-06-20' });
    const exempt = await list(who.token);
    expect(exempt.body.exemption).toEqual({ exempt: true, validUntil: '2026-06-20' });
    const byId = new Map(exempt.body.prescriptions.map((view) => [view.id, view]));
    expect(byId.get(statutory.id)).toMatchObject({ coPaymentTotalCents: 0, exemptApplied: true });
    for (const item of byId.get(statutory.id)!.items) expect(item).toMatchObject({ coPaymentPerPackCents: 0, coPaymentCents: 0 });
    expect(byId.get(privately.id)).toMatchObject({ coPaymentTotalCents: privately.coPaymentTotalCents, exemptApplied: false });

    clock.set('2026-06-20T21:00:00Z'); // 23:00 on the last day in Berlin
    expect((await one(who.token, statutory.id)).body.exemptApplied).toBe(true);
    clock.set('2026-06-20T22:30:00Z'); // the next day in Berlin: run out
    const lapsed = await one(who.token, statutory.id);
    expect(lapsed.body).toMatchObject({ exemptApplied: false, coPaymentTotalCents: statutory.coPaymentTotalCents });
    expect((await list(who.token)).body.exemption).toEqual({ exempt: false, validUntil: '2026-06-20' });
  });

  it('needs a date that has not passed, and is withdrawn with exempt: false', async () => {
    const who = await customer();
    const missing = await setExemption(who.token, { exempt: true, validUntil: null });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'PRESCRIPTION_EXEMPTION_DATE_REQUIRED', fields: { validUntil: 'PRESCRIPTION_EXEMPTION_DATE_REQUIRED' } });
    const past = await setExemption(who.token, { exempt: true, validUntil: '2026-06-15' });
    expect(past.status).toBe(422);
    expect(past.body.code).toBe('PRESCRIPTION_EXEMPTION_DATE_PAST');
    expect((await setExemption(who.token, { exempt: true, validUntil: '2026-02-30' })).status).toBe(400);
    expect((await setExemption(who.token, { exempt: true, validUntil: '2026-06-16' })).body).toEqual({ exempt: true, validUntil: '2026-06-16' });
    expect((await setExemption(who.token, { exempt: false, validUntil: null })).body).toEqual({ exempt: false, validUntil: null });
    expect(await testDb.db.select().from(coPaymentExemptions).where(eq(coPaymentExemptions.userId, who.id))).toEqual([]);
  });
});

describe('for the ordering step', () => {
  it('gives the order lines, puts them into an order, and erases the token when dispensed', async () => {
    const who = await customer();
    const token = freshToken();
    const view = (await typed(who.token, token)).body.prescriptions[0]!;
    const deps = { system: seam.system, vault: await prescriptionTokenVault(testDb.db) };
    const lines = await withTransaction(testDb.db, (tx) => prescriptionsForOrder(tx, who.id, [view.id], clock.now()));
    expect(lines).toEqual({ ok: true, value: [view] });
    const other = await customer();
    expect(await withTransaction(testDb.db, (tx) => prescriptionsForOrder(tx, other.id, [view.id], clock.now()))).toMatchObject({ ok: false, code: 'PRESCRIPTION_NOT_FOUND' });

    expect(await withTransaction(testDb.db, (tx) => markInOrder(tx, [view.id], 'order-7', clock.now()))).toEqual({ ok: true, value: undefined });
    expect((await rowOf(view.id))!).toMatchObject({ status: 'in-order', orderId: 'order-7' });
    expect(await withTransaction(testDb.db, (tx) => prescriptionsForOrder(tx, who.id, [view.id], clock.now()))).toMatchObject({ ok: false, code: 'PRESCRIPTION_NOT_RETURNABLE' });

    const dispensed = await withTransaction(testDb.db, (tx) => markDispensed(tx, deps, view.id, view.items.map((item) => ({ pzn: item.pzn, quantity: item.packs })), clock.now()));
    expect(dispensed).toEqual({ ok: true, value: undefined });
    expect(seam.calls.at(-1)).toMatchObject({ op: 'dispensed', prescriptionId: view.prescriptionId });
    expect((await rowOf(view.id))!).toMatchObject({ status: 'dispensed', tokenSealed: null });
    // The system now knows it as dispensed: nobody redeems it again.
    expect((await typed(who.token, token)).body.code).toBe('PRESCRIPTION_ALREADY_REDEEMED');
  });

  it('gives back one in an order when the ordering step says so', async () => {
    const who = await customer();
    const view = (await typed(who.token, freshToken())).body.prescriptions[0]!;
    const deps = { system: seam.system, vault: await prescriptionTokenVault(testDb.db) };
    await withTransaction(testDb.db, (tx) => markInOrder(tx, [view.id], 'order-8', clock.now()));
    expect(await withTransaction(testDb.db, (tx) => markReturned(tx, deps, view.id, clock.now()))).toMatchObject({ ok: false, code: 'PRESCRIPTION_NOT_RETURNABLE' });
    expect(await withTransaction(testDb.db, (tx) => markReturned(tx, deps, view.id, clock.now(), { allowInOrder: true }))).toEqual({ ok: true, value: undefined });
    expect((await rowOf(view.id))!).toMatchObject({ status: 'returned', tokenSealed: null });
  });
});

describe('account deletion', () => {
  it('erases the customer’s prescriptions and gives the held ones back', async () => {
    const who = await customer();
    const held = (await typed(who.token, freshToken())).body.prescriptions[0]!;
    const gone = (await typed(who.token, freshToken())).body.prescriptions[0]!;
    await giveBack(who.token, gone.id);
    await setExemption(who.token, { exempt: true, validUntil: '2026-12-31' });
    const reportsBefore = seam.calls.filter((entry) => entry.op === 'returned').length;

    expect((await api('/v1/user', { method: 'DELETE', token: who.token })).status).toBe(200);
    expect(await rowsOf(who.id)).toEqual([]);
    expect(await testDb.db.select().from(prescriptionItems).where(eq(prescriptionItems.prescriptionId, held.id))).toEqual([]);
    expect(await testDb.db.select().from(coPaymentExemptions).where(eq(coPaymentExemptions.userId, who.id))).toEqual([]);
    const reports = seam.calls.filter((entry) => entry.op === 'returned').slice(reportsBefore);
    expect(reports).toEqual([{ op: 'returned', prescriptionId: held.prescriptionId, pharmacyId: PHARMACY.daily }]);
    expect(await testDb.db.select().from(prescriptionPendingReturns)).toEqual([]);
  });

  it('does not wait for a pharmacy system that is down: the return is reported later', async () => {
    const who = await customer();
    const held = (await typed(who.token, freshToken())).body.prescriptions[0]!;
    seam.state.down = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect((await api('/v1/user', { method: 'DELETE', token: who.token })).status).toBe(200);
    } finally {
      warn.mockRestore();
    }
    expect(await rowsOf(who.id)).toEqual([]);
    const [pending] = await testDb.db.select().from(prescriptionPendingReturns);
    expect(pending!.pharmacyId).toBe(PHARMACY.daily);
    expect(pending!.tokenSealed).not.toContain(held.prescriptionId);

    seam.state.down = false;
    const deps = { system: seam.system, vault: await prescriptionTokenVault(testDb.db) };
    expect(await retryPendingReturns(testDb.db, deps, clock.now())).toEqual({ returned: 1, waiting: 0 });
    expect(seam.calls.at(-1)).toEqual({ op: 'returned', prescriptionId: held.prescriptionId, pharmacyId: PHARMACY.daily });
    expect(await testDb.db.select().from(prescriptionPendingReturns)).toEqual([]);
  });
});

describe('the token as a secret', () => {
  it('is in no answer the tests received (nor its access code)', () => {
    expect(answers.length).toBeGreaterThan(50);
    for (const code of accessCodes) {
      for (const text of answers) expect(text.toLowerCase()).not.toContain(code);
    }
    expect(answers.some((text) => text.includes('$accept'))).toBe(false);
  });

  it('the sealed column never holds an access code in plain text', async () => {
    const rows = await testDb.db.select({ sealed: prescriptions.tokenSealed, hash: prescriptions.tokenHash }).from(prescriptions);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      for (const code of accessCodes) {
        expect(row.sealed ?? '').not.toContain(code);
        expect(row.hash).not.toContain(code);
      }
    }
  });

  it('uses RX_PZN from the shared fixtures at its fixture price', () => {
    expect(RX_PRICES[RX_PZN]).toBe(499);
  });
});
