import type { Product } from './catalog-schema';

// German letters are spelled out rather than stripped ("Mönchspfeffer" → "moenchspfeffer"), the way
// German URLs are conventionally written; everything else falls back to its unaccented base letter.
const GERMAN_LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
const MAX_NAME_LENGTH = 80;

/** Lower-case ASCII words joined by hyphens. */
export function kebabCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => GERMAN_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * `<kebab-name>-<pzn>`: readable, and stable because the PZN never changes (a renamed product gets a
 * new slug, but the PZN suffix still identifies it). The page of a product without a group, and the
 * former page of each pack size of a group (those now answer 301 to the size on the group's page).
 */
export function standaloneProductSlug(product: Pick<Product, 'name' | 'pzn'>): string {
  const name = kebabCase(product.name).slice(0, MAX_NAME_LENGTH).replace(/-+$/, '');
  return name ? `${name}-${product.pzn}` : product.pzn;
}

/**
 * Where a product's page is under /shop/product/: `<group>/<pzn>` for a pack size of a group (the
 * group's page with that size chosen), else its standalone slug. Stored as the product's `slug`, so
 * every link to a product (search, cart, favourites, orders) opens the size it names.
 */
export function productSlug(product: Pick<Product, 'name' | 'pzn' | 'group'>): string {
  return product.group ? `${product.group}/${product.pzn}` : standaloneProductSlug(product);
}

/** The page a product slug belongs to: the group's key for a pack size, else the slug itself. */
export function productGroupKey(slug: string): string {
  const slash = slug.indexOf('/');
  return slash < 0 ? slug : slug.slice(0, slash);
}

/** The file name under /images/products/: the editor's image, else the generated SVG. */
export function productImageFile(product: Pick<Product, 'image' | 'pzn'>): string {
  return product.image ?? `${product.pzn}.svg`;
}

export function productImageUrl(product: Pick<Product, 'image' | 'pzn'>): string {
  return `/images/products/${productImageFile(product)}`;
}
