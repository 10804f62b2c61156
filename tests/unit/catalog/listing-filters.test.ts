import { describe, expect, it } from 'vitest';
import {
  compareBy,
  filtersFromQuery,
  filtersToQuery,
  isFiltered,
  listedFrom,
  matches,
  unitPriceCents,
  type ListedProduct,
} from '../../../src/features/catalog/model/listing-filters';

const item = (extra: Partial<ListedProduct>): ListedProduct => ({
  brand: 'Vitasol',
  form: 'Tablette',
  kind: 'non-medicine',
  priceCents: 499,
  unitPriceCents: 25,
  name: 'Vitamin C',
  position: 0,
  stock: null,
  ...extra,
});

describe('listing filters', () => {
  it('round-trips the URL state in a stable order and ignores what it does not know', () => {
    const filters = filtersFromQuery(new URLSearchParams('sort=price-asc&brand=B&brand=A&max=10&min=2,5&available=1&kind=free-sale&form=Gel&x=1'));
    expect(filters).toEqual({ brands: ['B', 'A'], forms: ['Gel'], kinds: ['free-sale'], minEuros: 2, maxEuros: 10, available: true, sort: 'price-asc' });
    expect(filtersToQuery(filters)).toBe('?brand=B&brand=A&form=Gel&kind=free-sale&min=2&max=10&available=1&sort=price-asc');
    const none = filtersFromQuery(new URLSearchParams('sort=cheapest&min=-3&max=abc'));
    expect(none.sort).toBe('relevance');
    expect(isFiltered(none)).toBe(false);
    expect(filtersToQuery(none)).toBe('');
  });

  it('matches brand, form, kind, the price range (inclusive) and availability', () => {
    const f = filtersFromQuery(new URLSearchParams('brand=Vitasol&min=4&max=5'));
    expect(matches(item({}), f)).toBe(true);
    expect(matches(item({ brand: 'Other' }), f)).toBe(false);
    expect(matches(item({ priceCents: 500 }), f)).toBe(true);
    expect(matches(item({ priceCents: 501 }), f)).toBe(false);
    expect(matches(item({ priceCents: 399 }), f)).toBe(false);
    const available = filtersFromQuery(new URLSearchParams('available=1'));
    expect(matches(item({ stock: 'in_stock' }), available)).toBe(true);
    expect(matches(item({ stock: 'low' }), available)).toBe(true);
    expect(matches(item({ stock: 'sold_out' }), available)).toBe(false);
    expect(matches(item({ stock: null }), available)).toBe(false);
    expect(matches(item({ form: 'Gel' }), filtersFromQuery(new URLSearchParams('form=Tablette')))).toBe(false);
    expect(matches(item({ kind: 'free-sale' }), filtersFromQuery(new URLSearchParams('kind=non-medicine')))).toBe(false);
  });

  it('sorts by price, price per unit and name, ties and relevance by listing position', () => {
    const list = [
      item({ name: 'Zink', priceCents: 300, unitPriceCents: 90, position: 0 }),
      item({ name: 'Äpfel', priceCents: 100, unitPriceCents: 50, position: 1 }),
      item({ name: 'Magnesium', priceCents: 300, unitPriceCents: 10, position: 2 }),
    ];
    const names = (sort: Parameters<typeof compareBy>[0]) => [...list].sort(compareBy(sort)).map((p) => p.name);
    expect(names('relevance')).toEqual(['Zink', 'Äpfel', 'Magnesium']);
    expect(names('price-asc')).toEqual(['Äpfel', 'Zink', 'Magnesium']);
    expect(names('price-desc')).toEqual(['Zink', 'Magnesium', 'Äpfel']);
    expect(names('unit-price-asc')).toEqual(['Magnesium', 'Äpfel', 'Zink']);
    expect(names('name-asc')).toEqual(['Äpfel', 'Magnesium', 'Zink']);
  });

  it('prices per kg, per l and per piece', () => {
    expect(unitPriceCents(499, 250, 'g')).toBe(1996);
    expect(unitPriceCents(850, 200, 'ml')).toBe(4250);
    expect(unitPriceCents(1200, 2, 'kg')).toBe(600);
    expect(unitPriceCents(489, 20, 'pcs')).toBe(24);
  });
});

describe('listedFrom', () => {
  it("reads an API product as the page's cards carry it: the dosage form in the listing's language, price per unit", () => {
    const product = {
      pzn: '10019621',
      name: 'Hustensaft',
      brand: 'Tussin',
      kind: 'pharmacy-only',
      priceCents: 750,
      dosageForm: { en: 'Syrup', de: 'Saft' },
      package: { amount: 250, unit: 'ml' },
    };
    expect(listedFrom(product, 'de', 3, 'low')).toEqual({
      brand: 'Tussin',
      form: 'Saft',
      kind: 'pharmacy-only',
      priceCents: 750,
      unitPriceCents: 3000,
      name: 'Hustensaft',
      position: 3,
      stock: 'low',
    });
    expect(listedFrom({ ...product, dosageForm: null }, 'en', 0, null).form).toBe('');
  });
});
