import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_COURIER_PASSWORD, demoCourierEmail, seedDemoCourierFleet } from '../../../src/features/delivery';
import { createRealtimeBus, realtimeBus, setRealtimeBus, type RealtimeBus } from '../../../src/platform/realtime';
import { call } from '../support/shopper';
import { DAILY, newCustomer, pharmacistToken, place, readyDraft, setLocale, setStock, staffPost, useOrdersApp, PLASTER, type App, type OrdersHarness } from '../orders/harness';

/*
 * The delivery API files' harness: the orders harness with a realtime bus of the file's own
 * database, the demo couriers of Berlin and Hamburg, and orders packed (or brought back) at the
 * fixture pharmacy.
 */

/**
 * The orders app, with the bus of this file's database (on PostgreSQL its LISTEN connection must
 * reach the same database). API files share a worker (isolate: false): the process's bus is handed
 * back, open, at the end.
 */
export function useDeliveryApp(options: Parameters<typeof useOrdersApp>[0] = {}): OrdersHarness {
  const h = useOrdersApp(options);
  let bus: RealtimeBus | null = null;
  let previous: RealtimeBus | null = null;
  beforeAll(() => {
    previous = realtimeBus();
    bus = createRealtimeBus({ databaseUrl: h.testDb.url });
    setRealtimeBus(bus);
  });
  afterAll(async () => {
    if (previous) setRealtimeBus(previous);
    await bus?.close();
  });
  return h;
}

export async function courierToken(app: App, city: string, n: 1 | 2): Promise<string> {
  const login = await call<{ token: string }>(app, '/v1/user/login', { body: { email: demoCourierEmail(city, n), password: DEMO_COURIER_PASSWORD } });
  if (login.status !== 200) throw new Error(`courier login failed: ${login.status}`);
  return login.body.token;
}

const seeded = new WeakSet<OrdersHarness>();

/** Couriers seeded once per file, stock at the fixture pharmacy; its pharmacist and both Berlin couriers signed in. */
export async function deliverySetup(h: OrdersHarness) {
  if (!seeded.has(h)) {
    await seedDemoCourierFleet(h.db, ['Berlin', 'Hamburg']);
    seeded.add(h);
  }
  await setStock(h.db, DAILY, { [PLASTER]: 500 });
  const staff = await pharmacistToken(h.app, DAILY);
  const couriers = await call<{ couriers: { id: string; name: string }[] }>(h.app, '/v1/pharmacy/couriers', { token: staff });
  return { staff, couriers: couriers.body.couriers, rider: await courierToken(h.app, 'Berlin', 1), other: await courierToken(h.app, 'Berlin', 2) };
}

/** A placed courier order, accepted, checked and packed at the fixture pharmacy. */
export async function packedOrder(h: OrdersHarness, staff: string, locale?: 'en' | 'de') {
  const customer = await newCustomer(h.app, locale ? { locale } : {});
  if (locale) await setLocale(h.db, customer.userId, locale);
  const { draft } = await readyDraft(h.app, { [PLASTER]: 1 }, {}, customer);
  expect((await place(h.app, customer.token, draft.id)).status).toBe(200);
  for (const step of ['accept', 'check', 'pack']) expect((await staffPost(h.app, staff, draft.id, step)).status, step).toBe(200);
  return { customer, orderId: draft.id, orderNumber: draft.order_number };
}

/** Handed to `courierId`, started by `rider`, and brought back: "nobody home". */
export async function bringBack(h: OrdersHarness, staff: string, courierId: string, rider: string, orderId: string) {
  expect((await staffPost(h.app, staff, orderId, 'handover', { courier_id: courierId })).status).toBe(200);
  expect((await call(h.app, `/v1/courier/deliveries/${orderId}/start`, { token: rider, body: {} })).status).toBe(200);
  expect((await call(h.app, `/v1/courier/deliveries/${orderId}/nobody-home`, { token: rider, body: {} })).status).toBe(200);
}
