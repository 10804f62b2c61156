import type { Locale } from '../../../platform/i18n/locales';
import type { Product } from './catalog-schema';

/**
 * Build-time matching for the popular-search landing pages: a plain normalised substring match over
 * the fields a shopper types (name, active ingredient, keyword, indication, brand, category name), best matches
 * first. The live search (another feature) ranks with the database; this only has to give a visitor
 * arriving from a search engine sensible results without JavaScript.
 */

/** Lower case, accents and umlauts folded (ä→a, ß→ss), punctuation to spaces: "Ärztin-Tee" → "arztin tee". */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Normalised fields of one product in one language, computed once per product and reused for every term. */
export interface SearchDocument {
  name: string;
  ingredients: string[];
  keywords: string[];
  indication: string;
  brand: string;
  category: string;
  summary: string;
  pzn: string;
}

export function searchDocument(product: Product, locale: Locale, categoryName: string): SearchDocument {
  return {
    name: normalizeSearchText(product.name),
    ingredients: product.activeIngredients.map((ingredient) => normalizeSearchText(ingredient.name)),
    keywords: product.keywords.map(normalizeSearchText),
    indication: normalizeSearchText(product.indication?.[locale] ?? ''),
    brand: normalizeSearchText(product.brand),
    category: normalizeSearchText(categoryName),
    summary: normalizeSearchText(product.shortDescription[locale]),
    pzn: product.pzn,
  };
}

// Field weights: a hit in the name beats one in the ingredient, which beats a keyword, and so on.
const WEIGHT = { name: 100, ingredient: 80, keyword: 60, indication: 55, brand: 50, category: 30, summary: 15, allWords: 5 } as const;

/**
 * Where `term` occurs in `text`: 2 at the very start, 1 at the start of a word, 0.5 inside a word
 * (German compounds: "husten" in "reizhusten"), 0 not at all.
 */
function position(text: string, term: string): number {
  const at = text.indexOf(term);
  if (at < 0) return 0;
  if (at === 0) return 2;
  if (text[at - 1] === ' ' || ` ${text}`.includes(` ${term}`)) return 1;
  return 0.5;
}

/**
 * Best hit of `term` in `texts`, or 0. `inWord` allows hits inside a word; it is off for free text
 * (summary, category, brand), where "iron" inside "environment" would only add noise.
 */
function fieldScore(texts: readonly string[], term: string, weight: number, inWord: boolean): number {
  let best = 0;
  for (const text of texts) best = Math.max(best, position(text, term));
  if (best === 0 || (best < 1 && (!inWord || term.length < 4))) return 0;
  // A start-of-text hit adds a little on top of the field weight, never enough to jump a field.
  return weight + best * 4;
}

/** Relevance of a document for an already normalised term; 0 means no match. */
export function scoreDocument(doc: SearchDocument, term: string): number {
  if (!term) return 0;
  if (/^\d{7,8}$/.test(term) && doc.pzn.endsWith(term)) return WEIGHT.name * 2;
  const score = Math.max(
    fieldScore([doc.name], term, WEIGHT.name, true),
    fieldScore(doc.ingredients, term, WEIGHT.ingredient, true),
    fieldScore(doc.keywords, term, WEIGHT.keyword, true),
    fieldScore([doc.indication], term, WEIGHT.indication, true),
    fieldScore([doc.brand], term, WEIGHT.brand, false),
    fieldScore([doc.category], term, WEIGHT.category, false),
    fieldScore([doc.summary], term, WEIGHT.summary, false),
  );
  if (score > 0) return score;
  // "Vitamin C Kinder": every word somewhere in the product is still a (weak) match.
  const words = term.split(' ');
  if (words.length < 2) return 0;
  const all = ` ${[doc.name, ...doc.ingredients, ...doc.keywords, doc.indication, doc.brand, doc.category, doc.summary].join(' ')}`;
  return words.every((word) => all.includes(` ${word}`)) ? WEIGHT.allWords : 0;
}

/**
 * Indexes of the documents matching `rawTerm`, best first; equal scores keep catalogue order, so the
 * result is stable from build to build.
 */
export function rankDocuments(docs: readonly SearchDocument[], rawTerm: string): number[] {
  const term = normalizeSearchText(rawTerm);
  const hits: { index: number; score: number }[] = [];
  docs.forEach((doc, index) => {
    const score = scoreDocument(doc, term);
    if (score > 0) hits.push({ index, score });
  });
  hits.sort((a, b) => b.score - a.score || a.index - b.index);
  return hits.map((hit) => hit.index);
}
