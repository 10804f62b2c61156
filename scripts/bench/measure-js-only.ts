/**
 * `npx tsx scripts/bench/measure-js-only.ts [--files]`: only the page-weight part of `npm run bench`,
 * on the current build in `dist/` (`npx astro build` first; PORT, default 4397, for the server it
 * starts): JS shipped before interaction (gzip) on the catalogue pages (budget 20 KB) and on the
 * pages with islands (budget 100 KB), each as the one who uses it. `--files` also lists each page's scripts.
 */
import path from 'node:path';
import { loadCatalog, productSlug } from '../../src/features/catalog';
import { CATALOGUE_JS_BUDGET_KB, ISLAND_JS_BUDGET_KB, islandTargets, measureJs } from './measure-js';
import { PREACT_KB } from './preact-baseline';
import { startServer } from './server';

const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const catalog = await loadCatalog(path.resolve('catalog'));
  const category = catalog.categories[0]!;
  const product = catalog.products.find((p) => p.kind !== 'prescription' && p.categorySlug === category.slug) ?? catalog.products[0]!;
  const server = await startServer({ port: Number(process.env.PORT ?? 4397) });
  try {
    const catalogue = [
      { name: 'home', url: `${server.baseUrl}/shop/` },
      { name: 'category', url: `${server.baseUrl}/shop/category/${category.slug}/` },
      { name: 'product', url: `${server.baseUrl}/shop/product/${productSlug(product)}/` },
    ];
    const islands = await islandTargets(server.baseUrl, catalog);
    const measured = await measureJs([...catalogue, ...islands]);
    const catalogueNames = new Set(catalogue.map((p) => p.name));
    console.table(
      measured.map((m) => {
        const budget = catalogueNames.has(m.page) ? CATALOGUE_JS_BUDGET_KB : ISLAND_JS_BUDGET_KB;
        return { page: m.page, 'Preact (3c4a2e7)': PREACT_KB[m.page] === undefined ? '' : `${PREACT_KB[m.page]!.toFixed(1)} KB`, total: KB(m.scriptBytesGzip), files: m.scriptFiles, budget: `${budget} KB`, within: m.scriptBytesGzip <= budget * 1024 };
      }),
    );
    if (process.argv.includes('--files')) {
      for (const m of measured) {
        console.log(`\n${m.page}:`);
        for (const s of [...m.scripts].sort((a, b) => b.bytesGzip - a.bytesGzip)) console.log(`  ${KB(s.bytesGzip).padStart(9)}  ${s.url.replace(server.baseUrl, '')}`);
      }
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
