import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Category, Pharmacy, PopularSearch, ProductInput } from '../../src/features/catalog';

export interface CatalogFiles {
  categories: Category[];
  products: ProductInput[];
  pharmacies: Pharmacy[];
  popularSearches: PopularSearch[];
  stockCsv: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes a catalogue in the editors' layout: one products file per category (so an editor opens only
 * the shelf they change). The products folder is recreated so a removed category leaves no stale file.
 */
export async function writeCatalogFiles(dir: string, files: CatalogFiles): Promise<void> {
  const productsDir = path.join(dir, 'products');
  await rm(productsDir, { recursive: true, force: true });
  await mkdir(productsDir, { recursive: true });
  const byCategory = new Map<string, ProductInput[]>(files.categories.map((category) => [category.slug, []]));
  for (const product of files.products) byCategory.get(product.categorySlug)?.push(product);
  await Promise.all([
    writeFile(path.join(dir, 'categories.json'), json(files.categories)),
    writeFile(path.join(dir, 'pharmacies.json'), json(files.pharmacies)),
    writeFile(path.join(dir, 'popular-searches.json'), json(files.popularSearches)),
    writeFile(path.join(dir, 'stock.csv'), files.stockCsv),
    ...[...byCategory].map(([slug, products]) => writeFile(path.join(productsDir, `${slug}.json`), json(products))),
  ]);
}
