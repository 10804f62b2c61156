import type { Category, PopularSearch, Product } from './catalog-schema';
import { buildCatalogIndex, type CatalogIndex } from './catalog-index';
import { loadCatalog } from './load-catalog';
import { groupProducts, movedProductSlugs, type ProductGroup } from './product-groups';
import { pageCount, pageParam } from './paging';

/**
 * The catalogue pages' data source during the build: the catalogue is loaded and indexed once per
 * process, and every getStaticPaths and page render after that reads the same maps.
 */
let pending: Promise<CatalogIndex> | undefined;
let loadedAt: Date | undefined;

export function catalogIndex(): Promise<CatalogIndex> {
  if (!pending) {
    loadedAt = new Date();
    pending = loadCatalog().then(buildCatalogIndex);
    // Like loadCatalog, forget a failed load so a fixed catalogue is picked up by the next call (dev server).
    pending.catch(() => {
      pending = undefined;
    });
  }
  return pending;
}

/** The catalogue the pages of this build were rendered from, and when its files were read. */
export async function builtCatalog(): Promise<{ index: CatalogIndex; loadedAt: Date }> {
  const index = await catalogIndex();
  return { index, loadedAt: loadedAt ?? new Date() };
}

export interface CategoryPageProps {
  category: Category;
  page: number;
}

/** One route per category page: `/shop/category/<slug>/`, then `/shop/category/<slug>/2/`, … */
export async function categoryStaticPaths() {
  const { categories, productsByCategory } = await catalogIndex();
  return categories.flatMap((category) => {
    const pages = pageCount(productsByCategory.get(category.slug)?.length ?? 0);
    return Array.from({ length: pages }, (_, i) => ({
      params: { slug: category.slug, page: pageParam(i + 1) },
      props: { category, page: i + 1 } satisfies CategoryPageProps,
    }));
  });
}

export interface ProductPageProps {
  group: ProductGroup;
  /** The pack size shown: the group's default on its page, the chosen one on a size's page. */
  product: Product;
}

/** One page per product group (or lone product): `/shop/product/<group>/`, opening with its default size. */
export async function productStaticPaths() {
  const { products } = await catalogIndex();
  return groupProducts(products).map((group) => ({
    params: { slug: group.slug },
    props: { group, product: group.defaultVariant } satisfies ProductPageProps,
  }));
}

export interface SearchLandingProps {
  search: PopularSearch;
}

export async function searchLandingStaticPaths() {
  const { popularSearches } = await catalogIndex();
  return popularSearches.map((search) => ({
    params: { slug: search.slug },
    props: { search } satisfies SearchLandingProps,
  }));
}

/** Former per-size product slugs and where each size is now (served as 301s; see moved-products.ts). */
export async function movedProductPages(): Promise<Record<string, string>> {
  const { products } = await catalogIndex();
  return movedProductSlugs(products);
}
