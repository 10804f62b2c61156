import type { Product } from './catalog-schema';
import { productSlug, standaloneProductSlug } from './product-paths';

/**
 * One product page: the pack sizes of one product (products sharing a `group` key), or a product
 * without a group on its own. Each size keeps its PZN, price, base price and stock; the page shows
 * one of them at a time and a selector for the others.
 */
export interface ProductGroup {
  /** The page's slug under /shop/product/: the group key, or the lone product's standalone slug. */
  slug: string;
  /** True for a `group` of the catalogue (even of one size): its sizes have pages of their own. */
  grouped: boolean;
  /** Smallest pack first, as shoppers compare them (ties in PZN order, so the order is stable). */
  variants: readonly Product[];
  /** The size the group's page opens with: the group's first record in the catalogue files. */
  defaultVariant: Product;
}

const UNIT_ORDER = ['pcs', 'g', 'kg', 'ml', 'l'] as const;
/** kg and l compare with g and ml by their amount in the smaller unit. */
const inSmallUnit = (product: Product) => product.package.amount * (product.package.unit === 'kg' || product.package.unit === 'l' ? 1000 : 1);
const unitRank = (product: Product) => {
  const unit = product.package.unit === 'kg' ? 'g' : product.package.unit === 'l' ? 'ml' : product.package.unit;
  return UNIT_ORDER.indexOf(unit);
};

export function compareSizes(a: Product, b: Product): number {
  return unitRank(a) - unitRank(b) || inSmallUnit(a) - inSmallUnit(b) || (a.pzn < b.pzn ? -1 : a.pzn > b.pzn ? 1 : 0);
}

/** The catalogue's product pages, in the order their first product appears in the files. */
export function groupProducts(products: readonly Product[]): ProductGroup[] {
  const byKey = new Map<string, Product[]>();
  for (const product of products) {
    const key = product.group ?? `\u0000${product.pzn}`;
    const members = byKey.get(key);
    if (members) members.push(product);
    else byKey.set(key, [product]);
  }
  return [...byKey.values()].map((members) => {
    const first = members[0]!;
    return {
      slug: first.group ?? standaloneProductSlug(first),
      grouped: first.group !== undefined,
      variants: [...members].sort(compareSizes),
      defaultVariant: first,
    };
  });
}

/**
 * Where a product's former page (`/shop/product/<name>-<pzn>/`, before pack sizes were grouped) now
 * is, for every grouped product: the permanent redirects the server answers (standalone slug → slug).
 */
export function movedProductSlugs(products: readonly Product[]): Record<string, string> {
  const moved: Record<string, string> = {};
  for (const product of products) if (product.group) moved[standaloneProductSlug(product)] = productSlug(product);
  return moved;
}

/**
 * Each record's place among its group's records in the files (0 for a lone product and for the size
 * a group's page opens with): what the database keeps of the files' order (products.group_position).
 */
export function groupPositions(products: readonly Product[]): Map<string, number> {
  const counts = new Map<string, number>();
  const positions = new Map<string, number>();
  for (const product of products) {
    if (!product.group) {
      positions.set(product.pzn, 0);
      continue;
    }
    const position = counts.get(product.group) ?? 0;
    counts.set(product.group, position + 1);
    positions.set(product.pzn, position);
  }
  return positions;
}

/** One entry per product page for listings: a group's default size stands for the group. */
export function groupRepresentatives(products: readonly Product[]): Product[] {
  const seen = new Set<string>();
  return products.filter((product) => {
    if (!product.group) return true;
    if (seen.has(product.group)) return false;
    seen.add(product.group);
    return true;
  });
}

/** Ranked products with only the best of each group kept (search results: one hit per product page). */
export function bestOfEachGroup<T>(ranked: readonly T[], groupKey: (item: T) => string): T[] {
  const seen = new Set<string>();
  return ranked.filter((item) => {
    const key = groupKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
