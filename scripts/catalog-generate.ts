/**
 * Writes a synthetic catalogue for load tests and big-site builds:
 * `npm run catalog:generate -- --products 10000 [--out DIR]` (default out: data/generated-catalog-N),
 * then `CATALOG_DIR=DIR npm run build`. Categories, pharmacies and popular searches are copied from
 * the demo catalogue in catalog/; products are composed from the demo templates with extra brands and
 * pack sizes. catalog/ itself is never written.
 */
import path from 'node:path';
import { loadCatalog } from '../src/features/catalog';
import { generateProducts } from './catalog-data/synthetic';
import { stockCsv } from './catalog-data/stock';
import { writeCatalogFiles } from './catalog-data/write-catalog';

/** Each pharmacy carries about a quarter of the synthetic assortment (see stockQuantity). */
const SYNTHETIC_STOCK_COVERAGE = 0.25;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<number> {
  const count = Number(argument('--products') ?? 10_000);
  if (!Number.isInteger(count) || count < 1) {
    console.error('--products must be a positive whole number');
    return 1;
  }
  const demoDir = path.resolve('catalog');
  const out = path.resolve(argument('--out') ?? path.join('data', `generated-catalog-${count}`));
  if (out === demoDir || out.startsWith(`${demoDir}${path.sep}`)) {
    console.error('Refusing to overwrite the demo catalogue: choose another --out folder.');
    return 1;
  }
  const started = performance.now();
  const demo = await loadCatalog(demoDir);
  const products = generateProducts(count, demo.categories.map((category) => category.slug));
  await writeCatalogFiles(out, {
    categories: demo.categories,
    products,
    pharmacies: demo.pharmacies,
    popularSearches: demo.popularSearches,
    stockCsv: stockCsv(
      demo.pharmacies.map((pharmacy) => pharmacy.id),
      products.map((product) => product.pzn),
      SYNTHETIC_STOCK_COVERAGE,
    ),
  });
  console.log(`Wrote ${products.length} products to ${out} in ${Math.round(performance.now() - started)} ms.`);
  console.log(`Build the big site with: CATALOG_DIR=${path.relative(process.cwd(), out)} npm run build`);
  return 0;
}

process.exitCode = await main();
