import { describe, expect, it } from 'vitest';
import type { ProductDto } from '../../../src/features/catalog';
import { SearchIndex, TOTAL_CAP, type IndexedProduct } from '../../../src/features/search/server/search-index';

const text = (en: string, de: string) => ({ en, de });
let nextPzn = 10_000_000;

function product(name: string, extra: { keywords?: string[]; indication?: { en: string; de: string }; ingredients?: string[]; category?: string; brand?: string } = {}): IndexedProduct {
  const pzn = String(nextPzn++);
  const dto = {
    pzn,
    name,
    slug: pzn,
    brand: extra.brand ?? 'Testbrand',
    manufacturer: 'Test GmbH',
    categorySlug: extra.category ?? 'pain',
    priceCents: 499,
    wasPriceCents: null,
    wasPriceKind: null,
    vatRate: 19,
    package: { amount: 20, unit: 'pcs', label: text('20 tablets', '20 Tabletten') },
    basePrice: null,
    dosageForm: null,
    activeIngredients: (extra.ingredients ?? []).map((ingredient) => ({ name: ingredient, strength: '1 mg' })),
    kind: 'free-sale',
    indication: extra.indication ?? null,
    collectInPersonOnly: false,
    shortDescription: text('Short', 'Kurz'),
    description: text('Long', 'Lang'),
    imageUrl: `/images/products/${pzn}.svg`,
    prescriptionRequired: false,
  } satisfies ProductDto;
  return { dto, keywords: extra.keywords ?? [] };
}

const categories = [
  { slug: 'pain', name: text('Pain', 'Schmerzen') },
  { slug: 'cold', name: text('Cold and flu', 'Erkältung & Grippe') },
];

const found = (index: SearchIndex, query: string, limit = 20) => index.search(query, 'de', limit).items.map((json) => JSON.parse(json) as ProductDto);
const names = (index: SearchIndex, query: string, limit = 20) => found(index, query, limit).map((item) => item.name);

describe('SearchIndex', () => {
  const headacheTablets = product('Cephalgin Kopfschmerztabletten', { keywords: ['headache', 'Kopfschmerzen'], indication: text('For headache.', 'Bei Kopfschmerzen.') });
  const coldCapsules = product('Aalto Complex Erkältungskapseln', { category: 'cold', keywords: ['cold', 'headache', 'Kopfschmerzen'], indication: text('Colds with headache.', 'Erkältung mit Kopfschmerzen.') });
  const ibuprofen = product('Ibuprofen 400 Filmtabletten', { ingredients: ['Ibuprofen'] });
  const combi = product('Grippal Combi', { category: 'cold', ingredients: ['Ibuprofen', 'Pseudoephedrin'] });
  const index = new SearchIndex({
    products: [coldCapsules, headacheTablets, ibuprofen, combi],
    categories,
    popularSearches: [{ term: text('Headache', 'Kopfschmerzen') }, { term: text('Ibuprofen', 'Ibuprofen') }],
  });

  it('searches an English popular-search term in its German wording too, so "headache" finds the headache tablets first', () => {
    expect(names(index, 'headache')[0]).toBe('Cephalgin Kopfschmerztabletten');
    // Without the translation both products say "headache" alike, and the name decides alphabetically.
    const untranslated = new SearchIndex({ products: [coldCapsules, headacheTablets], categories, popularSearches: [] });
    expect(names(untranslated, 'headache')[0]).toBe('Aalto Complex Erkältungskapseln');
  });

  it('ranks a name starting with the query before a product that only contains it, and tolerates typos', () => {
    expect(names(index, 'ibuprofen')).toEqual(['Ibuprofen 400 Filmtabletten', 'Grippal Combi']);
    expect(names(index, 'ibuprfen')).toEqual(['Ibuprofen 400 Filmtabletten', 'Grippal Combi']);
  });

  it('finds a product by its category name, below products whose own texts match', () => {
    expect(names(index, 'Erkältung')).toEqual(['Aalto Complex Erkältungskapseln', 'Grippal Combi']);
  });

  it('puts the exact PZN first and finds PZN prefixes', () => {
    expect(found(index, combi.dto.pzn)[0]?.pzn).toBe(combi.dto.pzn);
    expect(index.search(combi.dto.pzn.slice(0, 6), 'en', 20).total).toBe(4);
  });

  it('counts matches up to the cap and says when it capped', () => {
    const many = new SearchIndex({ products: Array.from({ length: TOTAL_CAP + 5 }, (_, i) => product(`Vitamin ${i}`)), categories, popularSearches: [] });
    const result = many.search('vitamin', 'de', 3);
    expect(result.items).toHaveLength(3);
    expect(result).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
  });

  it('answers nothing for a query without letters or digits', () => {
    expect(index.search('%%%', 'de', 20)).toEqual({ items: [], total: 0 });
  });
});
