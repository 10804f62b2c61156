/**
 * Pure rules of a search request, shared by the API route, the search page and the island, so all
 * three agree on what a valid query is and how it is tokenised.
 */

export const MAX_QUERY_LENGTH = 100;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
/** Below this many characters the island does not call the API: one letter matches half the shop. */
export const MIN_INSTANT_QUERY_LENGTH = 2;

/**
 * Lower case, ß→ss, accents and umlauts dropped, anything but letters and digits to single spaces.
 * The search index folds product texts and queries alike with it (it replaced the database's
 * search_fold(), drizzle/0002_search.sql, which it follows for every character the catalogue uses).
 */
export function foldSearchText(text: string): string {
  return text
    .replace(/ß/g, 'ss')
    .replace(/ẞ/g, 'SS')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a query, folded; at most 8, because a longer query is a sentence, not a search. */
export function searchTokens(query: string): string[] {
  const folded = foldSearchText(query);
  return folded === '' ? [] : folded.split(' ').slice(0, 8);
}

/**
 * The tokens as PostgreSQL's to_tsquery would read the search (the rule the index's buildTsQuery
 * applies): all words required, the last one as a prefix (the shopper may still be typing). Tokens
 * are [a-z0-9]+ only, so no tsquery syntax can be carried in. Empty when there is nothing to search for.
 */
export function toTsQuery(tokens: readonly string[]): string {
  if (tokens.length === 0) return '';
  return tokens.map((token, i) => (i === tokens.length - 1 ? `${token}:*` : token)).join(' & ');
}

/**
 * A query that is only digits (spaces and dashes allowed, as printed on packs) may be a PZN:
 * `exact` is the 8-digit PZN when the digits form one (old 7-digit numbers get their leading zero),
 * `prefix` the digits typed so far when there are at least 4 of them.
 */
export function pznQuery(query: string): { exact: string | null; prefix: string | null } {
  const compact = query.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(compact)) return { exact: null, prefix: null };
  const exact = compact.length === 8 ? compact : compact.length === 7 ? `0${compact}` : null;
  return { exact, prefix: compact.length >= 4 && compact.length <= 8 ? compact : null };
}

/** The query as the page and the island read it from the URL: trimmed, capped, never null. */
export function queryFromParam(value: string | null | undefined): string {
  return (value ?? '').trim().slice(0, MAX_QUERY_LENGTH);
}

/** The most results one page shows: "show more" goes up to the index's count cap. */
export const MAX_SHOWN = 500;

/**
 * The page URL for a query: the bare path when empty, so the indexable empty page stays canonical.
 * `filters` is the listing filters' query string (filtersToQuery: '' or '?brand=…').
 */
export function searchUrl(path: string, query: string, shown?: number, filters = ''): string {
  const trimmed = query.trim();
  if (trimmed === '') return path;
  const more = shown !== undefined && shown > DEFAULT_LIMIT ? `&n=${Math.min(shown, MAX_SHOWN)}` : '';
  return `${path}?q=${encodeURIComponent(trimmed)}${more}${filters.replace(/^\?/, '&')}`;
}

/** How many results the page shows from `?n=` ("show more" without JavaScript): DEFAULT_LIMIT to MAX_SHOWN. */
export function shownFromParam(value: string | null | undefined): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.max(DEFAULT_LIMIT, Math.min(n, MAX_SHOWN)) : DEFAULT_LIMIT;
}
