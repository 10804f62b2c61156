/**
 * `npx tsx scripts/bench/lighthouse-islands-only.ts`: only the signed-in Lighthouse part of
 * `npm run bench`, on the current build in `dist/` (`npx astro build` first; PORT, default 4396):
 * issue 30's island pages (checkout, settings, order page, back office) as the one who uses each,
 * plus login and the pharmacy selection, with performance, TBT, LCP and CLS (median of
 * BENCH_LIGHTHOUSE_RUNS, default 3). BENCH_PAGES="order page,login" audits only those; the reports are
 * kept in BENCH_LIGHTHOUSE_REPORTS (a folder) when it is set, to read what moved or blocked.
 */
import path from 'node:path';
import { loadCatalog } from '../../src/features/catalog';
import { islandTargets } from './measure-js';
import { lighthouse } from './measure-lighthouse';
import { startServer } from './server';

const PAGES = process.env.BENCH_PAGES?.split(',').map((name) => name.trim()) ?? ['checkout', 'settings', 'order page', 'back office', 'pharmacies', 'login'];

async function main() {
  const catalog = await loadCatalog(path.resolve('catalog'));
  const server = await startServer({ port: Number(process.env.PORT ?? 4396) });
  try {
    const targets = (await islandTargets(server.baseUrl, catalog)).filter((t) => PAGES.includes(t.name));
    const scores = [];
    for (const target of targets) scores.push(await lighthouse(target.name, target.url, undefined, target.token));
    console.table(scores.map(({ page, performance, performanceRange, tbtMs, lcpMs, cls }) => ({ page, performance, range: performanceRange, 'TBT ms': tbtMs, 'LCP ms': lcpMs, cls })));
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
