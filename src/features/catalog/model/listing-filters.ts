/**
 * Filters and sorting of a product listing (category and search landing pages), as pure rules the
 * page script and the tests share. The state lives in the URL's query, so a filtered list can be
 * shared and the back button returns to the previous one:
 *   ?brand=A&brand=B&form=Tablette&kind=free-sale&min=5&max=20&available=1&sort=price-asc
 * (prices in whole euros). Without any of these the page is the static, indexable listing.
 */

export const SORTS = ['relevance', 'price-asc', 'price-desc', 'unit-price-asc', 'name-asc'] as const;
export type Sort = (typeof SORTS)[number];

export interface ListingFilters {
  brands: string[];
  forms: string[];
  kinds: string[];
  /** Whole euros, inclusive; null when open. */
  minEuros: number | null;
  maxEuros: number | null;
  /** Only products in stock at the shopper's chosen pharmacy. */
  available: boolean;
  sort: Sort;
}

/** One product card as the script reads it from the card's data attributes. */
export interface ListedProduct {
  brand: string;
  form: string;
  kind: string;
  priceCents: number;
  /** Price per unit (per kg, per l or per piece) in cents, for "price per unit" sorting. */
  unitPriceCents: number;
  name: string;
  /** Position in the static listing: "relevance" on a category page is the editors' order. */
  position: number;
  /** The stock status at the chosen pharmacy, once the availability script has filled it in. */
  stock: string | null;
}

export const FILTER_PARAMS = ['brand', 'form', 'kind', 'min', 'max', 'available', 'sort'] as const;

const euros = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number.parseFloat(value.replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
};

export function filtersFromQuery(params: URLSearchParams): ListingFilters {
  const sort = params.get('sort');
  return {
    brands: params.getAll('brand').filter(Boolean),
    forms: params.getAll('form').filter(Boolean),
    kinds: params.getAll('kind').filter(Boolean),
    minEuros: euros(params.get('min')),
    maxEuros: euros(params.get('max')),
    available: params.get('available') === '1',
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'relevance',
  };
}

/** The query string of a state ('' for the unfiltered listing), in a stable order. */
export function filtersToQuery(filters: ListingFilters): string {
  const params = new URLSearchParams();
  for (const brand of filters.brands) params.append('brand', brand);
  for (const form of filters.forms) params.append('form', form);
  for (const kind of filters.kinds) params.append('kind', kind);
  if (filters.minEuros !== null) params.set('min', String(filters.minEuros));
  if (filters.maxEuros !== null) params.set('max', String(filters.maxEuros));
  if (filters.available) params.set('available', '1');
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** True when the state narrows or reorders the listing: such URLs are noindex. */
export const isFiltered = (filters: ListingFilters): boolean => filtersToQuery(filters) !== '';

export function matches(product: ListedProduct, filters: ListingFilters): boolean {
  if (filters.brands.length > 0 && !filters.brands.includes(product.brand)) return false;
  if (filters.forms.length > 0 && !filters.forms.includes(product.form)) return false;
  if (filters.kinds.length > 0 && !filters.kinds.includes(product.kind)) return false;
  if (filters.minEuros !== null && product.priceCents < filters.minEuros * 100) return false;
  // "up to 10 €" includes 10,00 € but not 10,01 €.
  if (filters.maxEuros !== null && product.priceCents > filters.maxEuros * 100) return false;
  if (filters.available && product.stock !== 'in_stock' && product.stock !== 'low') return false;
  return true;
}

export function compareBy(sort: Sort): (a: ListedProduct, b: ListedProduct) => number {
  const byPosition = (a: ListedProduct, b: ListedProduct) => a.position - b.position;
  switch (sort) {
    case 'price-asc':
      return (a, b) => a.priceCents - b.priceCents || byPosition(a, b);
    case 'price-desc':
      return (a, b) => b.priceCents - a.priceCents || byPosition(a, b);
    case 'unit-price-asc':
      return (a, b) => a.unitPriceCents - b.unitPriceCents || byPosition(a, b);
    case 'name-asc':
      return (a, b) => a.name.localeCompare(b.name, 'de') || byPosition(a, b);
    default:
      return byPosition;
  }
}

/** Price per unit for sorting: per kg or l for weight and volume, per piece for pieces. */
export function unitPriceCents(priceCents: number, amount: number, unit: string): number {
  if (amount <= 0) return priceCents;
  const factor = unit === 'g' || unit === 'ml' ? 1000 : 1;
  return Math.round((priceCents * factor) / amount);
}

/** The product fields filtering reads; structurally a subset of the API's Product. */
export interface FilterableProduct {
  pzn: string;
  name: string;
  brand: string;
  kind: string;
  priceCents: number;
  dosageForm: { en: string; de: string } | null;
  package: { amount: number; unit: string };
}

/** A product as the rules read it, texts in the listing's language (the page's cards carry the same). */
export function listedFrom(product: FilterableProduct, locale: 'en' | 'de', position: number, stock: string | null): ListedProduct {
  return {
    brand: product.brand,
    form: product.dosageForm?.[locale] ?? '',
    kind: product.kind,
    priceCents: product.priceCents,
    unitPriceCents: unitPriceCents(product.priceCents, product.package.amount, product.package.unit),
    name: product.name,
    position,
    stock,
  };
}
