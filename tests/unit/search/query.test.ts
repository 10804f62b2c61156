import { describe, expect, it } from 'vitest';
import { foldSearchText, pznQuery, queryFromParam, searchTokens, searchUrl, toTsQuery } from '../../../src/features/search/model/query';

describe('foldSearchText', () => {
  it('lower-cases, folds umlauts, ß and accents, and turns punctuation into single spaces', () => {
    expect(foldSearchText('  Kopfschmerzen ')).toBe('kopfschmerzen');
    expect(foldSearchText('Acetylsalicylsäure')).toBe('acetylsalicylsaure');
    expect(foldSearchText('Größe')).toBe('grosse');
    expect(foldSearchText('Nasenspray-ratiopharm 0,1 %')).toBe('nasenspray ratiopharm 0 1');
    expect(foldSearchText('Crème Éclat')).toBe('creme eclat');
    expect(foldSearchText('%%%')).toBe('');
  });
});

describe('searchTokens and toTsQuery', () => {
  it('splits into at most 8 folded words', () => {
    expect(searchTokens('Vitamin D  Kinder')).toEqual(['vitamin', 'd', 'kinder']);
    expect(searchTokens('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTokens(' - ')).toEqual([]);
  });

  it('requires every word and treats the last one as a prefix', () => {
    expect(toTsQuery(['vitamin', 'd'])).toBe('vitamin & d:*');
    expect(toTsQuery(['kopfschm'])).toBe('kopfschm:*');
    expect(toTsQuery([])).toBe('');
  });

  it('cannot carry tsquery operators from the input', () => {
    const query = toTsQuery(searchTokens("a:* | !b & (c) <-> 'd'"));
    expect(query).toBe('a & b & c & d:*');
  });
});

describe('pznQuery', () => {
  it('recognises an exact 8-digit PZN, an old 7-digit one and a typed prefix', () => {
    expect(pznQuery('10019621')).toEqual({ exact: '10019621', prefix: '10019621' });
    expect(pznQuery('0838973')).toEqual({ exact: '00838973', prefix: '0838973' });
    expect(pznQuery('1001 96-21')).toEqual({ exact: '10019621', prefix: '10019621' });
    expect(pznQuery('1001')).toEqual({ exact: null, prefix: '1001' });
  });

  it('ignores short numbers, long numbers and anything with letters', () => {
    expect(pznQuery('400')).toEqual({ exact: null, prefix: null });
    expect(pznQuery('123456789')).toEqual({ exact: null, prefix: null });
    expect(pznQuery('PZN 10019621')).toEqual({ exact: null, prefix: null });
  });
});

describe('queryFromParam and searchUrl', () => {
  it('trims and caps the URL parameter', () => {
    expect(queryFromParam(null)).toBe('');
    expect(queryFromParam('  ibu ')).toBe('ibu');
    expect(queryFromParam('x'.repeat(150))).toHaveLength(100);
  });

  it('keeps the bare path for an empty query and encodes the rest', () => {
    expect(searchUrl('/de/shop/search/', '  ')).toBe('/de/shop/search/');
    expect(searchUrl('/shop/search/', 'Vitamin D & Zink')).toBe('/shop/search/?q=Vitamin%20D%20%26%20Zink');
  });

  it('carries the listing filters after the query and the count, and drops them with an empty query', () => {
    expect(searchUrl('/shop/search/', 'ibu', 40, '?brand=ratiopharm&sort=price-asc')).toBe('/shop/search/?q=ibu&n=40&brand=ratiopharm&sort=price-asc');
    expect(searchUrl('/shop/search/', 'ibu', undefined, '')).toBe('/shop/search/?q=ibu');
    expect(searchUrl('/shop/search/', ' ', 40, '?sort=name-asc')).toBe('/shop/search/');
  });
});
