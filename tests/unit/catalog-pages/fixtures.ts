import type { Catalog, Category, PopularSearch, Product } from '../../../src/features/catalog/model/catalog-schema';

/** Minimal valid-looking records for the catalogue page helpers (the loader's validation is tested elsewhere). */
export function product(overrides: Partial<Product> & Pick<Product, 'pzn' | 'name'>): Product {
  return {
    brand: 'Acme',
    manufacturer: 'Acme Pharma GmbH',
    categorySlug: 'cold-and-flu',
    priceCents: 499,
    vatRate: 19,
    package: { amount: 20, unit: 'pcs', label: { en: '20 tablets', de: '20 Tabletten' } },
    activeIngredients: [],
    kind: 'non-medicine',
    collectInPersonOnly: false,
    shortDescription: { en: 'A product.', de: 'Ein Produkt.' },
    description: { en: 'A product.', de: 'Ein Produkt.' },
    keywords: [],
    ...overrides,
  };
}

export function category(slug: string, position: number, en: string, de: string): Category {
  return { slug, position, name: { en, de }, description: { en: `${en} products.`, de: `${de}-Produkte.` } };
}

export function catalog(products: Product[], categories: Category[], popularSearches: PopularSearch[] = []): Catalog {
  return { categories, products, pharmacies: [], popularSearches, stock: [] };
}
