import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApi, type ApiOptions } from '../../../src/app/api';
import { DEMO_PHARMACIST_PASSWORD, demoPharmacistEmail, seedDemoPharmacists } from '../../../src/features/accounts';
import { users } from '../../../src/features/accounts/server/schema';
import { stock } from '../../../src/features/pharmacies/server/schema';
import { idempotencyKeys, orderEvents, orderLines, orders, payments } from '../../../src/features/orders/server/schema';
import { listOutbox } from '../../../src/platform/mail';
import { drainMessages } from '../../../src/app/outbox';
import type { DrainReport, OutboxTransports } from '../../../src/platform/outbox';
import { createDemoProvider, databaseDemoState, TEST_CARDS, type DemoProvider } from '../../../src/platform/payments';
import type { Clock } from '../../../src/platform/clock';
import type { Db } from '../../../src/platform/db/client';
import { PHARMACY, seedCatalog, seedPharmacies, validPzns } from '../support/fixtures';
import { call } from '../support/shopper';
import { createTestDb, type TestDb } from '../support/test-db';
import type { OrdersDepsOverrides } from '../../../src/features/orders';

// Real scrypt, smaller N: the suites register dozens of customers (production keeps 2^15).
process.env.PASSWORD_HASH_COST ??= '10';

/** Tuesday 2026-06-16 10:00 in Berlin: the fixture pharmacies (08:00–22:00) are open. */
export const OPEN = '2026-06-16T08:00:00Z';
/** Tuesday 2026-06-16 23:30 in Berlin: every daily pharmacy is closed. */
export const CLOSED_NIGHT = '2026-06-16T21:30:00Z';
export const MINUTE = 60_000;

/** Plaster, a non-medicine at 4,99 € (19 %): coupons apply to it. */
export const PLASTER = '04773414';
/** A 7 % vitamin at 4,99 €. */
export const VITAMIN = validPzns(1)[0]!;
export const IBUPROFEN = '10019621';
export const DAILY = PHARMACY.daily;
export const PICKUP_ONLY = PHARMACY.weekdays;

export interface TestClock extends Clock {
  set(at: string | Date): void;
  advance(ms: number): void;
}

export function testClock(at = OPEN): TestClock {
  let current = new Date(at).getTime();
  return {
    now: () => new Date(current),
    set: (value) => {
      current = new Date(value).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface GatewayCalls {
  /** PaymentIntents the harness (as the customer's browser) got held by the provider. */
  authorize: { amountCents: number; intentId: string }[];
  capture: string[];
  release: string[];
  refund: { authorizationId: string; amountCents: number }[];
}

/**
 * The demo provider with a record of every call, and switches to make single calls fail. It is the
 * gateway the API under test uses; the harness plays the customer's browser with it (hosted fields,
 * 3-D Secure, PayPal) and delivers its signed webhooks to the API.
 */
export function spyGateway(clock: Clock, db?: TestDb) {
  // On PostgreSQL (npm run test:pg) the provider keeps its state in the test database, as a cluster's processes do.
  const state = db?.kind === 'postgres' ? databaseDemoState(async () => db.db, () => clock.now()) : undefined;
  const provider = createDemoProvider({ clock, webhookSecret: 'whsec_test_harness', ...(state ? { state } : {}) });
  const calls: GatewayCalls = { authorize: [], capture: [], release: [], refund: [] };
  const faults = { retrieveThrows: false, captureUnavailable: false, releaseUnavailable: false };
  const gateway: DemoProvider = Object.assign(Object.create(provider) as DemoProvider, {
    retrieveIntent: async (id: string) => {
      if (faults.retrieveThrows) throw new Error('provider crashed');
      return provider.retrieveIntent(id);
    },
    capture: async (request: Parameters<DemoProvider['capture']>[0]) => {
      if (faults.captureUnavailable) return { ok: false as const, code: 'PAYMENT_UNAVAILABLE' as const };
      calls.capture.push(request.authorizationId);
      return provider.capture(request);
    },
    release: async (request: Parameters<DemoProvider['release']>[0]) => {
      if (faults.releaseUnavailable) return { ok: false as const, code: 'PAYMENT_UNAVAILABLE' as const };
      calls.release.push(request.authorizationId);
      return provider.release(request);
    },
    refund: async (request: Parameters<DemoProvider['refund']>[0]) => {
      calls.refund.push({ authorizationId: request.authorizationId, amountCents: request.amountCents });
      return provider.refund(request);
    },
  });
  const spy = { gateway, provider, calls, faults };
  current.spy = spy;
  return spy;
}

export type App = ReturnType<typeof buildApi>;

export interface OrdersHarness {
  testDb: TestDb;
  db: Db;
  app: App;
  clock: TestClock;
  spy: ReturnType<typeof spyGateway>;
  /** Delivers what the outbox holds, due by `clock` (default the harness's), through `transports` where given. */
  drain(options?: { clock?: Clock; transports?: OutboxTransports }): Promise<DrainReport>;
}

/** A database with the fixture catalogue and pharmacies, their demo pharmacists, and the API around it. */
export function useOrdersApp(options: { at?: string; orders?: OrdersDepsOverrides; realtime?: ApiOptions['realtime']; siteRebuilder?: ApiOptions['siteRebuilder'] } = {}): OrdersHarness {
  const holder = {} as OrdersHarness;
  beforeAll(async () => {
    holder.testDb = await createTestDb();
    holder.db = holder.testDb.db;
    await seedCatalog(holder.db);
    await seedPharmacies(holder.db);
    await seedDemoPharmacists(holder.db, [PHARMACY.daily, PHARMACY.late, PHARMACY.weekdays]);
    holder.clock = testClock(options.at);
    holder.spy = spyGateway(holder.clock, holder.testDb);
    current.spy = holder.spy;
    current.drain = () => holder.drain();
    holder.app = buildApi({
      getDb: async () => holder.db,
      ping: () => holder.testDb.handle.ping(),
      clock: holder.clock,
      adminToken: undefined,
      paymentGateway: holder.spy.gateway,
      orders: { env: { ...process.env, APOBOTE_MODE: 'demo' }, ...options.orders },
      ...(options.realtime ? { realtime: options.realtime } : {}),
      ...(options.siteRebuilder ? { siteRebuilder: options.siteRebuilder } : {}),
    });
  }, 60_000);
  holder.drain = (drainOptions = {}) =>
    drainMessages({
      db: holder.db,
      clock: drainOptions.clock ?? holder.clock,
      gateway: holder.spy.gateway,
      orders: { env: { ...process.env, APOBOTE_MODE: 'demo' }, ...options.orders },
      ...(drainOptions.transports ? { transports: drainOptions.transports } : {}),
    });
  afterAll(() => holder.testDb?.close());
  return holder;
}

/**
 * Delivers what the outbox holds now (decision 0012): the mails, SMS and pushes of the steps
 * answered so far and the webhooks received, through the worker's transports (the development
 * outbox unless replaced), by the harness's clock.
 */
export function drainOutbox(): Promise<DrainReport> {
  if (!current.drain) throw new Error('no orders harness');
  return current.drain();
}

let counter = 0;

/** In the fixture pharmacy's courier zone (10115, 10117). */
export const ADDRESS_IN_ZONE = { street_address: 'Invalidenstraße', house_number: '10', room: null, postal_code: '10115', locality: 'Berlin', note: 'Hinterhof' };

export interface Customer {
  token: string;
  email: string;
  userId: string;
  addressId: string;
}

/** Registers a customer with a shipping address in the courier zone. */
export async function newCustomer(app: App, options: { locale?: 'en' | 'de' } = {}): Promise<Customer> {
  counter += 1;
  const email = `orders.${Date.now().toString(36)}${counter}@example.de`;
  const password = 'correct-horse-battery';
  const registered = await call<{ token: string; user: { id: string } }>(app, '/v1/user/register', {
    body: { firstName: 'Erika', lastName: 'Muster', email, birthDate: '1990-05-15', password, confirmPassword: password },
    ...(options.locale ? { lang: options.locale } : {}),
  });
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const token = registered.body.token;
  const address = await call<{ id: string }>(app, '/v1/user/shipping/', { token, body: ADDRESS_IN_ZONE });
  if (address.status !== 201) throw new Error(`address failed: ${address.status}`);
  return { token, email, userId: registered.body.user.id, addressId: address.body.id };
}

export async function setLocale(db: Db, userId: string, locale: 'en' | 'de' | null): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

export async function setStock(db: Db, pharmacyId: string, quantities: Record<string, number>): Promise<void> {
  for (const [pzn, quantity] of Object.entries(quantities)) {
    await db
      .insert(stock)
      .values({ pharmacyId, pzn, quantity })
      .onConflictDoUpdate({ target: [stock.pharmacyId, stock.pzn], set: { quantity } });
  }
}

export async function stockOf(db: Db, pharmacyId: string, pzn: string): Promise<number> {
  const rows = await db.select({ pharmacyId: stock.pharmacyId, pzn: stock.pzn, quantity: stock.quantity }).from(stock);
  return rows.find((row) => row.pharmacyId === pharmacyId && row.pzn === pzn)?.quantity ?? 0;
}

/** Puts products into the customer's server cart at a pharmacy. */
export async function fillCart(app: App, token: string, items: Record<string, number>, pharmacyId = DAILY): Promise<void> {
  const chosen = await call(app, '/v1/user/cart/pharmacy', { method: 'PUT', token, body: { pharmacyId } });
  if (chosen.status !== 200) throw new Error(`pharmacy choice failed: ${chosen.status}`);
  for (const [pzn, quantity] of Object.entries(items)) {
    const put = await call(app, `/v1/user/cart/items/${pzn}`, { method: 'PUT', token, body: { quantity } });
    if (put.status !== 200) throw new Error(`cart put failed: ${put.status} ${JSON.stringify(put.body)}`);
  }
}

export const META = { sessionId: 'session-e2e-1', irClickId: 'click-42', locale: 'en' as const };
export const ALL_NO = { pregnant: false, underage: false, nursing: false, for_someone_else: false, consulted_by_pharmacy: false };

/** Everything a placeable draft needs: courier as soon as possible, safety answers, consent, phone. */
export const COMPLETE = {
  delivery: { option: 'asap' },
  safety: ALL_NO,
  consent_pharmacy_data: true,
  phone: '0151 23456789',
  meta: META,
};

export interface OrderBody {
  id: string;
  order_number: string;
  status: string;
  label: { en: string; de: string };
  purchase_state: string;
  lines: { pzn: string; name: string; quantity: number; unit_price_cents: number; line_total_cents: number; vat_rate: number; coupon_discount_cents: number }[];
  totals: {
    item_count: number;
    subtotal_cents: number;
    delivery_fee_cents: number;
    coupon_discount_cents: number;
    tip_cents: number;
    total_cents: number;
    wallet_cents: number;
    amount_due_cents: number;
    vat: { rate: number; gross_cents: number; vat_cents: number }[];
    vat_total_cents: number;
  };
  issues: { code: string; message: string; field: string; pzn?: string; available_quantity?: number }[];
  warnings: { code: string; pzn?: string }[];
  coupon: { code: string; ok: boolean; discount_cents: number; error: { code: string; message: string } | null } | null;
  delivery: { option: string | null; method: string | null; timing: string | null; slot_start: string | null; slot_end: string | null; expected_by: string | null };
  delivery_options: {
    open_now: boolean;
    courier: { asap: boolean; today: { start: string; date: string }[]; tomorrow: { start: string; date: string }[] } | null;
    pickup: { asap: boolean; today: { start: string }[]; tomorrow: { start: string }[] } | null;
    parcel: unknown;
  } | null;
  payment: { provider: string; method: string; state: string; amount_cents: number; refunded_cents: number; brand: string; last4: string } | null;
  shipping_address: { postal_code: string } | null;
  phone: string | null;
  safety: Record<string, boolean | null> | null;
  consent_pharmacy_data: boolean;
  consent_pharmacy_data_at: string | null;
  wallet_balance_cents: number | null;
  rejection_reason: string | null;
  rejected_by: string | null;
  meta: { sessionId: string; irClickId: string | null; locale: string };
  placed_at: string | null;
  expires_at: string | null;
  pharmacy: { id: string; name: string } | null;
}

export const createDraft = (app: App, token: string, body: Record<string, unknown> = COMPLETE, lang?: 'en' | 'de') =>
  call<OrderBody>(app, '/v2/user/orders', { token, body: { meta: META, ...body }, ...(lang ? { lang } : {}) });

export const updateDraft = (app: App, token: string, id: string, body: Record<string, unknown>) =>
  call<OrderBody>(app, `/v2/user/orders/${id}`, { method: 'PUT', token, body: { meta: META, ...body } });

/** A card as the customer types it into the provider's hosted fields (never sent to the shop). */
export const VISA = { card: { number: TEST_CARDS.visa, exp_month: 12, exp_year: 2030, cvc: '123' } };

/** The harness of the running test file (its provider plays the browser's side). */
const current: { spy: ReturnType<typeof spyGateway> | null; drain?: () => Promise<DrainReport> } = { spy: null };

type CardSpec =
  /** `challenge`: the 3-D Secure page's answer when the card asks for it (TEST_CARDS.threeDSecure). */
  | { card: { number: string; exp_month: number; exp_year: number; cvc: string }; save_card?: boolean; challenge?: 'pass' | 'fail' | 'abandon' }
  | { saved_card_id: string }
  | { paypal: 'approve' | 'cancel' }
  /** SEPA direct debit: the IBAN typed into the provider's page (never sent to the shop). */
  | { sepa: string }
  | { klarna: 'approve' | 'decline' | 'cancel' };
const isCardSpec = (value: unknown): value is CardSpec =>
  typeof value === 'object' && value !== null && ('card' in value || 'saved_card_id' in value || 'paypal' in value || 'sepa' in value || 'klarna' in value);

export interface Paid {
  status: number;
  intentId: string | null;
  /** The provider's answer to the hosted fields (status, redirect, error). */
  confirm: Awaited<ReturnType<DemoProvider['confirm']>> | null;
  body: { code?: string; message?: string; intent_id?: string; client_secret?: string };
}

/**
 * What the checkout's browser does before placing: asks the shop for a PaymentIntent, then confirms
 * it with the provider (card data goes to the provider only). Same key, same PaymentIntent.
 */
export async function payFor(app: App, token: string, orderId: string, spec: CardSpec, key: string, expected?: number): Promise<Paid> {
  const choice =
    'saved_card_id' in spec
      ? { method: 'saved', saved_card_id: spec.saved_card_id }
      : 'paypal' in spec
        ? { method: 'paypal' }
        : 'sepa' in spec
          ? { method: 'sepa_debit' }
          : 'klarna' in spec
            ? { method: 'klarna' }
            : { method: 'card', save_card: spec.save_card ?? false };
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key };
  const response = await app.request(`/api/v2/user/orders/${orderId}/payment-intents`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...choice, return_url: '/shop/checkout/', ...(expected !== undefined ? { expected_amount_cents: expected } : {}) }),
  });
  const body = (await response.json()) as Paid['body'] & { saved_payment_method?: string | null };
  if (response.status !== 200 || !body.intent_id || !body.client_secret) return { status: response.status, intentId: null, confirm: null, body };
  const provider = current.spy!.provider;
  const confirm =
    'card' in spec
      ? await provider.confirm(body.intent_id, body.client_secret, { type: 'card', number: spec.card.number, expiry: `${spec.card.exp_month}/${spec.card.exp_year}`, cvc: spec.card.cvc })
      : 'saved_card_id' in spec
        ? await provider.confirm(body.intent_id, body.client_secret, { type: 'saved', paymentMethodId: body.saved_payment_method ?? '' })
        : 'sepa' in spec
          ? await provider.confirm(body.intent_id, body.client_secret, { type: 'sepa_debit', iban: spec.sepa, holder: 'Erika Muster' })
          : await provider.confirm(body.intent_id, body.client_secret, { type: 'klarna' in spec ? 'klarna' : 'paypal' });
  if ('card' in spec && spec.challenge && confirm.redirectUrl) await provider.completeChallenge(body.intent_id, spec.challenge);
  if ('paypal' in spec && confirm.redirectUrl) await provider.completePaypal(body.intent_id, spec.paypal);
  if ('klarna' in spec && confirm.redirectUrl) await provider.completeKlarna(body.intent_id, spec.klarna);
  const intent = await provider.intentForPage(body.intent_id, null);
  if (intent?.status === 'requires_capture') current.spy!.calls.authorize.push({ amountCents: intent.amountCents, intentId: intent.id });
  return { status: 200, intentId: body.intent_id, confirm, body };
}

const paidAttempts = new Map<string, Promise<Paid>>();

/** Delivers the provider's events (all, or those of one PaymentIntent) to the webhook, signed, as the provider would. */
export async function deliverEvents(app: App, events: { rawBody: string; signature: string }[]) {
  const answers: { status: number; body: { outcome?: string; code?: string } }[] = [];
  for (const event of events) {
    const response = await app.request('/api/v1/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.rawBody });
    answers.push({ status: response.status, body: (await response.json()) as { outcome?: string; code?: string } });
  }
  // The webhooks are stored, then processed by the outbox worker: here, at once.
  await drainOutbox();
  return answers;
}

let keys = 0;
export const newKey = () => `key-${Date.now().toString(36)}-${++keys}-abcdef`;

/** POST …/place with an Idempotency-Key (a fresh one unless given). */
export async function place(app: App, token: string, id: string, body: Record<string, unknown> = { payment: VISA }, key: string | null = newKey(), lang?: 'en' | 'de') {
  // A card (or saved card, or PayPal) is paid at the provider first, as the checkout does; the shop gets the PaymentIntent's id.
  if (isCardSpec(body.payment)) {
    // Like the browser, one attempt (key) pays once: a retry or a double click reuses its PaymentIntent.
    const attemptKey = key ?? newKey();
    const cacheKey = `${token}|${id}|${attemptKey}|${JSON.stringify(body.payment)}`;
    const pending = paidAttempts.get(cacheKey) ?? payFor(app, token, id, body.payment, attemptKey, body.expected_amount_cents as number | undefined);
    paidAttempts.set(cacheKey, pending);
    const paid = await pending;
    if (!paid.intentId) return { status: paid.status, body: paid.body as OrderBody & { code?: string; message?: string; fields?: Record<string, string> }, headers: new Headers() };
    body = { ...body, payment: { payment_intent_id: paid.intentId } };
  }
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  if (key !== null) headers['idempotency-key'] = key;
  if (lang) headers['accept-language'] = lang;
  const response = await app.request(`/api/v2/user/orders/${id}/place`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as OrderBody & { code?: string; message?: string; fields?: Record<string, string> }, headers: response.headers };
}

/** A customer with `items` in the cart and a complete draft for them. */
export async function readyDraft(app: App, items: Record<string, number> = { [PLASTER]: 2 }, extra: Record<string, unknown> = {}, customer?: Customer) {
  const who = customer ?? (await newCustomer(app));
  await fillCart(app, who.token, items);
  const draft = await createDraft(app, who.token, { ...COMPLETE, ...extra });
  if (draft.status !== 201) throw new Error(`draft failed: ${draft.status} ${JSON.stringify(draft.body)}`);
  return { customer: who, draft: draft.body };
}

/** Logs in the demo pharmacist of a fixture pharmacy. */
export async function pharmacistToken(app: App, pharmacyId: string): Promise<string> {
  const login = await call<{ token: string }>(app, '/v1/user/login', { body: { email: demoPharmacistEmail(pharmacyId), password: DEMO_PHARMACIST_PASSWORD } });
  if (login.status !== 200) throw new Error(`pharmacist login failed: ${login.status}`);
  return login.body.token;
}

export type StaffOrder = OrderBody & { actions: string[]; customer: { first_name: string | null; phone: string | null }; history: { event: string; actor: string; from: string; to: string }[] };

export const staffGet = <T = StaffOrder>(app: App, token: string, path = '') => call<T>(app, `/v1/pharmacy/orders${path}`, { token });

export const staffPost = (app: App, token: string, orderId: string, action: string, body: unknown = {}) =>
  call<StaffOrder>(app, `/v1/pharmacy/orders/${orderId}/${action}`, { token, body });

/** Rows the placement writes, for "nothing was written" checks. */
export async function writtenFor(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return {
    order: order!,
    lines: await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)),
    events: await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)),
    payments: await db.select().from(payments).where(eq(payments.orderId, orderId)),
    keys: await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.orderId, orderId)),
  };
}

/** What reached `email` (or a phone number), once the outbox has delivered what the answered steps wrote. */
export async function mailsTo(db: Db, email: string) {
  await drainOutbox();
  return listOutbox(db, { to: email });
}

export async function cartOf(app: App, token: string) {
  return (await call<{ lines: { pzn: string; quantity: number }[] }>(app, '/v1/user/cart', { token })).body.lines;
}
