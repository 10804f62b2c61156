/**
 * Search latency under load: the generated catalogue imported into a fresh PGlite in a temporary
 * folder, the API served in-process on a loopback port (node:http around Hono's app.fetch), and 20
 * clients searching a fixed list of queries back to back for a bounded time. Loopback only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApi } from '../../src/app/api';
import { importCatalog } from '../../src/app/import-catalogue';
import { loadCatalog } from '../../src/features/catalog';
import { openDb } from '../../src/platform/db/client';

export interface SearchMeasurement {
  products: number;
  clients: number;
  seconds: number;
  requests: number;
  errors: number;
  medianMs: number;
  p95Ms: number;
  requestsPerSecond: number;
}

/** Typical shop searches: exact words, typos, German inflections, English terms, prefixes, PZN-like digits. */
export const BENCH_QUERIES = [
  'ibuprofen', 'ibuprofn', 'kopfschmerz', 'Kopfschmerzen', 'headache', 'vitamin d', 'magnesium', 'zink',
  'nasenspray', 'nasenspary', 'erkältung', 'husten', 'sonnencreme', 'paracetamol', 'schlaf', 'ratiopharm',
  'vit', 'omega 3', 'pflaster', '1001',
];

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Serves `app.fetch` on 127.0.0.1 with node:http (no extra adapter package needed). */
function serve(fetchHandler: (request: Request) => Response | Promise<Response>): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    // GET only: no body to forward. A failure answers 500 instead of resetting the connection.
    Promise.resolve(fetchHandler(new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method })))
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        console.error(error);
        res.writeHead(500).end();
      });
  });
  // Clients reuse their connections between requests; never let the server close one mid-run.
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function measureSearch(options: { products?: number; clients?: number; seconds?: number } = {}): Promise<SearchMeasurement> {
  const count = options.products ?? 10_000;
  const clients = options.clients ?? 20;
  const seconds = options.seconds ?? 15;
  const catalogDir = path.resolve(`data/bench-catalog-${count}`);
  if (!existsSync(path.join(catalogDir, 'products'))) {
    const generated = spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/catalog-generate.ts', '--products', String(count), '--out', catalogDir], { stdio: 'inherit' });
    if (generated.status !== 0) throw new Error('catalog:generate failed');
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'apobote-search-bench-'));
  const handle = await openDb({ pgliteDir: dir, databaseUrl: undefined });
  let server: http.Server | undefined;
  try {
    await handle.migrate();
    await importCatalog(handle.db, await loadCatalog(catalogDir));
    const app = buildApi({ getDb: async () => handle.db, ping: () => handle.ping() });
    server = await serve((request) => app.fetch(request));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/shop/v1/search`;
    const url = (i: number) => `${base}?q=${encodeURIComponent(BENCH_QUERIES[i % BENCH_QUERIES.length]!)}&locale=de`;

    // Warm-up: first use of each query plans it and pages the indexes in.
    for (let i = 0; i < BENCH_QUERIES.length; i++) await (await fetch(url(i))).arrayBuffer();

    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let i = client; performance.now() < deadline; i += clients) {
          const t0 = performance.now();
          try {
            const response = await fetch(url(i));
            await response.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (!response.ok) errors++;
          } catch (error) {
            if (errors++ === 0) console.error('search request failed:', error);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      products: count,
      clients,
      seconds: Math.round(elapsed * 10) / 10,
      requests: latencies.length,
      errors,
      medianMs: Math.round(percentile(latencies, 50) * 10) / 10,
      p95Ms: Math.round(percentile(latencies, 95) * 10) / 10,
      requestsPerSecond: Math.round(latencies.length / elapsed),
    };
  } finally {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx scripts/bench/measure-search.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  measureSearch({ seconds: Number(process.env.BENCH_SEARCH_SECONDS ?? 15) })
    .then((result) => console.table([result]))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
