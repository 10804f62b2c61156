/**
 * "Price change visible after N ms" (issue 16: at most 60 s without a rebuild). On a real server
 * process (scripts/start.ts, the shipped build), the operator uploads a product file with one price
 * changed through the back office (POST /api/v1/pharmacy/catalog/import), and the product page is
 * requested until its JSON-LD offer shows the new price: the time from the start of the upload to that
 * answer, several changes in a row. Once on one PGlite process, and once on two processes on
 * PostgreSQL where B takes the upload and A serves the page. Also the time to first byte of the changed
 * page (rendered on demand) against an unchanged one (the static file). Traffic stays on 127.0.0.1.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_OPERATOR } from '../../src/features/accounts';
import { loadCatalog, productSlug, type Product } from '../../src/features/catalog';
import { callApi } from '../../tests/support/live-order';
import { withBenchDatabase } from './databases';
import { percentile, tenths } from './loopback';
import { runWhenMain } from './run-alone';
import { startServer, type RunningServer } from './server';

export interface FreshPriceMeasurement {
  setup: string;
  changes: number;
  /** From the start of the upload to the first page answer with the new price. */
  visibleMedianMs: number;
  visibleMaxMs: number;
  /** Of that, the upload's own answer (validating and importing the whole catalogue). */
  uploadMedianMs: number;
  /** Time to the whole answer, 50 requests each: the changed page (on demand) and an unchanged one (static). */
  onDemandMedianMs: number;
  staticMedianMs: number;
}

const CHANGES = 5;
const LIMIT_MS = 60_000;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  await (await fetch(url)).arrayBuffer();
  return performance.now() - started;
}

async function median(url: string, count = 50): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await timed(url));
  return tenths(percentile(times.sort((x, y) => x - y), 50));
}

async function measureSetup(setup: string, uploadTo: RunningServer, readFrom: RunningServer, catalogDir: string): Promise<FreshPriceMeasurement> {
  const catalog = await loadCatalog(catalogDir);
  const product = catalog.products.find((p) => p.kind !== 'prescription')!;
  const unchanged = catalog.products.find((p) => p.categorySlug !== product.categorySlug)!;
  const file = `products/${product.categorySlug}.json`;
  const original = await readFile(path.join(catalogDir, file), 'utf8');
  const operator = await callApi<{ token: string }>(uploadTo.baseUrl, null, 'POST', '/v1/user/login', { email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password });
  const page = `${readFrom.baseUrl}/shop/product/${productSlug(product)}/`;
  const visible: number[] = [];
  const uploads: number[] = [];
  for (let change = 1; change <= CHANGES; change++) {
    const price = product.priceCents + change;
    const products = (JSON.parse(original) as Product[]).map((p) => (p.pzn === product.pzn ? { ...p, priceCents: price } : p));
    const offer = `"price":"${(price / 100).toFixed(2)}"`;
    const started = performance.now();
    await callApi(uploadTo.baseUrl, operator.token, 'POST', '/v1/pharmacy/catalog/import', { path: file, file_text: JSON.stringify(products, null, 2) });
    uploads.push(performance.now() - started);
    for (;;) {
      const html = await (await fetch(page)).text();
      if (html.includes(offer)) break;
      if (performance.now() - started > LIMIT_MS) throw new Error(`${setup}: the new price was not on the page after ${LIMIT_MS} ms`);
    }
    visible.push(performance.now() - started);
  }
  visible.sort((x, y) => x - y);
  uploads.sort((x, y) => x - y);
  return {
    setup,
    changes: CHANGES,
    visibleMedianMs: tenths(percentile(visible, 50)),
    visibleMaxMs: tenths(visible.at(-1)!),
    uploadMedianMs: tenths(percentile(uploads, 50)),
    onDemandMedianMs: await median(page),
    staticMedianMs: await median(`${readFrom.baseUrl}/shop/product/${productSlug(unchanged)}/`),
  };
}

/** A copy of the demo catalogue for the upload to write into (never the repository's catalog/). */
async function catalogCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apobote-bench-catalog-'));
  await cp(path.resolve('catalog'), dir, { recursive: true });
  return dir;
}

export async function measureFreshPrice(options: { env?: NodeJS.ProcessEnv; ports?: [number, number, number] } = {}): Promise<FreshPriceMeasurement[]> {
  const env = { PASSWORD_HASH_COST: '10', ...options.env };
  const [lonePort, portA, portB] = options.ports ?? [4386, 4387, 4388];
  const results: FreshPriceMeasurement[] = [];

  const loneCatalog = await catalogCopy();
  const lone = await startServer({ port: lonePort, env: { ...env, CATALOG_DIR: loneCatalog } });
  try {
    results.push(await measureSetup('1 process, PGlite', lone, lone, loneCatalog));
  } finally {
    await lone.stop();
    await rm(loneCatalog, { recursive: true, force: true });
  }

  const shared = await withBenchDatabase('the price-change measurement', async (url) => {
    const bCatalog = await catalogCopy();
    let a: RunningServer | undefined;
    let b: RunningServer | undefined;
    try {
      a = await startServer({ port: portA, env: { ...env, DATABASE_URL: url } });
      b = await startServer({ port: portB, env: { ...env, DATABASE_URL: url, CATALOG_DIR: bCatalog } });
      return await measureSetup('2 processes, PostgreSQL (upload to B, page from A)', b, a, bCatalog);
    } finally {
      await Promise.all([a?.stop(), b?.stop()]);
      await rm(bCatalog, { recursive: true, force: true });
    }
  });
  if (shared) results.push(shared);
  return results;
}

export function printFreshPrice(results: FreshPriceMeasurement[]): void {
  console.log(`Price change visible after (back-office upload of one changed price → the product page shows it; ${CHANGES} changes; limit ${LIMIT_MS / 1000} s):`);
  console.table(
    results.map((r) => ({
      setup: r.setup,
      changes: r.changes,
      'visible after (median)': `${r.visibleMedianMs} ms`,
      'visible after (max)': `${r.visibleMaxMs} ms`,
      'of which the upload': `${r.uploadMedianMs} ms`,
      'changed page (on demand)': `${r.onDemandMedianMs} ms`,
      'unchanged page (static)': `${r.staticMedianMs} ms`,
    })),
  );
}

// `npx tsx scripts/bench/fresh-price.ts` runs it alone (on the build in dist/); BENCH_PORT_BASE moves its three ports.
const portBase = Number(process.env.BENCH_PORT_BASE ?? 4386);
runWhenMain(import.meta.url, () => measureFreshPrice({ ports: [portBase, portBase + 1, portBase + 2] }), printFreshPrice);
