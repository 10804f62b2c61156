import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, MAX_PZNS_PER_REQUEST, rankCandidates, stockStatus } from '../../../src/features/pharmacies';
import { parsePznList } from '../../../src/features/pharmacies/model/pzn-list';
import { validPzns } from '../../api/support/fixtures';

describe('rankCandidates (choosing the serving pharmacy)', () => {
  const c = (id: string, openNow: boolean, inStock: number, distanceKm: number | null) => ({ id, openNow, inStock, distanceKm });

  it('prefers open, then most in stock, then nearest', () => {
    const ranked = rankCandidates([c('closed-full', false, 5, 0.1), c('open-some', true, 2, 0.5), c('open-most-far', true, 4, 9), c('open-most-near', true, 4, 1)]);
    expect(ranked.map((x) => x.id)).toEqual(['open-most-near', 'open-most-far', 'open-some', 'closed-full']);
  });

  it('still ranks closed pharmacies when none is open (pre-orders), and without positions by id', () => {
    expect(rankCandidates([c('b', false, 1, null), c('a', false, 1, null), c('c', false, 2, null)]).map((x) => x.id)).toEqual(['c', 'a', 'b']);
  });

  it('puts an unknown distance after a known one', () => {
    expect(rankCandidates([c('a', true, 1, null), c('b', true, 1, 3)]).map((x) => x.id)).toEqual(['b', 'a']);
  });
});

describe('stockStatus', () => {
  it(`is low at 1..${LOW_STOCK_THRESHOLD}, sold out at 0 or without a row`, () => {
    expect(stockStatus(undefined)).toBe('sold_out');
    expect(stockStatus(0)).toBe('sold_out');
    expect(stockStatus(1)).toBe('low');
    expect(stockStatus(LOW_STOCK_THRESHOLD)).toBe('low');
    expect(stockStatus(LOW_STOCK_THRESHOLD + 1)).toBe('in_stock');
  });
});

describe('parsePznList', () => {
  it('splits commas, pads old 7-digit numbers and removes duplicates in order', () => {
    expect(parsePznList(['10019621,0838973', '10019621', ' 04773414 '])).toEqual(['10019621', '00838973', '04773414']);
  });

  it('refuses invalid, empty (unless allowed) and oversized lists', () => {
    expect(parsePznList(['10019622'])).toBeNull();
    expect(parsePznList([''])).toBeNull();
    expect(parsePznList([], { allowEmpty: true })).toEqual([]);
    const many = validPzns(MAX_PZNS_PER_REQUEST + 1);
    expect(parsePznList(many.slice(0, MAX_PZNS_PER_REQUEST))).toHaveLength(MAX_PZNS_PER_REQUEST);
    expect(parsePznList(many)).toBeNull();
  });
});
