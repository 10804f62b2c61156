/**
 * Search latency under load: the generated catalogue imported into a fresh PGlite in a temporary
 * folder, the API served in-process on a loopback port (node:http around Hono's app.fetch), and 20
 * clients searching a fixed list of queries back to back for a bounded time. Loopback only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApi } from '../../src/app/api';
import { importCatalog } from '../../src/app/import-catalogue';
import { loadCatalog } from '../../src/features/catalog';
import { openDb } from '../../src/platform/db/client';
import { runLoad, serveOnLoopback, type LoadResult, type LoopbackServer } from './loopback';
import { runWhenMain } from './run-alone';

export interface SearchMeasurement extends LoadResult {
  products: number;
  clients: number;
}

/** Typical shop searches: exact words, typos, German inflections, English terms, prefixes, PZN-like digits. */
export const BENCH_QUERIES = [
  'ibuprofen', 'ibuprofn', 'kopfschmerz', 'Kopfschmerzen', 'headache', 'vitamin d', 'magnesium', 'zink',
  'nasenspray', 'nasenspary', 'erkältung', 'husten', 'sonnencreme', 'paracetamol', 'schlaf', 'ratiopharm',
  'vit', 'omega 3', 'pflaster', '1001',
];

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
  let server: LoopbackServer | undefined;
  try {
    await handle.migrate();
    await importCatalog(handle.db, await loadCatalog(catalogDir));
    const app = buildApi({ getDb: async () => handle.db, ping: () => handle.ping() });
    server = await serveOnLoopback((request) => app.fetch(request));
    const base = `${server.baseUrl}/api/shop/v1/search`;
    const url = (i: number) => `${base}?q=${encodeURIComponent(BENCH_QUERIES[i % BENCH_QUERIES.length]!)}&locale=de`;

    // Warm-up: first use of each query plans it and pages the indexes in.
    for (let i = 0; i < BENCH_QUERIES.length; i++) await (await fetch(url(i))).arrayBuffer();

    return { products: count, clients, ...(await runLoad(url, { clients, seconds })) };
  } finally {
    await server?.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `npx tsx scripts/bench/measure-search.ts` runs it alone.
runWhenMain(import.meta.url, () => measureSearch({ seconds: Number(process.env.BENCH_SEARCH_SECONDS ?? 15) }), (result) => console.table([result]));
