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
 * new slug, but the PZN suffix still identifies it).
 */
export function productSlug(product: Pick<Product, 'name' | 'pzn'>): string {
  const name = kebabCase(product.name).slice(0, MAX_NAME_LENGTH).replace(/-+$/, '');
  return name ? `${name}-${product.pzn}` : product.pzn;
}

/** The file name under /images/products/: the editor's image, else the generated SVG. */
export function productImageFile(product: Pick<Product, 'image' | 'pzn'>): string {
  return product.image ?? `${product.pzn}.svg`;
}

export function productImageUrl(product: Pick<Product, 'image' | 'pzn'>): string {
  return `/images/products/${productImageFile(product)}`;
}
