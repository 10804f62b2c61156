import { loadCatalog, productSlug, type Product } from '../../src/features/catalog';

/** The demo catalogue the e2e server was built from, with the catalogue's own slug rule. */
export const catalog = await loadCatalog();
export const { categories, products } = catalog;
export const slugOf = (product: Product) => productSlug(product);

export const medicine = products.find((p) => p.kind === 'pharmacy-only' && p.indication && !p.wasPriceCents)!;
export const prescription = products.find((p) => p.kind === 'prescription')!;
export const nonMedicine = products.find((p) => p.kind === 'non-medicine')!;
export const discounted = products.find((p) => p.wasPriceCents !== undefined)!;

export const productPath = (product: Product, locale: 'en' | 'de' = 'en') =>
  `${locale === 'de' ? '/de' : ''}/shop/product/${slugOf(product)}/`;
