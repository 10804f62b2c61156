import type { ProductDto } from '../../catalog';
import type { Locale } from '../../../platform/i18n/locales';
import { buildTsQuery, germanLexeme, lexemeRank, matchesLexemes, TsVectorBuilder, WEIGHT, type RankWeights, type TsQuery, type TsQueryItem } from '../model/lexemes';
import { foldSearchText, pznQuery, searchTokens } from '../model/query';
import { positionalTrigrams, wordSimilarityOfIds } from '../model/trigrams';
import { productGroupKey } from '../../catalog/client';

/** One active product as the index reads it: its answer shape and the texts it is found by. */
export interface IndexedProduct {
  dto: ProductDto;
  keywords: readonly string[];
  /** Its place among its group's pack sizes (products.group_position); 0, or left out, for the size listings show. */
  groupPosition?: number | undefined;
}

export interface IndexedCategory {
  slug: string;
  name: { en: string; de: string };
}

/** The catalogue an index is built from: active products, categories, and popular searches (their German term translates the English one). */
export interface IndexSource {
  products: readonly IndexedProduct[];
  categories: readonly IndexedCategory[];
  popularSearches: readonly { term: { en: string; de: string } }[];
}

export interface SearchHits {
  /** Each product as its JSON text (the API's Product shape), best first. */
  items: readonly string[];
  /** Matching products, up to TOTAL_CAP. */
  total: number;
  totalCapped?: true;
}

/** Lowest pg_trgm word similarity that still counts as a typo of a word in the product's texts. */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/** `total` counts matches up to this many; beyond it the answer says `totalCapped: true`. */
export const TOTAL_CAP = 500;

/**
 * ts_rank weights {D, C, B, A}: A is the name, B brand, active ingredients and keywords, C the
 * German indication, D the English one, so the shopper's language counts more.
 */
const RANK_WEIGHTS: Record<Locale, RankWeights> = { de: [0.1, 0.4, 0.6, 1.0], en: [0.4, 0.1, 0.6, 1.0] };
const LOCALE_SLOT: Record<Locale, 0 | 1> = { de: 0, en: 1 };

/** Found through its category only, a product is relevant, but less than one whose own texts contain the words. */
const CATEGORY_BONUS = 0.001;

/** A column of offsets into flat arrays (compressed rows): entry i spans [start[i], start[i + 1]). */
function offsets(lengths: readonly number[]): Int32Array {
  const start = new Int32Array(lengths.length + 1);
  for (let i = 0; i < lengths.length; i++) start[i + 1] = start[i]! + lengths[i]!;
  return start;
}

/** First index in the sorted `keys` whose key is >= `prefix`. */
function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A query's wording as a key: its words' German lexemes, so "Kopfschmerz" and "Kopfschmerzen" are one term. */
const termKey = (tokens: readonly string[]) => tokens.map((token) => germanLexeme(token) ?? token).join(' ');

/** How a document matched; its place in the ranking follows from these and its scores. */
const NAME_PREFIX = 1;
const FULL_TEXT = 2;
const CATEGORY = 4;

/** Answers an index remembers (see `search`). */
const REMEMBERED_ANSWERS = 1000;

/** Scratch marks are `generation * 64 + group`: kept below 2³¹, then the marks are wiped. */
const MAX_GENERATION = 1 << 24;

/**
 * The live product search, in process: built once per catalogue version from the database's active
 * products, it matches and ranks as PostgreSQL did (see `search`), in a fraction of a millisecond
 * for most queries. Flat typed arrays keep the index of 10 000 products to a few megabytes beside
 * the answer objects themselves.
 */
export class SearchIndex {
  readonly size: number;
  /** Each product's answer, serialized once: an answer is these joined, not 20 objects stringified again. */
  private readonly productJson: string[];
  private readonly names: string[];
  private readonly pzns: string[];
  /** Each document's product page (the first document of its pack-size group); null when no product shares one. */
  private readonly pageOf: Int32Array | null;

  // Full text: sorted lexemes; each lexeme's postings (documents, and its ts_rank share per locale).
  private readonly lexemes: string[];
  private readonly postingStart: Int32Array;
  private readonly postingDoc: Int32Array;
  private readonly postingRank: [Float32Array, Float32Array];

  // Typos: distinct folded texts (names, and names with brand, active ingredients and keywords) as
  // positional trigram ids; each document's two texts; the documents of each text; the texts of each trigram.
  private readonly trigramIds = new Map<string, number>();
  /** Each text with a space on either side, so a whole-word search is one `includes`. */
  private readonly paddedTexts: string[];
  private readonly textStart: Int32Array;
  private readonly textTrigrams: Int32Array;
  private readonly nameText: Int32Array;
  private readonly documentText: Int32Array;
  private readonly textDocStart: Int32Array;
  private readonly textDocs: Int32Array;
  private readonly trigramTextStart: Int32Array;
  private readonly trigramTexts: Int32Array;

  // Name prefixes and PZNs: documents sorted by folded name, and by PZN.
  private readonly byName: Int32Array;
  private readonly byNameKeys: string[];
  private readonly byPzn: Int32Array;
  private readonly byPznKeys: string[];
  private readonly pznDoc = new Map<string, number>();

  private readonly categories: { lexemes: string[]; docs: number[] }[];
  /** The categories as the index was built with them, for suggestions. */
  readonly categoryList: readonly IndexedCategory[];
  /**
   * Each category's products (JSON, as in answers), by name, one per product page as the category's
   * prebuilt pages list them (a group by the size its page opens with): the filtered listing of a
   * category starts from them.
   */
  private readonly categoryProducts = new Map<string, string[]>();
  /** English popular-search terms (as termKey) → their German terms' words. */
  private readonly translations = new Map<string, string[][]>();
  /** Recent answers, least recently used first. */
  private readonly answers = new Map<string, SearchHits>();

  // Per-query scratch space, reused: searching is synchronous, so one query at a time uses it.
  private generation = 0;
  private readonly seen: Int32Array;
  private readonly flags: Uint8Array;
  private readonly score: Float64Array;
  private readonly rankSum: Float64Array;
  private readonly counter: Int32Array;
  private readonly counterOwner: Int32Array;
  private readonly textSimilarity: Float64Array;
  private readonly textMeasuredAt: Int32Array;
  private readonly textCount: Int32Array;
  private readonly textCountedAt: Int32Array;
  private readonly isQueryTrigram: Uint8Array;
  private readonly lastPos: Int32Array;
  private queryTrigrams: number[] = [];
  /** The query's distinct trigrams, also those no text has (word similarity divides by them all). */
  private queryTrigramCount = 0;
  private paddedQuery = '';

  constructor(source: IndexSource) {
    const products = source.products;
    const n = products.length;
    this.size = n;
    this.productJson = products.map((product) => JSON.stringify(product.dto));
    this.names = products.map((product) => product.dto.name);
    this.pzns = products.map((product) => product.dto.pzn);
    const pages = new Map<string, number>();
    const pageOf = Int32Array.from(products, ({ dto }, doc) => {
      const key = productGroupKey(dto.slug);
      const first = pages.get(key);
      if (first !== undefined) return first;
      pages.set(key, doc);
      return doc;
    });
    this.pageOf = pages.size < n ? pageOf : null;
    const foldedNames = this.names.map(foldSearchText);

    this.categoryList = source.categories;
    for (const category of source.categories) this.categoryProducts.set(category.slug, []);
    const byNameOrder = [...products.keys()].sort((a, b) => products[a]!.dto.name.localeCompare(products[b]!.dto.name, 'de') || (products[a]!.dto.pzn < products[b]!.dto.pzn ? -1 : 1));
    // A group's card: its size with the lowest group position (then the lowest PZN, as documents are).
    const shown = new Map<string, number>();
    products.forEach(({ dto, groupPosition = 0 }, doc) => {
      if (!dto.slug.includes('/')) return;
      const key = productGroupKey(dto.slug);
      const held = shown.get(key);
      if (held === undefined || groupPosition < (products[held]!.groupPosition ?? 0)) shown.set(key, doc);
    });
    for (const doc of byNameOrder) {
      const { dto } = products[doc]!;
      if (dto.slug.includes('/') && shown.get(productGroupKey(dto.slug)) !== doc) continue;
      this.categoryProducts.get(dto.categorySlug)?.push(this.productJson[doc]!);
    }
    const categorySlots = new Map(source.categories.map((category, i) => [category.slug, i]));
    this.categories = source.categories.map((category) => ({
      // As the former SQL: to_tsvector('german', name.de) || to_tsvector('simple', name.en).
      lexemes: [...new TsVectorBuilder().add(foldSearchText(category.name.de), 'german', WEIGHT.D).add(foldSearchText(category.name.en), 'simple', WEIGHT.D).entries.keys()],
      docs: [],
    }));
    products.forEach(({ dto }, doc) => this.categories[categorySlots.get(dto.categorySlug) ?? -1]?.docs.push(doc));

    const gathered = new Map<string, { docs: number[]; de: number[]; en: number[] }>();
    const texts = new Map<string, number>();
    const textLists: number[][] = [];
    const textDocLists: number[][] = [];
    const paddedTexts: string[] = [];
    const textOf = (folded: string) => {
      let id = texts.get(folded);
      if (id === undefined) {
        id = textLists.length;
        texts.set(folded, id);
        paddedTexts.push(` ${folded} `);
        textLists.push(positionalTrigrams(folded).map((trigram) => this.trigramId(trigram)));
        textDocLists.push([]);
      }
      return id;
    };
    this.nameText = new Int32Array(n);
    this.documentText = new Int32Array(n);
    products.forEach(({ dto, keywords }, doc) => {
      const ingredients = dto.activeIngredients.map((ingredient) => ingredient.name).join(' ');
      const keywordText = foldSearchText(keywords.join(' '));
      // The texts and weights of the former generated column search_vector (drizzle/0002_search.sql).
      const vector = new TsVectorBuilder()
        .add(foldedNames[doc]!, 'simple', WEIGHT.A)
        .add(foldedNames[doc]!, 'german', WEIGHT.A)
        .add(foldSearchText(`${dto.brand} ${ingredients} ${keywordText}`), 'simple', WEIGHT.B)
        .add(keywordText, 'german', WEIGHT.B)
        .add(foldSearchText(dto.indication?.de ?? ''), 'german', WEIGHT.C)
        .add(foldSearchText(dto.indication?.en ?? ''), 'simple', WEIGHT.D);
      for (const [lexeme, positions] of vector.entries) {
        let posting = gathered.get(lexeme);
        if (!posting) gathered.set(lexeme, (posting = { docs: [], de: [], en: [] }));
        posting.docs.push(doc);
        posting.de.push(lexemeRank(positions, RANK_WEIGHTS.de));
        posting.en.push(lexemeRank(positions, RANK_WEIGHTS.en));
      }
      // Typos are measured against the words a shopper types as names, not the long indications
      // (the former search_name and search_document).
      this.nameText[doc] = textOf(foldedNames[doc]!);
      this.documentText[doc] = textOf(foldSearchText(`${dto.name} ${dto.brand} ${ingredients} ${keywordText}`));
      textDocLists[this.documentText[doc]!]!.push(doc);
    });

    this.lexemes = [...gathered.keys()].sort();
    const lists = this.lexemes.map((lexeme) => gathered.get(lexeme)!);
    this.postingStart = offsets(lists.map((list) => list.docs.length));
    this.postingDoc = Int32Array.from(lists.flatMap((list) => list.docs));
    this.postingRank = [Float32Array.from(lists.flatMap((list) => list.de)), Float32Array.from(lists.flatMap((list) => list.en))];

    this.paddedTexts = paddedTexts;
    this.textStart = offsets(textLists.map((list) => list.length));
    this.textTrigrams = Int32Array.from(textLists.flat());
    this.textDocStart = offsets(textDocLists.map((docs) => docs.length));
    this.textDocs = Int32Array.from(textDocLists.flat());
    const trigramTotal = this.trigramIds.size;
    const holders: number[][] = Array.from({ length: trigramTotal }, () => []);
    textDocLists.forEach((docs, text) => {
      if (docs.length > 0) for (const id of new Set(textLists[text])) holders[id]!.push(text);
    });
    this.trigramTextStart = offsets(holders.map((list) => list.length));
    this.trigramTexts = Int32Array.from(holders.flat());

    const byFoldedName = (a: number, b: number) => (foldedNames[a]! < foldedNames[b]! ? -1 : foldedNames[a]! > foldedNames[b]! ? 1 : a - b);
    this.byName = Int32Array.from({ length: n }, (_, i) => i).sort(byFoldedName);
    this.byNameKeys = Array.from(this.byName, (doc) => foldedNames[doc]!);
    this.byPzn = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => (this.pzns[a]! < this.pzns[b]! ? -1 : 1));
    this.byPznKeys = Array.from(this.byPzn, (doc) => this.pzns[doc]!);
    this.pzns.forEach((pzn, doc) => this.pznDoc.set(pzn, doc));

    for (const { term } of source.popularSearches) {
      const en = searchTokens(term.en);
      const de = searchTokens(term.de);
      if (en.length === 0 || de.length === 0 || termKey(en) === termKey(de)) continue;
      const known = this.translations.get(termKey(en)) ?? [];
      if (!known.some((tokens) => termKey(tokens) === termKey(de))) known.push(de);
      this.translations.set(termKey(en), known);
    }

    this.seen = new Int32Array(n);
    this.flags = new Uint8Array(n);
    this.score = new Float64Array(n);
    this.rankSum = new Float64Array(n);
    this.counter = new Int32Array(n);
    this.counterOwner = new Int32Array(n);
    this.textSimilarity = new Float64Array(textLists.length);
    this.textMeasuredAt = new Int32Array(textLists.length);
    this.textCount = new Int32Array(textLists.length);
    this.textCountedAt = new Int32Array(textLists.length);
    this.isQueryTrigram = new Uint8Array(trigramTotal);
    this.lastPos = new Int32Array(trigramTotal).fill(-1);
  }

  private trigramId(trigram: string): number {
    let id = this.trigramIds.get(trigram);
    if (id === undefined) this.trigramIds.set(trigram, (id = this.trigramIds.size));
    return id;
  }

  /**
   * Active products matching the query, best first: exact PZN, then name starting with the query,
   * then full-text rank (German stemming and words as written, weighted by field and language, a
   * category hit just above nothing), then trigram similarity of the query to the name and to all
   * searchable words, then name and PZN. A product matches by full text, by typo (pg_trgm word
   * similarity at least WORD_SIMILARITY_THRESHOLD), by its category's name, by name prefix, or by
   * PZN prefix. A query that is a popular search's English term also searches its German term
   * ("headache" → "Kopfschmerzen"): product names are German, and an English shopper means them too.
   */
  /** The active products of a category by name, one per product page (JSON, as in answers); null for an unknown category. */
  inCategory(slug: string): readonly string[] | null {
    return this.categoryProducts.get(slug) ?? null;
  }

  search(query: string, locale: Locale, limit: number): SearchHits {
    // An index never changes, so neither do its answers: the most recent ones are kept (the
    // products' JSON is shared, an answer costs a few hundred bytes). Searches repeat: popular
    // terms, and every shopper typing "ibu", "ibup" on the way to "ibuprofen".
    const key = `${locale}${limit} ${query}`;
    const known = this.answers.get(key);
    if (known) {
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const answer = this.compute(query, locale, limit);
    if (this.answers.size >= REMEMBERED_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
    return answer;
  }

  private compute(query: string, locale: Locale, limit: number): SearchHits {
    const tokens = searchTokens(query);
    const pzn = pznQuery(query);
    if (tokens.length === 0 && pzn.prefix === null) return { items: [], total: 0 };
    if (this.generation === MAX_GENERATION) {
      this.seen.fill(0);
      this.counterOwner.fill(0);
      this.textMeasuredAt.fill(0);
      this.textCountedAt.fill(0);
      this.generation = 0;
    }
    const generation = ++this.generation;
    const matched: number[] = [];
    const { seen, flags } = this;
    const match = (doc: number, flag: number) => {
      if (seen[doc] !== generation) {
        seen[doc] = generation;
        flags[doc] = 0;
        matched.push(doc);
      }
      flags[doc]! |= flag;
    };

    const exactDoc = pzn.exact === null ? -1 : (this.pznDoc.get(pzn.exact) ?? -1);
    if (exactDoc >= 0) match(exactDoc, 0);
    if (pzn.prefix !== null) {
      for (let i = lowerBound(this.byPznKeys, pzn.prefix); i < this.byPznKeys.length && this.byPznKeys[i]!.startsWith(pzn.prefix); i++) match(this.byPzn[i]!, 0);
    }
    let queryItems = 1;
    if (tokens.length > 0) {
      const folded = tokens.join(' ');
      for (let i = lowerBound(this.byNameKeys, folded); i < this.byNameKeys.length && this.byNameKeys[i]!.startsWith(folded); i++) match(this.byName[i]!, NAME_PREFIX);
      const tsQuery = buildTsQuery([tokens, ...(this.translations.get(termKey(tokens)) ?? [])]);
      queryItems = tsQuery.items.length;
      this.matchFullText(tsQuery, LOCALE_SLOT[locale], match);
      for (const category of this.categories) {
        if (category.docs.length > 0 && matchesLexemes(category.lexemes, tsQuery)) for (const doc of category.docs) match(doc, CATEGORY);
      }
      this.prepareSimilarity(folded);
      // A typo-only match ranks below every other kind: with `limit` of those, typos only add to the count.
      const ranked = matched.filter((doc) => doc === exactDoc || flags[doc]! !== 0).length >= limit;
      this.matchTypos(match, matched, ranked);
    }

    for (const doc of matched) {
      const flag = flags[doc]!;
      this.score[doc] = (flag & FULL_TEXT ? this.rankSum[doc]! / queryItems : 0) + (flag & CATEGORY ? CATEGORY_BONUS : 0);
    }
    const hits = this.onePerPage(matched, exactDoc);
    const items = this.best(hits, exactDoc, tokens.length > 0, limit).map((doc) => this.productJson[doc]!);
    for (const id of this.queryTrigrams) this.isQueryTrigram[id] = 0;
    this.queryTrigrams = [];
    return hits.length > TOTAL_CAP ? { items, total: TOTAL_CAP, totalCapped: true } : { items, total: hits.length };
  }

  /**
   * One hit per product page: of a group's matching pack sizes only the best stays (the PZN searched
   * for, else the better match, else the first size), so a search lists each product once and a PZN
   * search opens the size it names.
   */
  private onePerPage(matched: number[], exactDoc: number): number[] {
    const { pageOf, flags, score } = this;
    if (!pageOf) return matched;
    const chosen = new Map<number, number>();
    const better = (a: number, b: number) =>
      a === exactDoc || (b !== exactDoc && ((flags[a]! & NAME_PREFIX) - (flags[b]! & NAME_PREFIX) || score[a]! - score[b]! || b - a) > 0);
    for (const doc of matched) {
      const page = pageOf[doc]!;
      const held = chosen.get(page);
      if (held === undefined || better(doc, held)) chosen.set(page, doc);
    }
    return chosen.size === matched.length ? matched : [...chosen.values()];
  }

  /** The postings of every lexeme an item matches, one range since lexemes are sorted: [from, to). */
  private postings(item: TsQueryItem): [number, number] {
    const { lexemes, postingStart } = this;
    const first = lowerBound(lexemes, item.lexeme);
    if (!item.prefix) return lexemes[first] === item.lexeme ? [postingStart[first]!, postingStart[first + 1]!] : [0, 0];
    // Lexemes are a-z and 0-9: every one starting with the prefix sorts below prefix + U+FFFF.
    return [postingStart[first]!, postingStart[lowerBound(lexemes, `${item.lexeme}\uffff`)]!];
  }

  /** `vector @@ query` (each AND group, rarest item first), then ts_rank of the documents that match. */
  private matchFullText(query: TsQuery, slot: 0 | 1, match: (doc: number, flag: number) => void) {
    const { postingDoc, counter, counterOwner, rankSum, flags, seen, generation } = this;
    query.sides.forEach((side, s) => {
      const ranges = side
        .filter((item, i) => side.findIndex((other) => other.lexeme === item.lexeme) === i)
        .map((item) => this.postings(item))
        .sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
      const owner = generation * 64 + s;
      const candidates: number[] = [];
      ranges.forEach(([from, to], k) => {
        for (let p = from; p < to; p++) {
          const doc = postingDoc[p]!;
          if (k === 0 && counterOwner[doc] !== owner) {
            counterOwner[doc] = owner;
            counter[doc] = 0;
            candidates.push(doc);
          }
          // Counted once per item, and only while it holds every earlier one.
          if (counterOwner[doc] === owner && counter[doc] === k) counter[doc] = k + 1;
        }
      });
      for (const doc of candidates) {
        if (counter[doc] !== ranges.length) continue;
        if (seen[doc] !== generation || !(flags[doc]! & FULL_TEXT)) rankSum[doc] = 0;
        match(doc, FULL_TEXT);
      }
    });
    const ranks = this.postingRank[slot];
    for (const item of query.items) {
      const [from, to] = this.postings(item);
      for (let p = from; p < to; p++) {
        const doc = postingDoc[p]!;
        if (seen[doc] === generation && flags[doc]! & FULL_TEXT) rankSum[doc]! += ranks[p]!;
      }
    }
  }

  private prepareSimilarity(folded: string) {
    this.paddedQuery = ` ${folded} `;
    const distinct = new Set(positionalTrigrams(folded));
    this.queryTrigramCount = distinct.size;
    for (const trigram of distinct) {
      const id = this.trigramIds.get(trigram);
      if (id !== undefined) {
        this.isQueryTrigram[id] = 1;
        this.queryTrigrams.push(id);
      }
    }
  }

  /**
   * word_similarity(query, text), measured once per text and query; with `stopAt`, only whether it
   * reaches that (not remembered). A text holding the query's words in a row has the query's very
   * trigrams in one extent: similarity 1, no measuring needed.
   */
  private similarity(text: number, stopAt = Infinity): number {
    if (this.textMeasuredAt[text] === this.generation) return this.textSimilarity[text]!;
    const { textTrigrams, textStart } = this;
    const similarity = this.paddedTexts[text]!.includes(this.paddedQuery)
      ? 1
      : wordSimilarityOfIds(textTrigrams, textStart[text]!, textStart[text + 1]!, this.isQueryTrigram, this.queryTrigramCount, this.lastPos, stopAt);
    if (stopAt === Infinity || similarity === 1) {
      this.textMeasuredAt[text] = this.generation;
      this.textSimilarity[text] = similarity;
    }
    return similarity;
  }

  /** `query <% text`. */
  private similarEnough(text: number): boolean {
    return this.similarity(text, WORD_SIMILARITY_THRESHOLD) >= WORD_SIMILARITY_THRESHOLD;
  }

  /**
   * `query <% document` (or its name) for documents not matched yet. Similarity never exceeds the
   * share of the query's distinct trigrams a text holds, so only texts holding enough are measured.
   * Such a text is in the list of at least one of the query's rarest trigrams (all but `needed - 1`
   * of them), so those lists name the candidates and every query trigram's list counts their
   * shares. When typo matches can no longer rank (`countOnly`), they are wanted only until the
   * count reaches its cap.
   */
  private matchTypos(match: (doc: number, flag: number) => void, matched: readonly number[], countOnly: boolean) {
    const needed = Math.ceil(WORD_SIMILARITY_THRESHOLD * this.queryTrigramCount);
    const { trigramTextStart, trigramTexts, textCount, textCountedAt, textDocStart, textDocs, seen, generation } = this;
    const enough = () => countOnly && matched.length > TOTAL_CAP;
    if (this.queryTrigrams.length < needed || enough()) return;
    const listLength = (id: number) => trigramTextStart[id + 1]! - trigramTextStart[id]!;
    const byRarity = [...this.queryTrigrams].sort((a, b) => listLength(a) - listLength(b));
    const verify = (text: number) => {
      const documentHit = this.similarEnough(text);
      for (let d = textDocStart[text]!; d < textDocStart[text + 1]!; d++) {
        const doc = textDocs[d]!;
        if (seen[doc] !== generation && (documentHit || this.similarEnough(this.nameText[doc]!))) match(doc, 0);
      }
    };
    const candidates: number[] = [];
    for (const id of byRarity.slice(0, byRarity.length - needed + 1)) {
      for (let p = trigramTextStart[id]!; p < trigramTextStart[id + 1]!; p++) {
        const text = trigramTexts[p]!;
        if (textCountedAt[text] === generation || textCountedAt[text] === -generation) continue;
        let open = false;
        for (let d = textDocStart[text]!; d < textDocStart[text + 1]! && !open; d++) open = seen[textDocs[d]!] !== generation;
        // Marked either way so it is looked at once; only texts with an unmatched document count.
        textCountedAt[text] = open ? generation : -generation;
        if (!open) continue;
        textCount[text] = 0;
        candidates.push(text);
      }
    }
    if (candidates.length === 0) return;
    for (const id of byRarity) {
      for (let p = trigramTextStart[id]!; p < trigramTextStart[id + 1]!; p++) {
        const text = trigramTexts[p]!;
        if (textCountedAt[text] === generation) textCount[text]!++;
      }
    }
    for (const text of candidates) {
      if (textCount[text]! < needed) continue;
      verify(text);
      if (enough()) return;
    }
  }

  /** The `limit` best documents in rank order; similarities are measured only where the earlier keys tie. */
  private best(matched: readonly number[], exactDoc: number, bySimilarity: boolean, limit: number): number[] {
    const { flags, score, names, pzns, nameText, documentText } = this;
    // Negative when a ranks before b.
    const compare = (a: number, b: number): number => {
      if ((a === exactDoc) !== (b === exactDoc)) return a === exactDoc ? -1 : 1;
      const prefix = (flags[b]! & NAME_PREFIX) - (flags[a]! & NAME_PREFIX);
      if (prefix !== 0) return prefix;
      if (score[a] !== score[b]) return score[b]! - score[a]!;
      if (bySimilarity) {
        const name = this.similarity(nameText[b]!) - this.similarity(nameText[a]!);
        if (name !== 0) return name;
        const document = this.similarity(documentText[b]!) - this.similarity(documentText[a]!);
        if (document !== 0) return document;
      }
      if (names[a] !== names[b]) return names[a]! < names[b]! ? -1 : 1;
      return pzns[a]! < pzns[b]! ? -1 : pzns[a]! > pzns[b]! ? 1 : 0;
    };

    // The keys before the similarities, as one number: only documents at least as good as the
    // `limit`-th by those can be among the best, so only they are compared (and measured) further.
    const early = (doc: number) => ((doc === exactDoc ? 2 : 0) + (flags[doc]! & NAME_PREFIX)) * 1e6 + score[doc]!;
    let contenders = matched;
    if (matched.length > limit) {
      const keys = Float64Array.from(matched, early).sort();
      const cut = keys[keys.length - limit]!;
      contenders = matched.filter((doc) => early(doc) >= cut);
    }

    // A bounded heap with the worst of the best `limit` on top.
    const heap: number[] = [];
    const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
    const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
    for (const doc of contenders) {
      if (heap.length < limit) {
        heap.push(doc);
        for (let i = heap.length - 1; i > 0 && worse(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
      } else if (compare(doc, heap[0]!) < 0) {
        heap[0] = doc;
        for (let i = 0; ; ) {
          const left = 2 * i + 1;
          let top = i;
          if (left < heap.length && worse(left, top)) top = left;
          if (left + 1 < heap.length && worse(left + 1, top)) top = left + 1;
          if (top === i) break;
          swap(i, top);
          i = top;
        }
      }
    }
    return heap.sort(compare);
  }
}
