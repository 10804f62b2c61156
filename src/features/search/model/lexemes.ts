import { stemmer } from '@orama/stemmers/german';
import { germanStopWords } from './german-stopwords';

/**
 * PostgreSQL's full-text search (the `german` and `simple` configurations, to_tsvector, to_tsquery
 * and ts_rank) for folded text, so the in-process index stems, matches and ranks as the SQL did.
 *
 * German stemming is Snowball's German algorithm, as PostgreSQL 15 ships it; @orama/stemmers
 * generates it from the same Snowball source (a unit test pins both to PostgreSQL's output). PGlite,
 * which is PostgreSQL 18, ships Snowball 3, whose new ae/oe/ue rule stems English and Latin words
 * badly ("influenza" → "influnza"); the index now stems alike whatever the database.
 */
export type TextConfig = 'german' | 'simple';

/** Weight classes as PostgreSQL numbers them: D = 0 … A = 3. */
export const WEIGHT = { A: 3, B: 2, C: 1, D: 0 } as const;
export type WeightClass = (typeof WEIGHT)[keyof typeof WEIGHT];

/** ts_rank's weights array, {D, C, B, A}. */
export type RankWeights = readonly [number, number, number, number];

const stems = new Map<string, string | null>();
/** Queries bring new words forever; the memo is a speed-up, not a store. */
const MAX_MEMO = 50_000;

/**
 * The german configuration's lexeme for one folded word, null for a stop word. PostgreSQL's parser
 * calls a word with a digit a numword (or uint), which the german configuration gives to the simple
 * dictionary: kept as written, never a stop word.
 */
export function germanLexeme(word: string): string | null {
  let stem = stems.get(word);
  if (stem !== undefined) return stem;
  stem = /[0-9]/.test(word) ? word : germanStopWords.has(word) ? null : stemmer(word);
  if (stems.size >= MAX_MEMO) stems.clear();
  stems.set(word, stem);
  return stem;
}

export function lexemeOf(word: string, config: TextConfig): string | null {
  return config === 'simple' ? word : germanLexeme(word);
}

/**
 * A tsvector under construction: lexeme → positions, each `position * 4 + weight class`, ascending.
 * `add` appends `setweight(to_tsvector(config, text), weight)` with `||`: positions count every word
 * (stop words too) from 1 and are shifted past the highest position already stored.
 */
export class TsVectorBuilder {
  readonly entries = new Map<string, number[]>();
  private maxPosition = 0;

  add(folded: string, config: TextConfig, weight: WeightClass): this {
    if (folded === '') return this;
    const offset = this.maxPosition;
    const words = folded.split(' ');
    for (let i = 0; i < words.length; i++) {
      const lexeme = lexemeOf(words[i]!, config);
      if (lexeme === null) continue;
      const position = offset + i + 1;
      const positions = this.entries.get(lexeme);
      const encoded = position * 4 + weight;
      if (positions) positions.push(encoded);
      else this.entries.set(lexeme, [encoded]);
      if (position > this.maxPosition) this.maxPosition = position;
    }
    return this;
  }
}

/** PostgreSQL caps a lexeme's positions at 256 (MAXNUMPOS); later ones are dropped. */
const MAX_POSITIONS = 256;

/**
 * One lexeme's share of ts_rank (calc_rank_or): its occurrences' weights with 1/i² decay, the
 * heaviest counted in full, scaled by 1/ζ(2). The query's rank is the sum over matching lexemes
 * divided by the number of distinct query lexemes.
 */
export function lexemeRank(positions: readonly number[], weights: RankWeights): number {
  let sum = 0;
  let heaviest = -1;
  let heaviestAt = 0;
  const count = Math.min(positions.length, MAX_POSITIONS);
  for (let j = 0; j < count; j++) {
    const weight = weights[positions[j]! & 3]!;
    sum += weight / ((j + 1) * (j + 1));
    if (weight > heaviest) {
      heaviest = weight;
      heaviestAt = j;
    }
  }
  return (heaviest + sum - heaviest / ((heaviestAt + 1) * (heaviestAt + 1))) / 1.64493406685;
}

/** One operand of a tsquery: a lexeme, or with `prefix` every lexeme starting with it (`:*`). */
export interface TsQueryItem {
  lexeme: string;
  prefix: boolean;
}

/**
 * `to_tsquery('german', q) || to_tsquery('simple', q)` for each alternative wording of the query,
 * all ORed: `sides` are the AND groups (a stop word drops out of its german group, an empty group
 * matches nothing), `items` the distinct lexemes ts_rank divides by.
 */
export interface TsQuery {
  sides: TsQueryItem[][];
  items: TsQueryItem[];
}

/** The tokens of each alternative are all required, the last one as a prefix (the shopper may still be typing). */
export function buildTsQuery(alternatives: readonly (readonly string[])[]): TsQuery {
  const sides: TsQueryItem[][] = [];
  const items = new Map<string, TsQueryItem>();
  for (const tokens of alternatives) {
    for (const config of ['german', 'simple'] as const) {
      const side: TsQueryItem[] = [];
      tokens.forEach((token, i) => {
        const lexeme = lexemeOf(token, config);
        if (lexeme !== null) side.push({ lexeme, prefix: i === tokens.length - 1 });
      });
      if (side.length === 0) continue;
      sides.push(side);
      for (const item of side) {
        const known = items.get(item.lexeme);
        // ts_rank keeps one operand per lexeme; which of a prefix and a plain one is left undefined.
        if (!known || (item.prefix && !known.prefix)) items.set(item.lexeme, item);
      }
    }
  }
  return { sides, items: [...items.values()] };
}

/** `vector @@ query` for a small set of lexemes (a category name). */
export function matchesLexemes(lexemes: readonly string[], query: TsQuery): boolean {
  const has = (item: TsQueryItem) => lexemes.some((lexeme) => (item.prefix ? lexeme.startsWith(item.lexeme) : lexeme === item.lexeme));
  return query.sides.some((side) => side.every(has));
}
