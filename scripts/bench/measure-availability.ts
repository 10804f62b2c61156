/**
 * Throughput of the batched availability endpoint (GET /api/shop/v1/pharmacies/{id}/availability)
 * as a ratio to a bare Hono endpoint measured in the same run, so the number says what the API
 * stack and the stock query cost on this machine rather than how fast the machine is. The demo
 * catalogue is imported into a fresh database (PGlite, or a throwaway PostgreSQL one); both apps
 * are served the same way on loopback and receive the same bounded load, one after the other.
 */
import path from 'node:path';
import { Hono } from 'hono';
import { buildApi } from '../../src/app/api';
import { importCatalog } from '../../src/app/import-catalogue';
import { loadCatalog, type Catalog } from '../../src/features/catalog';
import { withFreshDatabase, type BenchDatabase } from './databases';
import { runLoad, serveOnLoopback, type LoadResult, type LoopbackServer } from './loopback';
import { runWhenMain } from './run-alone';

export interface AvailabilityMeasurement {
  database: BenchDatabase;
  pharmacyId: string;
  pznsPerRequest: number;
  clients: number;
  secondsEach: number;
  availability: LoadResult;
  bare: LoadResult;
  /** availability req/s ÷ bare req/s: 1 would mean the endpoint costs nothing beyond HTTP itself. */
  ratio: number;
}

/** The pharmacy with the most stock rows, so batches hit real rows rather than the "not carried" path. */
function busiestPharmacy(catalog: Catalog): string {
  const rows = new Map<string, number>();
  for (const row of catalog.stock) rows.set(row.pharmacyId, (rows.get(row.pharmacyId) ?? 0) + 1);
  const [best] = [...rows.entries()].sort((a, b) => b[1] - a[1]);
  if (!best) throw new Error('the catalogue has no stock rows');
  return best[0];
}

/** Rotating windows over the catalogue's PZNs: a product-list page's worth per request, varied between requests. */
function pznBatches(catalog: Catalog, size: number): string[] {
  const pzns = catalog.products.map((product) => product.pzn);
  if (pzns.length < size) throw new Error(`the catalogue has fewer than ${size} products`);
  return Array.from({ length: 16 }, (_, b) => {
    const start = (b * 7) % pzns.length;
    return Array.from({ length: size }, (_, k) => pzns[(start + k) % pzns.length]!).join(',');
  });
}

/** Null when the database is PostgreSQL and not reachable. */
export async function measureAvailability(options: { clients?: number; seconds?: number; pznsPerRequest?: number; database?: BenchDatabase } = {}): Promise<AvailabilityMeasurement | null> {
  const clients = options.clients ?? 20;
  const seconds = options.seconds ?? 8;
  const size = options.pznsPerRequest ?? 48;
  const database = options.database ?? 'pglite';
  const catalog = await loadCatalog(path.resolve('catalog'));
  const pharmacyId = busiestPharmacy(catalog);
  const batches = pznBatches(catalog, size);

  return withFreshDatabase(database, async (handle) => {
    const servers: LoopbackServer[] = [];
    try {
      await importCatalog(handle.db, catalog);
      const api = buildApi({ getDb: async () => handle.db, ping: () => handle.ping() });
      // The baseline: the same framework and adapter with no middleware, validation or database.
      const bareApp = new Hono().get('/ping', (c) => c.json({ ok: true }));
      const apiServer = await serveOnLoopback((request) => api.fetch(request));
      servers.push(apiServer);
      const bareServer = await serveOnLoopback((request) => bareApp.fetch(request));
      servers.push(bareServer);

      const availabilityUrls = batches.map((batch) => `${apiServer.baseUrl}/api/shop/v1/pharmacies/${pharmacyId}/availability?pzn=${batch}`);
      const bareUrls = [`${bareServer.baseUrl}/ping`];

      // Warm-up: plans the stock query, pages PGlite in and lets the JIT settle on both paths.
      const check = await fetch(availabilityUrls[0]!);
      if (!check.ok) throw new Error(`availability answered ${check.status}: ${await check.text()}`);
      await runLoad(availabilityUrls, { clients, seconds: 1 });
      await runLoad(bareUrls, { clients, seconds: 1 });

      const bare = await runLoad(bareUrls, { clients, seconds });
      const availability = await runLoad(availabilityUrls, { clients, seconds });
      const ratio = bare.requestsPerSecond > 0 ? Math.round((availability.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000 : 0;
      return { database, pharmacyId, pznsPerRequest: size, clients, secondsEach: seconds, availability, bare, ratio };
    } finally {
      for (const server of servers) await server.close();
    }
  });
}

// `npx tsx scripts/bench/measure-availability.ts` runs it alone (BENCH_DATABASE=postgres for PostgreSQL).
runWhenMain(
  import.meta.url,
  () => measureAvailability({ seconds: Number(process.env.BENCH_AVAILABILITY_SECONDS ?? 8), database: process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite' }),
  (result) => {
    if (!result) return;
    console.table([
      { endpoint: `availability (48 PZNs, ${result.database})`, ...result.availability },
      { endpoint: 'bare Hono', ...result.bare },
    ]);
    console.log(`ratio availability/bare: ${result.ratio}`);
  },
);
