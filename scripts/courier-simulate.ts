/**
 * Drives a demo courier for demos and tests: `npm run courier:simulate -- --order <number>`.
 * Against a running shop (`npm start`, demo mode) it finds which demo courier the order was handed
 * to, starts the delivery if needed and rides from the pharmacy to the address along a plausible
 * path (city blocks, seeded by the order number) at bike speed, posting a position every few
 * seconds like the courier app does. Options:
 *   --url <origin>      the shop (default http://localhost:$PORT or 4321)
 *   --interval <s>      seconds between positions (default 5)
 *   --speedup <n>       ride n times faster than a real bike, for tests (default 1)
 *   --deliver           hand the parcel to the customer at the end ("Delivered")
 *   --catalog <dir>     where the demo cities come from (default CATALOG_DIR or ./catalog)
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadCatalog } from '../src/features/catalog';
import { BIKE_SPEED_KMH, DEMO_COURIER_PASSWORD, demoCourierEmail, pathKm, plausibleRoute, positionsAlong } from '../src/features/delivery';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

interface Delivery {
  order_id: string;
  order_number: string;
  state: 'assigned' | 'running';
  pharmacy: { lat: number; lng: number; name: string };
  destination: { lat: number; lng: number };
}

async function api<T>(origin: string, token: string | null, method: string, route: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

const seedOf = (text: string) => [...text].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0, 7);

async function main(): Promise<number> {
  const orderNumber = option('--order')?.trim().toUpperCase();
  if (!orderNumber) {
    console.error('Usage: npm run courier:simulate -- --order <order number> [--url http://localhost:4321] [--interval 5] [--speedup 1] [--deliver]');
    return 2;
  }
  const origin = (option('--url') ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/$/, '');
  const intervalMs = Math.max(0.2, Number(option('--interval') ?? 5)) * 1000;
  const speedup = Math.max(1, Number(option('--speedup') ?? 1));
  const catalog = await loadCatalog(path.resolve(option('--catalog') ?? process.env.CATALOG_DIR ?? 'catalog'));
  const cities = [...new Set(catalog.pharmacies.map((pharmacy) => pharmacy.address.city))].sort();

  // Which demo courier has the order?
  let found: { token: string; delivery: Delivery; email: string } | null = null;
  for (const city of cities) {
    for (const n of [1, 2] as const) {
      const email = demoCourierEmail(city, n);
      const login = await api<{ token: string }>(origin, null, 'POST', '/v1/user/login', { email, password: DEMO_COURIER_PASSWORD });
      if (login.status !== 200) continue;
      const list = await api<{ deliveries: Delivery[] }>(origin, login.body.token, 'GET', '/v1/courier/deliveries');
      const delivery = list.body.deliveries?.find((d) => d.order_number.toUpperCase() === orderNumber);
      if (delivery) found = { token: login.body.token, delivery, email };
      if (found) break;
    }
    if (found) break;
  }
  if (!found) {
    console.error(`Order ${orderNumber} is not handed to any demo courier at ${origin}. Hand it to a courier on the staff page first (packed → "Hand to courier").`);
    return 1;
  }
  const { token, delivery, email } = found;
  if (delivery.state === 'assigned') {
    const started = await api(origin, token, 'POST', `/v1/courier/deliveries/${delivery.order_id}/start`, {});
    if (started.status !== 200) throw new Error(`start answered ${started.status}`);
  }
  const route = plausibleRoute(delivery.pharmacy, delivery.destination, seedOf(orderNumber));
  const positions = positionsAlong(route, BIKE_SPEED_KMH, intervalMs);
  console.log(`${email} rides order ${orderNumber} from ${delivery.pharmacy.name}: ${pathKm(route).toFixed(2)} km, ${positions.length} positions every ${intervalMs / 1000} s${speedup > 1 ? ` (${speedup}× faster)` : ''}.`);
  for (const [index, point] of positions.entries()) {
    const sent = await api<{ code?: string }>(origin, token, 'POST', `/v1/courier/deliveries/${delivery.order_id}/positions`, point);
    if (sent.status !== 200) {
      console.error(`Position refused (${sent.status} ${sent.body?.code ?? ''}): the delivery ended.`);
      return 1;
    }
    if (index < positions.length - 1) await sleep(intervalMs / speedup);
  }
  console.log('At the door.');
  if (process.argv.includes('--deliver')) {
    const done = await api(origin, token, 'POST', `/v1/courier/deliveries/${delivery.order_id}/delivered`, { received_by: 'customer' });
    console.log(done.status === 200 ? 'Delivered to the customer.' : `Delivered answered ${done.status}.`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
