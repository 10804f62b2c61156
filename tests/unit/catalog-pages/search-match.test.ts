import { describe, expect, it } from 'vitest';
import { normalizeSearchText, rankDocuments, scoreDocument, searchDocument } from '../../../src/features/catalog/model/search-match';
import { product } from './fixtures';

describe('normalising search text', () => {
  it('folds case, umlauts, ß and punctuation', () => {
    expect(normalizeSearchText('Blutdruckmessgerät')).toBe('blutdruckmessgerat');
    expect(normalizeSearchText('Fußcreme')).toBe('fusscreme');
    expect(normalizeSearchText('  Vitamin-D3 (1000 I.E.) ')).toBe('vitamin d3 1000 i e');
  });
});

const products = [
  product({ pzn: '00000011', name: 'Dolo Akut Schmerztabletten', activeIngredients: [{ name: 'Ibuprofen', strength: '400 mg' }], kind: 'pharmacy-only', categorySlug: 'pain' }),
  product({ pzn: '00000022', name: 'Ibuprofen 400 akut', activeIngredients: [{ name: 'Ibuprofen', strength: '400 mg' }], kind: 'pharmacy-only', categorySlug: 'pain' }),
  product({ pzn: '00000033', name: 'Kinder Hustensaft', keywords: ['Husten', 'cough'], categorySlug: 'cold-and-flu' }),
  product({ pzn: '00000044', name: 'Reizhusten Pastillen', categorySlug: 'cold-and-flu' }),
  product({ pzn: '00000055', name: 'Meerwasser Nasenspray', categorySlug: 'eyes-nose-ears' }),
  product({
    pzn: '00000066',
    name: 'Vitamin D3 1000',
    categorySlug: 'vitamins',
    shortDescription: { en: 'Supports bones; made with care for the environment.', de: 'Für die Knochen.' },
  }),
  product({
    pzn: '00000077',
    name: 'Kopfweh Tabletten',
    kind: 'free-sale',
    categorySlug: 'pain',
    indication: { en: 'Headache and toothache', de: 'Spannungskopfschmerzen und Zahnschmerzen' },
  }),
];
const names: Record<string, string> = { 'cold-and-flu': 'Cold and flu', 'eyes-nose-ears': 'Eyes, nose and ears', vitamins: 'Vitamins' };
const docs = (locale: 'en' | 'de') => products.map((p) => searchDocument(p, locale, names[p.categorySlug] ?? ''));
const ranked = (term: string, locale: 'en' | 'de' = 'en') => rankDocuments(docs(locale), term).map((i) => products[i]!.pzn);

describe('matching a popular search', () => {
  it('ranks a name hit before an ingredient hit', () => {
    expect(ranked('Ibuprofen')).toEqual(['00000022', '00000011']);
  });

  it('finds German compounds inside words, after whole-word hits', () => {
    expect(ranked('Husten', 'de')).toEqual(['00000033', '00000044']);
    expect(ranked('Kopfschmerzen', 'de')).toEqual(['00000077']);
    expect(ranked('Nasenspray', 'de')).toEqual(['00000055']);
  });

  it('matches the indication and the category name in the page language', () => {
    expect(ranked('Headache')).toEqual(['00000077']);
    expect(ranked('cold and flu')).toEqual(['00000033', '00000044']);
  });

  it('ignores hits inside a word of free text ("iron" in "environment")', () => {
    expect(ranked('iron')).toEqual([]);
  });

  it('matches multi-word terms as a phrase, or weakly when every word occurs', () => {
    expect(ranked('Vitamin D')).toEqual(['00000066']);
    expect(ranked('Kinder Saft')).toEqual([]);
    expect(ranked('hustensaft kinder', 'de')).toEqual(['00000033']);
  });

  it('finds a product by its PZN and nothing for an empty term', () => {
    expect(ranked('00000055')).toEqual(['00000055']);
    expect(scoreDocument(docs('en')[0]!, '')).toBe(0);
  });

  it('keeps catalogue order among equal scores', () => {
    expect(ranked('Cold and flu')).toEqual(['00000033', '00000044']);
  });
});
