/**
 * Composes the demo catalogue in catalog/ from the templates in this folder. Run once to (re)create the
 * demo data: `npx tsx scripts/catalog-data/build-demo.ts [--out DIR]`. After that the JSON files are
 * the source editors change; running this again overwrites their edits.
 */
import path from 'node:path';
import { categories } from './categories';
import { expandTemplate } from './expand';
import { PznAllocator } from './hash';
import { pharmacies } from './pharmacies';
import { popularSearches } from './popular-searches';
import { stockCsv } from './stock';
import { categoryTemplates } from './templates';
import type { ProductInput } from '../../src/features/catalog';
import { writeCatalogFiles } from './write-catalog';

export function composeDemoProducts(): ProductInput[] {
  const pzns = new PznAllocator();
  return categoryTemplates.flatMap(({ categorySlug, templates }) =>
    templates.flatMap((template) => expandTemplate(template, categorySlug, { pzn: (key) => pzns.fromKey(key) })),
  );
}

async function main() {
  const outIndex = process.argv.indexOf('--out');
  const dir = path.resolve(outIndex > 0 ? (process.argv[outIndex + 1] ?? 'catalog') : 'catalog');
  const products = composeDemoProducts();
  await writeCatalogFiles(dir, {
    categories,
    products,
    pharmacies,
    popularSearches,
    stockCsv: stockCsv(
      pharmacies.map((pharmacy) => pharmacy.id),
      products.map((product) => product.pzn),
    ),
  });
  console.log(`Wrote ${products.length} products in ${categories.length} categories, ${pharmacies.length} pharmacies to ${dir}`);
}

await main();
