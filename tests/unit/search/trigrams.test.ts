import { describe, expect, it } from 'vitest';
import { positionalTrigrams, wordSimilarity } from '../../../src/features/search/model/trigrams';

describe('positionalTrigrams', () => {
  it('pads every word as pg_trgm does and keeps order and duplicates', () => {
    expect(positionalTrigrams('abc')).toEqual(['  a', ' ab', 'abc', 'bc ']);
    expect(positionalTrigrams('d ab ab')).toEqual(['  d', ' d ', '  a', ' ab', 'ab ', '  a', ' ab', 'ab ']);
    expect(positionalTrigrams('')).toEqual([]);
  });
});

describe('wordSimilarity', () => {
  // Expected values are PostgreSQL 15's word_similarity(a, b) for the same folded strings.
  it.each([
    ['ibuprofn', 'ibuprofen 400 test testbrand ibuprofen', 0.7777778],
    ['ibuprfen', 'ibuprofen 1 a pharma 400 mg filmtabletten', 0.5833333],
    ['headache', 'heilwerk complex erkaltungskapseln', 0.22222222],
    ['nasenspary', 'allgauvita meersalz nasenspray', 0.6363636],
    ['vitamn c', 'apomed vitamin c 500 mg kautabletten', 0.5833333],
    ['word', 'two words', 0.8],
    ['magnesum', 'curasan magnesium b komplex kapseln', 0.6666667],
    ['abc', 'xyz', 0],
  ])('word_similarity(%j, %j) = %d', (query, text, expected) => {
    expect(wordSimilarity(query, text)).toBeCloseTo(expected, 6);
  });

  it('is 1 for a word the text contains and does not depend on where it stands', () => {
    expect(wordSimilarity('nasenspray', 'xylometazolin al 0 1 nasenspray')).toBe(1);
    expect(wordSimilarity('nasenspray', 'nasenspray ratiopharm erwachsene 0 1')).toBe(1);
  });
});
