/**
 * Order placement under load: 20 customers check out at the same time, each in a loop (fill the
 * cart, create the draft, place it with a test card), for a bounded time or number of orders, on
 * PGlite and on PostgreSQL. Reports placements per second and the latency of the placement call
 * (POST /api/v2/user/orders/{id}/place: one transaction with stock, coupon, wallet, the demo
 * acquirer's authorization, lines, history and the e-mail) as median, p95 and p99. The API is
 * served in-process on 127.0.0.1; PostgreSQL is a throwaway database next to BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), dropped afterwards, and skipped when unreachable.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApi } from '../../src/app/api';
import { importCatalog } from '../../src/app/import-catalogue';
import { users } from '../../src/features/accounts';
import { loadCatalog, type Catalog } from '../../src/features/catalog';
import { stock } from '../../src/features/pharmacies';
import { issueToken } from '../../src/platform/auth';
import { fixedClock } from '../../src/platform/clock';
import { openDb, type DbHandle } from '../../src/platform/db/client';
import { TEST_CARDS } from '../../src/platform/payments';
import { withBenchDatabase } from './databases';
import { runWhenMain } from './run-alone';

export interface OrdersMeasurement {
  database: 'pglite' | 'postgres';
  customers: number;
  placements: number;
  errors: number;
  seconds: number;
  placementsPerSecond: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
}

/** Tuesday 10:00 in Berlin: every pharmacy of the demo catalogue is open, so "as soon as possible" is offered. */
const BENCH_NOW = '2026-06-16T08:00:00Z';

interface Target {
  pharmacyId: string;
  postalCode: string;
  pzns: string[];
}

/** A courier pharmacy, a postal code it serves and a few products coupons and delivery rules allow everywhere. */
function chooseTarget(catalog: Catalog): Target {
  const pharmacy = catalog.pharmacies.find((p) => p.deliveryOptions.includes('courier') && !p.selfPickupOnly && p.deliveryZone.postalCodes.length > 0);
  if (!pharmacy) throw new Error('the demo catalogue has no courier pharmacy');
  const pzns = catalog.products.filter((p) => p.kind !== 'prescription' && !p.collectInPersonOnly).map((p) => p.pzn).slice(0, 3);
  return { pharmacyId: pharmacy.id, postalCode: pharmacy.deliveryZone.postalCodes[0]!, pzns };
}

const percentile = (sorted: readonly number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
const tenths = (value: number) => Math.round(value * 10) / 10;

/** node:http around app.fetch on 127.0.0.1, forwarding method, headers and body. */
function serve(fetchHandler: (request: Request) => Promise<Response>): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetchHandler(new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method, headers, body }))
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        })
        .catch((error: unknown) => {
          console.error(error);
          res.writeHead(500).end();
        });
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

async function run(handle: DbHandle, database: OrdersMeasurement['database'], catalog: Catalog, options: { customers: number; seconds: number; maxPlacements: number }): Promise<OrdersMeasurement> {
  await handle.migrate();
  await importCatalog(handle.db, catalog);
  const target = chooseTarget(catalog);
  for (const pzn of target.pzns) {
    await handle.db
      .insert(stock)
      .values({ pharmacyId: target.pharmacyId, pzn, quantity: 1_000_000_000 })
      .onConflictDoUpdate({ target: [stock.pharmacyId, stock.pzn], set: { quantity: 1_000_000_000 } });
  }

  const clock = fixedClock(BENCH_NOW);
  const app = buildApi({ getDb: async () => handle.db, ping: () => handle.ping(), clock, adminToken: undefined });
  const server = await serve((request) => Promise.resolve(app.fetch(request)));
  try {
    const api = async (token: string, method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.baseUrl}/api${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as { id?: string } };
    };

    // Customers are written directly (no password hashing in the measurement), then act through the API.
    const tokens: string[] = [];
    for (let i = 0; i < options.customers; i++) {
      const id = randomUUID();
      const now = clock.now();
      await handle.db.insert(users).values({ id, email: `bench.${id}@example.de`, emailVerifiedAt: now, firstName: 'Bench', lastName: `Kunde ${i}`, phone: '+4915112345678', locale: 'de', createdAt: now, updatedAt: now });
      const { token } = await issueToken(handle.db, { userId: id, role: 'customer' }, now);
      const address = await api(token, 'POST', '/v1/user/shipping/', { street_address: 'Teststraße', house_number: String(i + 1), room: null, postal_code: target.postalCode, locality: 'Berlin', note: null });
      if (address.status !== 201) throw new Error(`address answered ${address.status}`);
      tokens.push(token);
    }

    const checkout = async (token: string, n: number) => {
      await api(token, 'PUT', '/v1/user/cart/pharmacy', { pharmacyId: target.pharmacyId });
      await api(token, 'PUT', `/v1/user/cart/items/${target.pzns[n % target.pzns.length]}`, { quantity: 1 + (n % 3) });
      const draft = await api(token, 'POST', '/v2/user/orders', {
        delivery: { option: 'asap' },
        safety: { pregnant: false, underage: false, nursing: false, for_someone_else: false, consulted_by_pharmacy: false },
        consent_pharmacy_data: true,
        meta: { sessionId: `bench-${n}`, irClickId: null, locale: 'de' },
      });
      if (draft.status !== 201 || !draft.body.id) throw new Error(`draft answered ${draft.status}`);
      const t0 = performance.now();
      const placed = await api(
        token,
        'POST',
        `/v2/user/orders/${draft.body.id}/place`,
        { payment: { card: { number: TEST_CARDS.visa, exp_month: 12, exp_year: 2030, cvc: '123' } } },
        { 'idempotency-key': randomUUID() },
      );
      return { ms: performance.now() - t0, ok: placed.status === 200 };
    };

    // Warm-up: plans, caches and the first connections.
    for (const [i, token] of tokens.slice(0, 3).entries()) await checkout(token, i);

    const latencies: number[] = [];
    let errors = 0;
    let started = 0;
    const begin = performance.now();
    const deadline = begin + options.seconds * 1000;
    await Promise.all(
      tokens.map(async (token) => {
        while (performance.now() < deadline && started < options.maxPlacements) {
          const n = started++;
          try {
            const result = await checkout(token, n);
            latencies.push(result.ms);
            if (!result.ok) errors++;
          } catch (error) {
            if (errors++ === 0) console.error('checkout failed:', error);
          }
        }
      }),
    );
    const elapsed = (performance.now() - begin) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      database,
      customers: options.customers,
      placements: latencies.length,
      errors,
      seconds: tenths(elapsed),
      placementsPerSecond: tenths(latencies.length / elapsed),
      medianMs: tenths(percentile(latencies, 50)),
      p95Ms: tenths(percentile(latencies, 95)),
      p99Ms: tenths(percentile(latencies, 99)),
    };
  } finally {
    await server.close();
  }
}

export async function measureOrders(options: { customers?: number; seconds?: number; maxPlacements?: number; postgresUrl?: string } = {}): Promise<OrdersMeasurement[]> {
  const settings = { customers: options.customers ?? 20, seconds: options.seconds ?? 10, maxPlacements: options.maxPlacements ?? 5000 };
  const catalog = await loadCatalog(path.resolve('catalog'));
  const results: OrdersMeasurement[] = [];

  const dir = mkdtempSync(path.join(os.tmpdir(), 'apobote-orders-bench-'));
  const lite = await openDb({ pgliteDir: dir, databaseUrl: undefined });
  try {
    results.push(await run(lite, 'pglite', catalog, settings));
  } finally {
    await lite.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const postgres = await withBenchDatabase(
    'order bench',
    async (url) => {
      const handle = await openDb({ databaseUrl: url });
      try {
        return await run(handle, 'postgres', catalog, settings);
      } finally {
        await handle.close();
      }
    },
    options.postgresUrl,
  );
  if (postgres) results.push(postgres);
  return results;
}

// `npx tsx scripts/bench/orders.ts` runs it alone.
runWhenMain(import.meta.url, () => measureOrders({ seconds: Number(process.env.BENCH_ORDERS_SECONDS ?? 10) }));
