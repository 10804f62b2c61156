/**
 * Order placement under load, on PGlite and on PostgreSQL, as the checkout does it: cart, draft, a
 * PaymentIntent confirmed with a test card in the demo provider's hosted fields (the browser's side,
 * posted to the provider), then POST /api/v2/user/orders/{id}/place with the intent's id. The
 * customers run on a thread of their own (orders-worker.ts), as browsers are not in the shop's
 * process; the shop and the demo provider are this thread. Two scenarios:
 *
 *  - loop: 20 customers check out over and over for a bounded time; latency of the placement call
 *    (median, p95, p99) and its own share, the shop's: the call less the time its provider calls
 *    took (measured around the gateway, per PaymentIntent). Once with the provider answering at
 *    once and once with a simulated round trip (BENCH_ORDERS_PSP_LATENCY_MS, default 300 ms, as
 *    DEMO_PSP_LATENCY_MS does for a server), both back to back (no pause: the server is saturated
 *    and every latency is mostly its queue, p99 ≈ the time to serve 20 checkouts); then once with a
 *    seeded random pause of 1 s on average between a customer's checkouts (about 19 orders/s, the
 *    rate the issue measured), where latency is what a customer of a busy shop waits, without and
 *    with the provider's latency (the shop's share then excludes the provider's 300 ms). A fifth loop,
 *    paced, adds a mail relay and an SMS gateway that take 300 ms per message
 *    (BENCH_ORDERS_RELAY_LATENCY_MS) to the provider's 300 ms: a shop with real services, where the
 *    shop's share is what the customer waits beyond the provider, the messages included if it waits for them.
 *  - burst: 20 customers, each ready to pay for one unit of the same product, press "Order and pay"
 *    at the same moment; the wall time from the first request to the last answer. If a provider
 *    call were made under a lock the orders share (the product's stock row), the burst would take
 *    twenty round trips; it should take about one. Repeated, without and with the latency, and once
 *    with half as many units as customers: half are refused SOLD_OUT and the stock left must be
 *    exactly what was not sold.
 *
 * Before the first measurement on each database the customers check out back to back for 15 s,
 * unmeasured (WARM_UP_SECONDS): a running shop, not one that has just started.
 *
 * The API is served in-process on 127.0.0.1; PostgreSQL is a throwaway database next to
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped afterwards, and
 * skipped when unreachable. Alone: `npx tsx scripts/bench/orders.ts` (BENCH_ORDERS_SECONDS per loop,
 * default 10; BENCH_ORDERS_DATABASE=pglite or postgres for one of them).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApi } from '../../src/app/api';
import { importCatalog } from '../../src/app/import-catalogue';
import { users } from '../../src/features/accounts';
import { loadCatalog, type Catalog } from '../../src/features/catalog';
import { stock } from '../../src/features/pharmacies';
import { issueToken } from '../../src/platform/auth';
import { fixedClock } from '../../src/platform/clock';
import { openDb, type DbHandle } from '../../src/platform/db/client';
import { outboxMailer } from '../../src/platform/mail';
import { createDemoProvider, type DemoProvider, type PaymentGateway } from '../../src/platform/payments';
import { outboxSmsSender } from '../../src/platform/sms';
import { withBenchDatabase } from './databases';
import { percentile, serveOnLoopback, tenths } from './loopback';
import type { OrdersWorkerAnswer, OrdersWorkerCommand, OrdersWorkerInput, Placement } from './orders-worker';
import { runWhenMain } from './run-alone';

/** Customers checking out in a loop for a bounded time. */
export interface OrdersMeasurement {
  database: 'pglite' | 'postgres';
  /** The demo provider's simulated round trip per server-side call (DEMO_PSP_LATENCY_MS). */
  providerLatencyMs: number;
  /** The mail relay's and SMS gateway's simulated round trip per message (0: the outbox at once). */
  relayLatencyMs: number;
  customers: number;
  /**
   * Mean pause of each customer between the end of one checkout and the start of the next (random,
   * exponential, seeded): 0 is back to back, the server saturated and latency its queue; 1 000 ms
   * is 20 customers at about the rate the issue measured (19 orders/s), the queue a rush really forms.
   */
  thinkMs: number;
  placements: number;
  errors: number;
  seconds: number;
  placementsPerSecond: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  /** The placement call less the time it waited for the provider: the shop's own share. */
  shopMedianMs: number;
  shopP99Ms: number;
  providerMedianMs: number;
  /**
   * This process's CPU time per checkout (client and server, all five requests; PostgreSQL's own
   * work is another process): less sensitive than latencies to other programs on a shared machine.
   */
  cpuMsPerCheckout: number;
  /** The machine's 1-minute load average at the end: on a shared machine, what the figures were measured under. */
  load: number;
}

/** Every customer places an order for one and the same product at the same moment. */
export interface BurstMeasurement {
  database: 'pglite' | 'postgres';
  providerLatencyMs: number;
  customers: number;
  /** Units of the product on the shelf before the burst (each customer orders one). */
  stock: number;
  placed: number;
  soldOut: number;
  errors: number;
  /** From the first request to the last answer. */
  wallMs: number;
  shopP99Ms: number;
  /** Units left equal the stock before less the orders placed (nothing sold twice, nothing lost). */
  stockConsistent: boolean;
  /** This process's CPU time per placement during the burst (server, and the client's side of the requests). */
  cpuMsPerPlacement: number;
  /**
   * PostgreSQL: what the bench database's sessions were doing, sampled every few milliseconds
   * during the burst (share of samples: running, waiting for the shop's next statement, for a row
   * or advisory lock, …). Null on PGlite.
   */
  waits: string | null;
  load: number;
}

export interface OrdersResults {
  loops: OrdersMeasurement[];
  bursts: BurstMeasurement[];
}

/** The paced loop's mean pause between a customer's checkouts. */
const PAUSED_THINK_MS = 1000;
/**
 * The paced loop runs this many times as long as the others: at about 20 orders/s, 10 s give some
 * 200 placements, whose p99 is their second-slowest, which varied from 79 to 201 ms between runs of
 * one commit; 30 s give three times the samples.
 */
const PAUSED_DURATION_FACTOR = 3;

/**
 * Checkouts back to back, not measured, before the first measurement on each database. A server that
 * has just started spends markedly more CPU per checkout than one that has served a few hundred
 * (here 32–45 ms in the first 5 s, 18–21 ms after 20 s: the JIT has not compiled the hot paths, the
 * pools and caches are cold), and a shop at lunchtime has been running for hours. Without it the
 * first loop measured the start-up: p99 300 ms where the same loop run again gave 180 ms.
 */
const WARM_UP_SECONDS = 15;

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

/** Where the bench server takes the card the customers type into the provider's hosted fields. */
const CONFIRM_PATH = '/bench-psp/confirm';

interface Customers {
  /** One command at a time: the next is sent after the answer to the last. */
  ask(command: OrdersWorkerCommand): Promise<OrdersWorkerAnswer>;
  stop(): Promise<void>;
}

/** The customers' thread (orders-worker.ts). */
function startCustomers(input: OrdersWorkerInput): Customers {
  const worker = new Worker(new URL('./orders-worker.ts', import.meta.url), { workerData: input });
  return {
    ask: (command) =>
      new Promise((resolve, reject) => {
        const exited = (code: number) => reject(new Error(`the customers' thread exited (${code}) before it answered`));
        worker.once('error', reject);
        worker.once('exit', exited);
        worker.once('message', (answer: OrdersWorkerAnswer) => {
          worker.off('error', reject);
          worker.off('exit', exited);
          if (answer.kind === 'failed') reject(new Error(answer.message));
          else resolve(answer);
        });
        worker.postMessage(command);
      }),
    stop: async () => {
      await worker.terminate();
    },
  };
}

/**
 * The gateway the shop under test uses: the demo provider of the current scenario (no latency or a
 * simulated one), adding up per PaymentIntent the time calls on it spent at the provider, so a
 * placement's own share is its latency less that.
 */
function measuredGateway(current: () => DemoProvider, spent: Map<string, number>): PaymentGateway {
  const timed = async <T>(intentId: string, call: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await call();
    } finally {
      spent.set(intentId, (spent.get(intentId) ?? 0) + performance.now() - t0);
    }
  };
  return {
    provider: 'demo',
    live: false,
    browserConfig: () => current().browserConfig(),
    createIntent: (request) => current().createIntent(request),
    retrieveIntent: (intentId) => timed(intentId, () => current().retrieveIntent(intentId)),
    capture: (request) => timed(request.authorizationId, () => current().capture(request)),
    release: (request) => timed(request.authorizationId, () => current().release(request)),
    refund: (request) => timed(request.authorizationId, () => current().refund(request)),
    createCustomer: (request) => current().createCustomer(request),
    deleteCustomer: (customerId) => current().deleteCustomer(customerId),
    deletePaymentMethod: (paymentMethodId) => current().deletePaymentMethod(paymentMethodId),
    verifyWebhook: (rawBody, header, now) => current().verifyWebhook(rawBody, header, now),
  };
}

interface Settings {
  customers: number;
  seconds: number;
  warmUpSeconds: number;
  maxPlacements: number;
  providerLatencyMs: number;
  relayLatencyMs: number;
  bursts: number;
}

/**
 * Samples pg_stat_activity of one database from another connection until stopped: the share of
 * samples in which its sessions ran (active), waited for the client inside a transaction (ClientRead:
 * the shop's next statement), or waited for a lock (Lock/tuple, transactionid, advisory).
 */
async function sampleWaits(url: string): Promise<{ stop(): Promise<string> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ what: string }>(
        `select case when wait_event is null then state else wait_event_type || '/' || wait_event end as what
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and state <> 'idle'`,
      );
      for (const row of rows) {
        counts.set(row.what, (counts.get(row.what) ?? 0) + 1);
        samples += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([what, n]) => `${what} ${Math.round((100 * n) / Math.max(1, samples))}%`)
        .join(', ');
    },
  };
}

async function run(handle: DbHandle, database: OrdersMeasurement['database'], catalog: Catalog, settings: Settings, url?: string): Promise<OrdersResults> {
  await handle.migrate();
  await importCatalog(handle.db, catalog);
  const target = chooseTarget(catalog);
  const setStock = async (pzn: string, quantity: number) =>
    handle.db
      .insert(stock)
      .values({ pharmacyId: target.pharmacyId, pzn, quantity })
      .onConflictDoUpdate({ target: [stock.pharmacyId, stock.pzn], set: { quantity } });
  const stockOf = async (pzn: string) =>
    (await handle.db.select({ quantity: stock.quantity }).from(stock).where(and(eq(stock.pharmacyId, target.pharmacyId), eq(stock.pzn, pzn))))[0]?.quantity ?? 0;
  for (const pzn of target.pzns) await setStock(pzn, 1_000_000_000);

  const clock = fixedClock(BENCH_NOW);
  const providers = new Map<number, DemoProvider>();
  const providerWith = (latencyMs: number) => {
    let provider = providers.get(latencyMs);
    if (!provider) providers.set(latencyMs, (provider = createDemoProvider({ latencyMs })));
    return provider;
  };
  let provider = providerWith(0);
  const spent = new Map<string, number>();
  // The demo outbox, reached through a relay as slow as the current scenario says (an SMTP relay, an SMS gateway).
  let relayLatencyMs = 0;
  const throughRelay = async (send: () => Promise<void>) => {
    if (relayLatencyMs > 0) await new Promise((resolve) => setTimeout(resolve, relayLatencyMs));
    await send();
  };
  const app = buildApi({
    getDb: async () => handle.db,
    ping: () => handle.ping(),
    clock,
    adminToken: undefined,
    paymentGateway: measuredGateway(() => provider, spent),
    orders: {
      mailer: (db, mailClock) => ({ send: (message) => throughRelay(() => outboxMailer(db, mailClock).send(message)) }),
      sms: (db, smsClock) => ({ send: (message) => throughRelay(() => outboxSmsSender(db, smsClock).send(message)) }),
    },
  });
  const server = await serveOnLoopback(async (request) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${CONFIRM_PATH}/`)) return app.fetch(request);
    // The hosted fields' card confirmation. Not the demo provider's own routes (demo-routes.ts): they
    // also deliver its webhooks to the shop, which the bench has never measured.
    const card = (await request.json()) as { client_secret: string; number: string; expiry: string; cvc: string };
    const confirmed = await provider.confirm(url.pathname.slice(CONFIRM_PATH.length + 1), card.client_secret, { type: 'card', number: card.number, expiry: card.expiry, cvc: card.cvc });
    return Response.json({ status: confirmed.status });
  });
  let customers: Customers | null = null;
  try {
    // Customers are written directly (no password hashing in the measurement), then act through the API.
    const tokens: string[] = [];
    for (let i = 0; i < settings.customers; i++) {
      const id = randomUUID();
      const now = clock.now();
      await handle.db.insert(users).values({ id, email: `bench.${id}@example.de`, emailVerifiedAt: now, firstName: 'Bench', lastName: `Kunde ${i}`, phone: '+4915112345678', locale: 'de', createdAt: now, updatedAt: now });
      const { token } = await issueToken(handle.db, { userId: id, role: 'customer' }, now);
      const address = await fetch(`${server.baseUrl}/api/v1/user/shipping/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ street_address: 'Teststraße', house_number: String(i + 1), room: null, postal_code: target.postalCode, locality: 'Berlin', note: null }),
      });
      if (address.status !== 201) throw new Error(`address answered ${address.status}`);
      tokens.push(token);
    }
    customers = startCustomers({ baseUrl: server.baseUrl, confirmPath: CONFIRM_PATH, tokens, pharmacyId: target.pharmacyId });
    const shopShare = (placement: Placement) => placement.ms - (spent.get(placement.intentId) ?? 0);

    const loop = async (providerLatencyMs: number, thinkMs = 0, seconds = settings.seconds, relay = 0): Promise<OrdersMeasurement> => {
      provider = providerWith(providerLatencyMs);
      relayLatencyMs = relay;
      await customers!.ask({ kind: 'warm-up', pzns: target.pzns, checkouts: 3 });
      spent.clear();
      const cpu = process.cpuUsage();
      const answer = await customers!.ask({ kind: 'loop', pzns: target.pzns, thinkMs, seconds, maxPlacements: settings.maxPlacements });
      const cpuUsed = process.cpuUsage(cpu);
      relayLatencyMs = 0;
      if (answer.kind !== 'loop') throw new Error(`the customers answered ${answer.kind}`);
      const totals = answer.placements.map((placement) => placement.ms).sort((a, b) => a - b);
      const shop = answer.placements.map(shopShare).sort((a, b) => a - b);
      const waited = answer.placements.map((placement) => spent.get(placement.intentId) ?? 0).sort((a, b) => a - b);
      const elapsed = answer.elapsedSeconds;
      return {
        database,
        providerLatencyMs,
        relayLatencyMs: relay,
        customers: settings.customers,
        thinkMs,
        placements: totals.length,
        errors: answer.errors,
        seconds: tenths(elapsed),
        placementsPerSecond: tenths(totals.length / elapsed),
        medianMs: tenths(percentile(totals, 50)),
        p95Ms: tenths(percentile(totals, 95)),
        p99Ms: tenths(percentile(totals, 99)),
        shopMedianMs: tenths(percentile(shop, 50)),
        shopP99Ms: tenths(percentile(shop, 99)),
        providerMedianMs: tenths(percentile(waited, 50)),
        cpuMsPerCheckout: tenths((cpuUsed.user + cpuUsed.system) / 1000 / Math.max(1, totals.length)),
        load: tenths(os.loadavg()[0]!),
      };
    };

    // Every customer, ready to pay for one unit of the same product, presses "Order and pay" at once.
    const burst = async (providerLatencyMs: number, units: number, round: number): Promise<BurstMeasurement> => {
      provider = providerWith(providerLatencyMs);
      const pzn = target.pzns[0]!;
      await customers!.ask({ kind: 'prepare-burst', pzn, round });
      await setStock(pzn, units);
      spent.clear();
      const sampler = url ? await sampleWaits(url) : null;
      const cpu = process.cpuUsage();
      const answer = await customers!.ask({ kind: 'place-burst' });
      const cpuUsed = process.cpuUsage(cpu);
      const waits = sampler ? await sampler.stop() : null;
      if (answer.kind !== 'placed') throw new Error(`the customers answered ${answer.kind}`);
      const answers = answer.placements;
      const placed = answers.filter((placement) => placement.status === 200).length;
      const soldOut = answers.filter((placement) => placement.code === 'SOLD_OUT' || placement.code === 'STOCK_INSUFFICIENT').length;
      const left = await stockOf(pzn);
      await setStock(pzn, 1_000_000_000);
      const shop = answers.map(shopShare).sort((a, b) => a - b);
      return {
        database,
        providerLatencyMs,
        customers: tokens.length,
        stock: units,
        placed,
        soldOut,
        errors: answers.length - placed - soldOut,
        wallMs: tenths(answer.wallMs),
        shopP99Ms: tenths(percentile(shop, 99)),
        stockConsistent: left === units - placed,
        cpuMsPerPlacement: tenths((cpuUsed.user + cpuUsed.system) / 1000 / answers.length),
        waits,
        load: tenths(os.loadavg()[0]!),
      };
    };

    await customers.ask({ kind: 'loop', pzns: target.pzns, thinkMs: 0, seconds: settings.warmUpSeconds, maxPlacements: settings.maxPlacements });
    const paced = settings.seconds * PAUSED_DURATION_FACTOR;
    const loops = [
      await loop(0),
      await loop(settings.providerLatencyMs),
      await loop(0, PAUSED_THINK_MS, paced),
      await loop(settings.providerLatencyMs, PAUSED_THINK_MS, paced),
      await loop(settings.providerLatencyMs, PAUSED_THINK_MS, paced, settings.relayLatencyMs),
    ];
    // Without the provider's latency and with it: the difference is what the provider costs a burst.
    const bursts: BurstMeasurement[] = [];
    let round = 0;
    for (const latency of [0, settings.providerLatencyMs]) for (let i = 0; i < settings.bursts; i++) bursts.push(await burst(latency, tokens.length, round++));
    // Half as many units as customers: the other half must be refused, none sold twice.
    bursts.push(await burst(settings.providerLatencyMs, Math.floor(tokens.length / 2), round));
    return { loops, bursts };
  } finally {
    await customers?.stop();
    await server.close();
  }
}

export async function measureOrders(
  options: { customers?: number; seconds?: number; warmUpSeconds?: number; maxPlacements?: number; providerLatencyMs?: number; relayLatencyMs?: number; bursts?: number; databases?: readonly OrdersMeasurement['database'][]; postgresUrl?: string } = {},
): Promise<OrdersResults> {
  const settings: Settings = {
    customers: options.customers ?? 20,
    seconds: options.seconds ?? 10,
    warmUpSeconds: options.warmUpSeconds ?? WARM_UP_SECONDS,
    maxPlacements: options.maxPlacements ?? 5000,
    providerLatencyMs: options.providerLatencyMs ?? 300,
    relayLatencyMs: options.relayLatencyMs ?? 300,
    bursts: options.bursts ?? 3,
  };
  const catalog = await loadCatalog(path.resolve('catalog'));
  const results: OrdersResults = { loops: [], bursts: [] };
  const add = (measured: OrdersResults) => {
    results.loops.push(...measured.loops);
    results.bursts.push(...measured.bursts);
  };

  const databases = options.databases ?? ['pglite', 'postgres'];
  if (databases.includes('pglite')) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'apobote-orders-bench-'));
    const lite = await openDb({ pgliteDir: dir, databaseUrl: undefined });
    try {
      add(await run(lite, 'pglite', catalog, settings));
    } finally {
      await lite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  if (!databases.includes('postgres')) return results;
  const postgres = await withBenchDatabase(
    'order bench',
    async (url) => {
      const handle = await openDb({ databaseUrl: url });
      try {
        return await run(handle, 'postgres', catalog, settings, url);
      } finally {
        await handle.close();
      }
    },
    options.postgresUrl,
  );
  if (postgres) add(postgres);
  return results;
}

export function printOrders(results: OrdersResults): void {
  console.log('Order placement, customers in a loop (cart, draft, PaymentIntent confirmed at the provider, then POST …/place; latency of the placement call; shop = less the time waiting for the provider):');
  console.table(
    results.loops.map((o) => ({
      database: o.database,
      provider: `${o.providerLatencyMs} ms`,
      'mail/SMS': `${o.relayLatencyMs} ms`,
      customers: o.customers,
      pause: o.thinkMs > 0 ? `~${o.thinkMs} ms` : 'none',
      orders: o.placements,
      errors: o.errors,
      'orders/s': o.placementsPerSecond,
      median: `${o.medianMs} ms`,
      p95: `${o.p95Ms} ms`,
      p99: `${o.p99Ms} ms`,
      'shop median': `${o.shopMedianMs} ms`,
      'shop p99': `${o.shopP99Ms} ms`,
      'CPU/checkout': `${o.cpuMsPerCheckout} ms`,
      load: o.load,
    })),
  );
  console.log('Order placement, every customer orders the same product at once (wall: first request to last answer):');
  console.table(
    results.bursts.map((b) => ({
      database: b.database,
      provider: `${b.providerLatencyMs} ms`,
      customers: b.customers,
      stock: b.stock,
      placed: b.placed,
      'sold out': b.soldOut,
      errors: b.errors,
      wall: `${b.wallMs} ms`,
      'shop p99': `${b.shopP99Ms} ms`,
      'stock consistent': b.stockConsistent,
      'CPU/placement': `${b.cpuMsPerPlacement} ms`,
      load: b.load,
    })),
  );
  const sampled = results.bursts.filter((b) => b.waits);
  if (sampled.length > 0) {
    console.log('What PostgreSQL sessions did during each burst (share of samples):');
    for (const b of sampled) console.log(`  ${b.providerLatencyMs} ms provider, ${b.stock} units: ${b.waits}`);
  }
}

// `npx tsx scripts/bench/orders.ts` runs it alone.
runWhenMain(
  import.meta.url,
  () =>
    measureOrders({
      seconds: Number(process.env.BENCH_ORDERS_SECONDS ?? 10),
      providerLatencyMs: Number(process.env.BENCH_ORDERS_PSP_LATENCY_MS ?? 300),
      relayLatencyMs: Number(process.env.BENCH_ORDERS_RELAY_LATENCY_MS ?? 300),
      ...(process.env.BENCH_ORDERS_DATABASE ? { databases: [process.env.BENCH_ORDERS_DATABASE as OrdersMeasurement['database']] } : {}),
    }),
  printOrders,
);
