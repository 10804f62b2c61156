import type { Locale } from '../../../platform/i18n/locales';
import type { Catalog, Category, PopularSearch, Product } from './catalog-schema';
import { bestOfEachGroup, groupRepresentatives } from './product-groups';
import { rankDocuments, searchDocument, type SearchDocument } from './search-match';

/**
 * Lookups the catalogue pages need, built once per build from the loaded catalogue. With 10 000
 * products and ~20 000 pages, per-page scans of the product list would cost O(pages × products);
 * these maps make every page's data a constant-time lookup.
 */
export interface CatalogIndex {
  /** In the editors' order (`position`). */
  categories: readonly Category[];
  categoryBySlug: ReadonlyMap<string, Category>;
  /**
   * Products of each category in catalogue order, one per product page (a group's default size stands
   * for its other sizes); every category has an entry, maybe empty.
   */
  productsByCategory: ReadonlyMap<string, readonly Product[]>;
  products: readonly Product[];
  popularSearches: readonly PopularSearch[];
  /** A few sellable products for the home page, one per category, discounted ones preferred. */
  featured: readonly Product[];
  /** Products matching a popular search in one language, best first, one per group (computed on first use, then kept). */
  searchResults(search: PopularSearch, locale: Locale): readonly Product[];
}

export const FEATURED_COUNT = 8;

export function pickFeatured(categories: readonly Category[], productsByCategory: ReadonlyMap<string, readonly Product[]>, count = FEATURED_COUNT): Product[] {
  const featured: Product[] = [];
  for (const category of categories) {
    if (featured.length >= count) break;
    // Prescription medicines may not be advertised (HWG §10), so they are never featured.
    const sellable = (productsByCategory.get(category.slug) ?? []).filter((p) => p.kind !== 'prescription');
    const pick = sellable.find((p) => p.wasPriceCents !== undefined) ?? sellable[0];
    if (pick) featured.push(pick);
  }
  return featured;
}

export function buildCatalogIndex(catalog: Catalog): CatalogIndex {
  const categories = [...catalog.categories].sort((a, b) => a.position - b.position);
  const categoryBySlug = new Map(categories.map((c) => [c.slug, c]));
  const productsByCategory = new Map<string, Product[]>(categories.map((c) => [c.slug, []]));
  for (const product of groupRepresentatives(catalog.products)) productsByCategory.get(product.categorySlug)?.push(product);

  const documents = new Map<Locale, SearchDocument[]>();
  const documentsFor = (locale: Locale): SearchDocument[] => {
    let docs = documents.get(locale);
    if (!docs) {
      docs = catalog.products.map((p) => searchDocument(p, locale, categoryBySlug.get(p.categorySlug)?.name[locale] ?? ''));
      documents.set(locale, docs);
    }
    return docs;
  };

  const results = new Map<string, Product[]>();
  return {
    categories,
    categoryBySlug,
    productsByCategory,
    products: catalog.products,
    popularSearches: catalog.popularSearches,
    featured: pickFeatured(categories, productsByCategory),
    searchResults(search, locale) {
      const key = `${locale}\u0000${search.slug}`;
      let found = results.get(key);
      if (!found) {
        const ranked = rankDocuments(documentsFor(locale), search.term[locale]).map((i) => catalog.products[i]!);
        found = bestOfEachGroup(ranked, (product) => product.group ?? product.pzn);
        results.set(key, found);
      }
      return found;
    },
  };
}
