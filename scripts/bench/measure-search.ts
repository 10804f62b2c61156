/**
 * Search latency under load: the generated catalogue imported into a fresh database (PGlite in a
 * temporary folder, or a throwaway PostgreSQL database), the API served in-process on a loopback
 * port (node:http around Hono's app.fetch), and 20 clients searching a fixed list of queries back
 * to back for a bounded time; then the same with a long tail of distinct queries, none answered
 * from the index's memory of recent answers. Also reports what the first search costs (the process
 * builds its search index then) and how much the JavaScript heap grew with it. Loopback only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import v8 from 'node:v8';
import { buildApi } from '../../src/app/api';
import { importCatalog } from '../../src/app/import-catalogue';
import { loadCatalog, type Catalog } from '../../src/features/catalog';
import { withFreshDatabase, type BenchDatabase } from './databases';
import { runLoad, serveOnLoopback, type LoadResult } from './loopback';
import { runWhenMain } from './run-alone';

export interface SearchMeasurement extends LoadResult {
  database: BenchDatabase;
  products: number;
  clients: number;
  /** The same load with queries that never repeat within an index's memory of recent answers. */
  longTail: LoadResult & { distinctQueries: number };
  /** The first search after the import: builds the process's index. */
  firstSearchMs: number;
  /** Growth of the JavaScript heap and array buffers with that first search (the index and its product data). */
  indexHeapMb: number;
}

/** Typical shop searches: exact words, typos, German inflections, English terms, prefixes, PZN-like digits. */
export const BENCH_QUERIES = [
  'ibuprofen', 'ibuprofn', 'kopfschmerz', 'Kopfschmerzen', 'headache', 'vitamin d', 'magnesium', 'zink',
  'nasenspray', 'nasenspary', 'erkältung', 'husten', 'sonnencreme', 'paracetamol', 'schlaf', 'ratiopharm',
  'vit', 'omega 3', 'pflaster', '1001',
];

/**
 * Queries the way a long tail of shoppers types them: words of product names whole, cut short and
 * misspelt (a letter dropped), each in both languages: more distinct searches than an index keeps
 * answers for, so every one is answered from scratch.
 */
export function longTailQueries(catalog: Catalog): string[] {
  const words = new Set<string>();
  for (const product of catalog.products) for (const word of product.name.split(/[\s-]+/)) if (/^\p{L}{5,}$/u.test(word)) words.add(word.toLowerCase());
  const queries = new Set<string>();
  for (const word of words) for (const typed of [word, word.slice(0, 4), word.slice(0, 2) + word.slice(3)]) queries.add(typed);
  return [...queries];
}

/** JavaScript heap and array buffers after a full collection (the bench turns --expose-gc on for itself). */
function settledHeapBytes(): number {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

export function benchCatalogDir(count: number): string {
  const catalogDir = path.resolve(`data/bench-catalog-${count}`);
  if (!existsSync(path.join(catalogDir, 'products'))) {
    const generated = spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/catalog-generate.ts', '--products', String(count), '--out', catalogDir], { stdio: 'inherit' });
    if (generated.status !== 0) throw new Error('catalog:generate failed');
  }
  return catalogDir;
}

/** Null when the database is PostgreSQL and not reachable. */
export async function measureSearch(options: { products?: number; clients?: number; seconds?: number; database?: BenchDatabase } = {}): Promise<SearchMeasurement | null> {
  const count = options.products ?? 10_000;
  const clients = options.clients ?? 20;
  const seconds = options.seconds ?? 15;
  const database = options.database ?? 'pglite';
  const catalog = await loadCatalog(benchCatalogDir(count));

  return withFreshDatabase(database, async (handle) => {
    await importCatalog(handle.db, catalog);
    const app = buildApi({ getDb: async () => handle.db, ping: () => handle.ping() });
    const server = await serveOnLoopback((request) => app.fetch(request));
    try {
      const base = `${server.baseUrl}/api/shop/v1/search`;
      const urls = BENCH_QUERIES.map((query) => `${base}?q=${encodeURIComponent(query)}&locale=de`);

      const heapBefore = settledHeapBytes();
      const started = performance.now();
      const first = await fetch(urls[0]!);
      if (!first.ok) throw new Error(`search answered ${first.status}: ${await first.text()}`);
      await first.arrayBuffer();
      const firstSearchMs = Math.round(performance.now() - started);
      const indexHeapMb = Math.round((settledHeapBytes() - heapBefore) / 1024 / 102.4) / 10;

      // Warm-up: first use of each query plans it and pages the indexes in.
      for (const url of urls) await (await fetch(url)).arrayBuffer();

      const repeated = await runLoad(urls, { clients, seconds });
      const tail = longTailQueries(catalog);
      const tailUrls = ['de', 'en'].flatMap((locale) => tail.map((query) => `${base}?q=${encodeURIComponent(query)}&locale=${locale}`));
      const longTail = { distinctQueries: tailUrls.length, ...(await runLoad(tailUrls, { clients, seconds })) };
      return { database, products: count, clients, firstSearchMs, indexHeapMb, ...repeated, longTail };
    } finally {
      await server.close();
    }
  });
}

// `npx tsx scripts/bench/measure-search.ts` runs it alone, on PGlite and PostgreSQL.
runWhenMain(
  import.meta.url,
  async () => {
    const seconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 15);
    const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
    const results: SearchMeasurement[] = [];
    for (const database of ['pglite', 'postgres'] as const) {
      const result = await measureSearch({ seconds, products, database });
      if (result) results.push(result);
    }
    return results;
  },
  (results) =>
    console.table(results.map(({ longTail, ...result }) => ({ ...result, longTailReqPerS: longTail.requestsPerSecond, longTailMedianMs: longTail.medianMs, longTailP95Ms: longTail.p95Ms }))),
);
