import { describe, expect, it } from 'vitest';
import { buildTsQuery, germanLexeme, lexemeRank, matchesLexemes, TsVectorBuilder, WEIGHT } from '../../../src/features/search/model/lexemes';

const DE_WEIGHTS = [0.1, 0.4, 0.6, 1.0] as const;
const EN_WEIGHTS = [0.4, 0.1, 0.6, 1.0] as const;

/** "word:3A,7B" for a built vector, the way PostgreSQL prints a tsvector. */
function printed(builder: TsVectorBuilder): string {
  const weightName = ['D', 'C', 'B', 'A'];
  return [...builder.entries]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([lexeme, positions]) => `${lexeme}:${positions.map((p) => `${p >> 2}${weightName[p & 3]}`).join(',')}`)
    .join(' ');
}

/** A headache product's texts, built as the index (and formerly the SQL column) builds them. */
const headacheProduct = () =>
  new TsVectorBuilder()
    .add('cephalo tabletten', 'simple', WEIGHT.A)
    .add('cephalo tabletten', 'german', WEIGHT.A)
    .add('cephalo acetylsalicylsaure kopfschmerzen headache', 'simple', WEIGHT.B)
    .add('kopfschmerzen headache', 'german', WEIGHT.B)
    .add('bei kopfschmerzen und zahnschmerzen', 'german', WEIGHT.C)
    .add('for headache and toothache', 'simple', WEIGHT.D);

describe('germanLexeme', () => {
  // PostgreSQL 15's ts_lexize('german_stem', word).
  it.each([
    ['kopfschmerzen', 'kopfschmerz'],
    ['kopfschmerzes', 'kopfschmerz'],
    ['tabletten', 'tablett'],
    ['erkaltung', 'erkalt'],
    ['influenza', 'influenza'],
    ['kapseln', 'kapseln'],
    ['vitamine', 'vitamin'],
    ['schlafen', 'schlaf'],
    ['aloe', 'alo'],
    ['fur', 'fur'],
  ])('stems %s to %s', (word, stem) => {
    expect(germanLexeme(word)).toBe(stem);
  });

  it('drops German stop words and keeps words with digits as written', () => {
    expect(germanLexeme('und')).toBeNull();
    expect(germanLexeme('bei')).toBeNull();
    expect(germanLexeme('d3')).toBe('d3');
    expect(germanLexeme('1000')).toBe('1000');
  });
});

describe('TsVectorBuilder', () => {
  it('numbers words from 1 (stop words too) and shifts each part past the last position', () => {
    const vector = headacheProduct();
    // PostgreSQL 15 prints the same vector for the same setweight(to_tsvector(...)) || ... chain.
    expect(printed(vector)).toBe(
      "acetylsalicylsaure:6B and:17D cephalo:1A,3A,5B for:15D headach:10B headache:8B,16D kopfschmerz:9B,12C kopfschmerzen:7B tablett:4A tabletten:2A toothache:18D zahnschmerz:14C",
    );
  });
});

describe('ts_rank', () => {
  it('weighs each occurrence with 1/i² decay, as PostgreSQL does', () => {
    // ts_rank('{0.1,0.4,0.6,1.0}', 'nasenspray:5A,10A,15B,24B', 'nasenspray:*') = 0.8232347
    expect(lexemeRank([5 * 4 + 3, 10 * 4 + 3, 15 * 4 + 2, 24 * 4 + 2], DE_WEIGHTS)).toBeCloseTo(0.8232347, 6);
  });

  it('divides by the distinct lexemes of the query (german and simple together)', () => {
    const vector = headacheProduct();
    const query = buildTsQuery([['headache']]);
    expect(query.items).toEqual([
      { lexeme: 'headach', prefix: true },
      { lexeme: 'headache', prefix: true },
    ]);
    let sum = 0;
    for (const item of query.items) {
      for (const [lexeme, positions] of vector.entries) if (lexeme.startsWith(item.lexeme)) sum += lexemeRank(positions, EN_WEIGHTS);
    }
    // PostgreSQL 15: ts_rank('{0.4,0.1,0.6,1.0}', <that vector>, to_tsquery('german', 'headache:*') || to_tsquery('simple', 'headache:*')) = 0.60792714
    expect(sum / query.items.length).toBeCloseTo(0.60792714, 6);
  });
});

describe('buildTsQuery and matchesLexemes', () => {
  it('requires every word, the last as a prefix, in either configuration', () => {
    const query = buildTsQuery([['vitamin', 'und', 'kind']]);
    expect(query.sides).toEqual([
      [
        { lexeme: 'vitamin', prefix: false },
        { lexeme: 'kind', prefix: true },
      ],
      [
        { lexeme: 'vitamin', prefix: false },
        { lexeme: 'und', prefix: false },
        { lexeme: 'kind', prefix: true },
      ],
    ]);
    expect(matchesLexemes(['vitamin', 'kinder'], query)).toBe(true);
    expect(matchesLexemes(['vitamin'], query)).toBe(false);
  });

  it('matches nothing on a side of stop words only, and ORs the alternatives', () => {
    const query = buildTsQuery([['und'], ['erkaltung']]);
    expect(query.sides).toHaveLength(3);
    expect(matchesLexemes(['erkalt'], query)).toBe(true);
    expect(matchesLexemes(['und'], query)).toBe(true);
    expect(matchesLexemes(['grippe'], query)).toBe(false);
  });
});
