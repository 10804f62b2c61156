/**
 * pg_trgm's word similarity (the typo tolerance of the search), ported from PostgreSQL's
 * contrib/pg_trgm/trgm_op.c so the in-process index matches and orders exactly as `<%` and
 * `word_similarity()` did in SQL. Input is folded text (a-z, 0-9, single spaces).
 */

/**
 * Trigrams of every word in order, as pg_trgm makes them: each word padded with two spaces in front
 * and one behind ("abc" → "  a", " ab", "abc", "bc "), duplicates kept (positions matter).
 */
export function positionalTrigrams(folded: string): string[] {
  const out: string[] = [];
  for (const word of folded.split(' ')) {
    if (word === '') continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  }
  return out;
}

/** CALCSML: shared trigrams over the union of both sets. */
const similarity = (count: number, len1: number, len2: number) => count / (len1 + len2 - count);

/**
 * iterate_word_similarity (non-strict): the best similarity between the query's distinct trigrams
 * and any extent of `sequence[from, to)`, trigrams given as ids. `isQuery[id]` is 1 for the query's
 * trigrams, `queryCount` how many distinct ones the query has (also those no text contains).
 * `lastPos` is scratch space indexed by id: all -1 on entry, left all -1 on return. With
 * `stopAt`, it answers as soon as it finds a similarity of at least that (pg_trgm's check for `<%`).
 */
export function wordSimilarityOfIds(
  sequence: ArrayLike<number>,
  from: number,
  to: number,
  isQuery: ArrayLike<number>,
  queryCount: number,
  lastPos: Int32Array,
  stopAt = Infinity,
): number {
  const len2 = to - from;
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let best = 0;
  for (let i = 0; i < len2; i++) {
    const id = sequence[from + i]!;
    const found = isQuery[id] === 1;
    if (lower >= 0 || found) {
      if (lastPos[id]! < 0) {
        ulen2++;
        if (found) count++;
      }
      lastPos[id] = i;
    }
    if (!found) continue;

    // The extent's upper bound moves to every query trigram; then try every lower bound.
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarity(count, queryCount, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = similarity(tmpCount, queryCount, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      if (current >= stopAt) break;
      const lowerId = sequence[from + tmpLower]!;
      if (lastPos[lowerId] === tmpLower) {
        tmpUlen2--;
        if (isQuery[lowerId] === 1) tmpCount--;
      }
    }
    if (current > best) best = current;
    if (best >= stopAt) break;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const lowerId = sequence[from + tmpLower]!;
      if (lastPos[lowerId] === tmpLower) lastPos[lowerId] = -1;
    }
  }
  for (let i = from; i < to; i++) lastPos[sequence[i]!] = -1;
  return best;
}

/**
 * word_similarity(query, text) for two folded strings: the readable entry point (tests, one-off
 * checks); the search index calls wordSimilarityOfIds with its own trigram ids.
 */
export function wordSimilarity(query: string, text: string): number {
  const ids = new Map<string, number>();
  const idOf = (trigram: string) => {
    let id = ids.get(trigram);
    if (id === undefined) ids.set(trigram, (id = ids.size));
    return id;
  };
  const queryIds = new Set(positionalTrigrams(query).map(idOf));
  const sequence = positionalTrigrams(text).map(idOf);
  const isQuery = new Uint8Array(ids.size);
  for (const id of queryIds) isQuery[id] = 1;
  return wordSimilarityOfIds(sequence, 0, sequence.length, isQuery, queryIds.size, new Int32Array(ids.size).fill(-1));
}
