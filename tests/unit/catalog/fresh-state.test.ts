import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogIndex } from '../../../src/features/catalog/model/catalog-index';
import { loadCatalog, productSlug, type Catalog, type Product } from '../../../src/features/catalog';
import { freshStateOf, manifestOf, rowToProduct, type BuildManifest } from '../../../src/features/catalog/server/fresh-catalog';
import { toProductRow } from '../../../src/features/catalog/server/import-catalog';
import type { ProductRow } from '../../../src/features/catalog/server/product-reads';

/*
 * Which prebuilt pages a database change makes stale, decided from the build's manifest and the
 * database's rows alone (the demo catalogue as both, then one product changed at a time).
 */

let catalog: Catalog;
let manifest: BuildManifest;

const rowOf = (product: Product): ProductRow => ({ ...toProductRow(product), active: true, updatedAt: new Date(0) }) as ProductRow;
const db = (products: readonly Product[]) => ({ rows: products.map(rowOf), categories: catalog.categories, popularSearches: catalog.popularSearches });
const changing = (pzn: string, change: (p: Product) => Product) => catalog.products.map((p) => (p.pzn === pzn ? change(p) : p));

beforeAll(async () => {
  catalog = await loadCatalog(path.resolve('catalog'));
  manifest = manifestOf(buildCatalogIndex(catalog), new Date(0));
});

describe('fresh catalogue pages', () => {
  it('a database row turns back into the product the files describe', () => {
    for (const product of catalog.products) expect(rowToProduct(rowOf(product))).toEqual(product);
  });

  it('nothing is fresh while the database holds what the build rendered', () => {
    const state = freshStateOf(manifest, db(catalog.products), 1);
    expect(state.pzns.size).toBe(0);
    expect(state.index).toBeNull();
  });

  it('a featured product listed by popular searches: its pages in both languages, its category, the home page and exactly those searches', () => {
    const pzn = manifest.featured[0]!;
    const product = catalog.products.find((p) => p.pzn === pzn)!;
    const state = freshStateOf(manifest, db(changing(pzn, (p) => ({ ...p, priceCents: p.priceCents + 1 }))), 2);
    expect([...state.pzns]).toEqual([pzn]);
    const slug = productSlug(product);
    const searches = Object.entries(manifest.searches).filter(([, pzns]) => pzns.includes(pzn)).map(([key]) => key);
    expect(searches.length).toBeGreaterThan(0);
    const searchPaths = searches.map((key) => {
      const [locale, search] = key.split(':');
      return `${locale === 'de' ? '/de' : ''}/shop/search/${search}/`;
    });
    expect(new Set(state.paths)).toEqual(new Set([`/shop/product/${slug}/`, `/de/shop/product/${slug}/`, '/shop/', '/de/shop/', ...searchPaths]));
    expect(state.prefixes).toEqual([`/shop/category/${product.categorySlug}/`, `/de/shop/category/${product.categorySlug}/`]);
    expect(state.generation).toBe(2);
  });

  it('a renamed product moved to another category: old and new pages, both categories', () => {
    const product = catalog.products.find((p) => !manifest.featured.includes(p.pzn))!;
    const other = catalog.categories.find((c) => c.slug !== product.categorySlug)!.slug;
    const moved = { ...product, name: `${product.name} Neu`, categorySlug: other };
    const state = freshStateOf(manifest, db(changing(product.pzn, () => moved)), 3);
    for (const slug of [productSlug(product), productSlug(moved)]) {
      expect(state.paths.has(`/shop/product/${slug}/`)).toBe(true);
      expect(state.paths.has(`/de/shop/product/${slug}/`)).toBe(true);
    }
    for (const category of [product.categorySlug, other]) expect(state.prefixes).toContain(`/shop/category/${category}/`);
    // The on-demand listing keeps the build's order and puts the moved product where the build had it.
    expect(state.index!.productsByCategory.get(other)!.some((p) => p.pzn === product.pzn)).toBe(true);
    expect(state.index!.productsByCategory.get(product.categorySlug)!.some((p) => p.pzn === product.pzn)).toBe(false);
  });
});
