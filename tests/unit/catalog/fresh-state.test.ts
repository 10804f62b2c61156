import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogIndex } from '../../../src/features/catalog/model/catalog-index';
import { groupPositions, groupProducts, loadCatalog, productSlug, type Catalog, type Product } from '../../../src/features/catalog';
import { freshStateOf, livePageOf, manifestOf, rowToProduct, type BuildManifest } from '../../../src/features/catalog/server/fresh-catalog';
import { toProductRow } from '../../../src/features/catalog/server/import-catalog';
import type { ProductRow } from '../../../src/features/catalog/server/product-reads';

/*
 * Which prebuilt pages a database change makes stale, decided from the build's manifest and the
 * database's rows alone (the demo catalogue as both, then one product changed at a time).
 */

let catalog: Catalog;
let manifest: BuildManifest;

let positions: Map<string, number>;
const rowOf = (product: Product): ProductRow => ({ ...toProductRow(product, positions.get(product.pzn)), active: true, updatedAt: new Date(0) }) as ProductRow;
const db = (products: readonly Product[]) => ({ rows: products.map(rowOf), categories: catalog.categories, popularSearches: catalog.popularSearches });
const changing = (pzn: string, change: (p: Product) => Product) => catalog.products.map((p) => (p.pzn === pzn ? change(p) : p));

beforeAll(async () => {
  catalog = await loadCatalog(path.resolve('catalog'));
  positions = groupPositions(catalog.products);
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

  it('a featured product (without pack sizes) listed by popular searches: its pages in both languages, its category, the home page and exactly those searches', () => {
    const lone = (pzn: string) => catalog.products.some((p) => p.pzn === pzn && p.group === undefined);
    const pzn = manifest.featured.find((f) => lone(f) && Object.values(manifest.searches).some((pzns) => pzns.includes(f)))!;
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
    // Its former page moves to the new one (the build's 301 map does not know the new name yet).
    expect(livePageOf(state.index!, `/de/shop/product/${productSlug(product)}/`)).toEqual({ kind: 'moved', locale: 'de', to: `/de/shop/product/${productSlug(moved)}/` });
    // The on-demand listing keeps the build's order and puts the moved product where the build had it.
    expect(state.index!.productsByCategory.get(other)!.some((p) => p.pzn === product.pzn)).toBe(true);
    expect(state.index!.productsByCategory.get(product.categorySlug)!.some((p) => p.pzn === product.pzn)).toBe(false);
  });

  it('a price change of a size that is not the one the listings show: the group\'s page, every size\'s page, the listings showing the group, in both languages', () => {
    const group = groupProducts(catalog.products).find((g) => g.grouped && g.variants.length >= 3 && manifest.featured.includes(g.defaultVariant.pzn))
      ?? groupProducts(catalog.products).find((g) => g.grouped && g.variants.length >= 2 && manifest.featured.includes(g.defaultVariant.pzn))!;
    const size = group.variants.find((v) => v.pzn !== group.defaultVariant.pzn)!;
    const price = size.priceCents + 77;
    const state = freshStateOf(manifest, db(changing(size.pzn, (p) => ({ ...p, priceCents: price }))), 4);
    expect([...state.pzns]).toEqual([size.pzn]);
    const pages = [group.slug, ...group.variants.map((v) => productSlug(v))].flatMap((slug) => [`/shop/product/${slug}/`, `/de/shop/product/${slug}/`]);
    for (const page of pages) expect(state.paths.has(page), page).toBe(true);
    // The group's card (its default size) is featured on the home page and listed by searches.
    expect(state.paths.has('/shop/')).toBe(true);
    expect(state.paths.has('/de/shop/')).toBe(true);
    const searches = Object.entries(manifest.searches).filter(([, pzns]) => pzns.some((pzn) => group.variants.some((v) => v.pzn === pzn)));
    for (const [key] of searches) {
      const [locale, search] = key.split(':');
      expect(state.paths.has(`${locale === 'de' ? '/de' : ''}/shop/search/${search}/`), key).toBe(true);
    }
    expect(state.prefixes).toEqual([`/shop/category/${size.categorySlug}/`, `/de/shop/category/${size.categorySlug}/`]);
    // Another group's pages stay static.
    const other = groupProducts(catalog.products).find((g) => g.grouped && g.slug !== group.slug)!;
    expect(state.paths.has(`/shop/product/${other.slug}/`)).toBe(false);

    // The on-demand pages are the static routes' pages: the group's page opens with its default
    // size, a size's page chooses that size, and both carry every size with its price.
    const index = state.index!;
    for (const locale of ['en', 'de'] as const) {
      const prefix = locale === 'de' ? '/de' : '';
      const groupPage = livePageOf(index, `${prefix}/shop/product/${group.slug}/`);
      expect(groupPage).toMatchObject({ kind: 'product', locale, sizeChosen: false, product: { pzn: group.defaultVariant.pzn } });
      const sizePage = livePageOf(index, `${prefix}/shop/product/${productSlug(size)}/`);
      expect(sizePage).toMatchObject({ kind: 'product', locale, sizeChosen: true, product: { pzn: size.pzn, priceCents: price } });
      for (const live of [groupPage, sizePage]) {
        if (live?.kind !== 'product') throw new Error('not a product page');
        expect(live.group.slug).toBe(group.slug);
        expect(live.group.variants.map((v) => [v.pzn, v.priceCents])).toEqual(group.variants.map((v) => [v.pzn, v.pzn === size.pzn ? price : v.priceCents]));
      }
    }
    // The listings keep one card per group, the build's size.
    const listed = index.productsByCategory.get(size.categorySlug)!.filter((p) => p.group === group.slug);
    expect(listed.map((p) => p.pzn)).toEqual([group.defaultVariant.pzn]);
    // A size of a lone product, or a PZN the group does not have, has no page.
    expect(livePageOf(index, `/shop/product/${group.slug}/00000000/`)).toBeNull();
    const lone = groupProducts(catalog.products).find((g) => !g.grouped)!;
    expect(livePageOf(index, `/shop/product/${lone.slug}/`)).toMatchObject({ kind: 'product', sizeChosen: false, product: { pzn: lone.defaultVariant.pzn } });
    expect(livePageOf(index, `/shop/product/${lone.slug}/${lone.defaultVariant.pzn}/`)).toBeNull();
  });

  it('sizes of a group put in another order in the files: the group opens with its new first size, on demand', () => {
    const group = groupProducts(catalog.products).find((g) => g.grouped && g.variants.length >= 2)!;
    const [first, second] = [group.defaultVariant, group.variants.find((v) => v.pzn !== group.defaultVariant.pzn)!];
    const reordered = catalog.products.map((p) => (p.pzn === first.pzn ? second : p.pzn === second.pzn ? first : p));
    positions = groupPositions(reordered);
    try {
      const state = freshStateOf(manifest, db(reordered), 5);
      expect(state.pzns).toEqual(new Set([first.pzn, second.pzn]));
      expect(livePageOf(state.index!, `/shop/product/${group.slug}/`)).toMatchObject({ kind: 'product', product: { pzn: second.pzn } });
      expect(state.index!.productsByCategory.get(first.categorySlug)!.filter((p) => p.group === group.slug).map((p) => p.pzn)).toEqual([second.pzn]);
      expect(state.prefixes).toContain(`/shop/category/${first.categorySlug}/`);
    } finally {
      positions = groupPositions(catalog.products);
    }
  });

  it('a product given pack sizes since the build: its former page (both languages) moves to its size on the group\'s page, until a build writes the move', () => {
    const product = catalog.products.find((p) => p.group === undefined)!;
    const grouped = { ...product, group: 'neue-gruppe' };
    const state = freshStateOf(manifest, db(changing(product.pzn, () => grouped)), 6);
    for (const locale of ['en', 'de'] as const) {
      const prefix = locale === 'de' ? '/de' : '';
      const before = `${prefix}/shop/product/${productSlug(product)}/`;
      expect(state.paths.has(before)).toBe(true);
      expect(livePageOf(state.index!, before)).toEqual({ kind: 'moved', locale, to: `${prefix}/shop/product/neue-gruppe/${product.pzn}/` });
      expect(livePageOf(state.index!, `${prefix}/shop/product/neue-gruppe/${product.pzn}/`)).toMatchObject({ kind: 'product', sizeChosen: true, product: { pzn: product.pzn } });
    }
    // A PZN the catalogue does not have stays not found.
    expect(livePageOf(state.index!, '/shop/product/neue-gruppe/00000000/')).toBeNull();
  });
});
