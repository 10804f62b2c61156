import { describe, expect, it } from 'vitest';
import { buildCatalogIndex, pickFeatured } from '../../../src/features/catalog/model/catalog-index';
import { catalog, category, product } from './fixtures';

const categories = [category('vitamins', 2, 'Vitamins', 'Vitamine'), category('cold-and-flu', 1, 'Cold and flu', 'Erkältung')];
const products = [
  product({ pzn: '00000011', name: 'Rx Cold', categorySlug: 'cold-and-flu', kind: 'prescription', wasPriceCents: 999 }),
  product({ pzn: '00000022', name: 'Cough Drops', categorySlug: 'cold-and-flu' }),
  product({ pzn: '00000033', name: 'Cough Syrup', categorySlug: 'cold-and-flu', wasPriceCents: 899 }),
  product({ pzn: '00000044', name: 'Vitamin C', categorySlug: 'vitamins', keywords: ['Erkältung'] }),
];
const searches = [{ slug: 'cough', term: { en: 'Cough', de: 'Husten' } }];

describe('the catalogue page index', () => {
  const index = buildCatalogIndex(catalog(products, categories, searches));

  it('orders categories by position and groups products per category in catalogue order', () => {
    expect(index.categories.map((c) => c.slug)).toEqual(['cold-and-flu', 'vitamins']);
    expect(index.productsByCategory.get('cold-and-flu')?.map((p) => p.pzn)).toEqual(['00000011', '00000022', '00000033']);
    expect(index.productsByCategory.get('vitamins')?.map((p) => p.pzn)).toEqual(['00000044']);
    expect(index.categoryBySlug.get('vitamins')?.name.de).toBe('Vitamine');
  });

  it('features one sellable product per category, discounted ones first, never prescription-only', () => {
    expect(index.featured.map((p) => p.pzn)).toEqual(['00000033', '00000044']);
    expect(pickFeatured(index.categories, index.productsByCategory, 1).map((p) => p.pzn)).toEqual(['00000033']);
  });

  it('answers a popular search per language and returns the same list on the next call', () => {
    const en = index.searchResults(searches[0]!, 'en');
    expect(en.map((p) => p.pzn)).toEqual(['00000022', '00000033']);
    expect(index.searchResults(searches[0]!, 'en')).toBe(en);
    // "Husten" matches nothing here, but the German category name "Erkältung" would match a German term.
    expect(index.searchResults(searches[0]!, 'de')).toEqual([]);
    const cold = { slug: 'cold', term: { en: 'Cold', de: 'Erkältung' } };
    expect(index.searchResults(cold, 'de').map((p) => p.pzn)).toEqual(['00000044', '00000011', '00000022', '00000033']);
  });
});
