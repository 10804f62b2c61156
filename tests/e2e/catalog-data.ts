import { basePrice, groupProducts, groupRepresentatives, loadCatalog, productSlug, type Product } from '../../src/features/catalog';

/** The demo catalogue the e2e server was built from, with the catalogue's own slug rule. */
export const catalog = await loadCatalog();
export const { categories, products } = catalog;
export const slugOf = (product: Product) => productSlug(product);

export const medicine = products.find((p) => p.kind === 'pharmacy-only' && p.indication && !p.wasPriceCents)!;
export const prescription = products.find((p) => p.kind === 'prescription')!;
/** A product without pack-size group: its page is its own canonical, its Product JSON-LD stands alone. */
export const nonMedicine = products.find((p) => p.kind === 'non-medicine' && !p.group)!;
/** What category pages list: one card per product page (a group's default size stands for the group). */
export const listedProducts = groupRepresentatives(products);
export const discounted = listedProducts.find((p) => p.wasPriceCents !== undefined)!;
/** A product with three pack sizes, each with a base price (PAngV), for the size selector. */
export const threeSizes = groupProducts(products).find(
  (group) =>
    group.variants.length >= 3 &&
    group.variants.every((p) => p.kind !== 'prescription' && basePrice(p.priceCents, p.package.amount, p.package.unit) !== null),
)!;

export const productPath = (product: Product, locale: 'en' | 'de' = 'en') =>
  `${locale === 'de' ? '/de' : ''}/shop/product/${slugOf(product)}/`;
